/**
 * One store per element instance. It holds every piece of UI state and owns every side effect:
 * the voice client, the tRPC client, timers, local storage, window listeners and the DOM events
 * the host page receives. React components only read it and call its actions.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { fmt, hasLocale, loadLocale, resolveLocale, textsFor, type Locale, type Texts } from '../i18n';
import type { LeadApi, LeadApiFactory } from '../rpc/types';
import type { VoiceFactory } from '../voice/types';
import type { CallContext, CallController } from './call';
import type { LeadContext, LeadOutcome } from './lead';
import type { LeadTexts } from '../i18n-lead';

/** The session chunk's exports the store uses (see ../session.ts). */
export interface SessionModule {
  detectEmails: (text: string) => string[];
  detectEmail: (text: string) => string | null;
  leadTextsFor: (locale: Locale) => LeadTexts;
  runLead: (ctx: LeadContext) => Promise<LeadOutcome>;
}

// ── constants ─────────────────────────────────────────────────────────────────────────────────
export const STORAGE_KEYS = { vapiCallId: 'vapiCallId', callId: 'callId', correoUsuario: 'correoUsuario' } as const;
export const EMAIL_EVENT = 'correoDetectado';
export const TOGGLE_EVENT = 'toggleHelenaChat';
export const MODAL_AUTO_HIDE_MS = 60_000;
export const MODAL_AUTO_HIDE_EVENT_MS = 10_000;
export const MODAL_CLOSE_AFTER_SAVE_MS = 1_500;
export const SPEAKING_OFF_MS = 500; // applied by ./call.ts
export const RESCAN_AFTER_OPEN_MS = 500;
export const SCROLL_AFTER_MS = 10;
export const TOAST_DURATION_MS = 4_000;

export type CallStatus = 'inactive' | 'loading' | 'active';

export interface ChatMessage {
  id: string;
  role: 'bot' | 'user';
  message: string;
  /** ISO timestamp. */
  time: string;
  isFinal: boolean;
}

export interface HelenaConfig {
  name: string;
  company: string;
  chatLabel: string;
  publicKey?: string;
  assistantId?: string;
  apiUrl: string;
  locale: Locale;
  showOn?: string;
  mode?: string;
}

export interface EmailForm {
  email: string;
  name: string;
  cargo: string;
  company: string;
  /** Honeypot: hidden from people, left empty. */
  website: string;
}

export interface HelenaState {
  config: HelenaConfig;
  status: CallStatus;
  error: string | null;
  panelOpen: boolean;
  expanded: boolean;
  /** The panel is hidden behind the launcher while its call goes on (Escape during a call). */
  minimised: boolean;
  /** The call ended: the notice and 'Iniciar nueva conversación' are shown. */
  ended: boolean;
  messages: ChatMessage[];
  /** The assistant is talking (partial assistant transcript; off 500 ms after the final one). */
  speaking: boolean;
  /** The visitor is talking (partial user transcript). */
  listening: boolean;
  volume: number;
  transcriptOpen: boolean;
  emailOpen: boolean;
  form: EmailForm;
  /** The form's address is not an address: an inline message, nothing sent or stored. */
  emailInvalid: boolean;
  submitting: boolean;
  saved: boolean;
  draft: string;
  /** `show-on` matches the current path. */
  visible: boolean;
  /** The texts of the configured locale are loaded (English is a small lazy chunk). */
  textsReady: boolean;

  // actions
  configure: (partial: Partial<HelenaConfig>) => void;
  attach: () => void;
  detach: () => void;
  /** Opens the panel and starts a call if none is active (click, `open()`, `toggleHelenaChat`). */
  activate: () => Promise<void>;
  toggleCall: () => Promise<void>;
  startCall: () => Promise<void>;
  stopCall: () => Promise<void>;
  newConversation: () => Promise<void>;
  closePanel: () => void;
  toggleExpanded: () => void;
  /** Hides the panel behind the launcher (true) or shows it again (false); the call is untouched. */
  setMinimised: (minimised: boolean) => void;
  openTranscript: () => void;
  closeTranscript: () => void;
  openEmailModal: (prefill?: string) => void;
  closeEmailModal: () => void;
  setField: (field: keyof EmailForm, value: string) => void;
  submitLead: () => Promise<void>;
  setDraft: (value: string) => void;
  sendText: (text?: string) => Promise<void>;
  rescan: () => Promise<void>;
  /** Ref callback for the message list; the store scrolls it 10 ms after a new message. */
  registerLog: (el: HTMLElement | null) => void;
}

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  dismiss?: () => void;
}

export interface StoreDeps {
  /** Where `helena:*` events are dispatched (the outer `<helena-assistant>`). */
  host?: () => EventTarget | null | undefined;
  /** The window whose events (`toggleHelenaChat`, `correoDetectado`) and location are used. */
  win?: Window | null;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  loadVoice?: VoiceFactory;
  loadApi?: LeadApiFactory;
  loadSession?: () => Promise<SessionModule>;
  loadCall?: () => Promise<{ createCallController(ctx: CallContext): CallController }>;
  toast?: ToastApi;
  now?: () => number;
  log?: (...args: unknown[]) => void;
}

export type HelenaStore = StoreApi<HelenaState>;

/** `correoDetectado` events dispatched by a widget (not by the host page): their own listeners skip them. */
const ownEmailEvents = new WeakSet<Event>();

export function defaultConfig(partial: Partial<HelenaConfig> = {}): HelenaConfig {
  const clean = Object.fromEntries(
    Object.entries(partial).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<HelenaConfig>;
  return {
    name: 'Helena',
    company: '',
    chatLabel: 'Chat',
    apiUrl: '',
    ...clean,
    locale: resolveLocale(partial.locale),
  };
}

export function isDemo(config: HelenaConfig): boolean {
  return config.mode === 'demo' || !config.publicKey;
}

const emptyForm = (): EmailForm => ({ email: '', name: '', cargo: '', company: '', website: '' });

function defaultStorage(win: Window | null | undefined) {
  try {
    return win?.localStorage ?? null;
  } catch {
    return null; // sandboxed iframes and some privacy modes throw on access
  }
}

export function createHelenaStore(initial: Partial<HelenaConfig> = {}, deps: StoreDeps = {}): HelenaStore {
  const win: Window | null = deps.win !== undefined ? deps.win : typeof window === 'undefined' ? null : window;
  const storage = deps.storage !== undefined ? deps.storage : defaultStorage(win);
  const now = deps.now ?? (() => Date.now());
  const log = deps.log ?? ((...args: unknown[]) => console.warn('[helena]', ...args));
  const loadVoice: VoiceFactory =
    deps.loadVoice ?? (async (options) => (await import('../voice/load')).createVoiceClient(options));
  const loadApi: LeadApiFactory = deps.loadApi ?? (async (url) => (await import('../rpc/client')).createLeadApi(url));
  const toast: ToastApi = deps.toast ?? { success: () => {}, error: () => {} };
  let sessionPromise: Promise<SessionModule> | null = null;
  const session = () => {
    if (!sessionPromise) {
      sessionPromise = (deps.loadSession ?? (() => import('../session')))();
      sessionPromise.catch(() => {
        sessionPromise = null;
      });
    }
    return sessionPromise;
  };

  // ── non-reactive per-instance state ─────────────────────────────────────────────────────────
  let api: Promise<LeadApi> | null = null;
  let controller: Promise<CallController> | null = null;
  let seq = 0;
  let attached = false;
  let logEl: HTMLElement | null = null;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Typed lines waiting for the call to be live. */
  let pendingText: string[] = [];
  /**
   * Addresses the modal was opened for in this conversation: one address prompts once, even when
   * the assistant repeats it after the visitor saved it.
   */
  const promptedEmails = new Set<string>();

  const later = (key: string, ms: number, fn: () => void) => {
    const previous = timers.get(key);
    if (previous) clearTimeout(previous);
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        fn();
      }, ms),
    );
  };
  const cancel = (key: string) => {
    const t = timers.get(key);
    if (t) clearTimeout(t);
    timers.delete(key);
  };

  const storeGet = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const storeSet = (key: string, value: string) => {
    try {
      storage?.setItem(key, value);
    } catch {}
  };

  const emit = (type: string, detail: unknown) => {
    const target = deps.host?.();
    if (!target || typeof CustomEvent === 'undefined') return;
    target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  };

  const matchesPath = (config: HelenaConfig) => {
    if (!config.showOn) return true;
    return (win?.location?.pathname ?? '/') === config.showOn;
  };

  const store = createStore<HelenaState>()((set, get) => {
    const t = (): Texts => textsFor(get().config.locale);

    const append = (role: ChatMessage['role'], message: string, isFinal = true): ChatMessage => {
      const msg: ChatMessage = { id: `m${++seq}`, role, message, time: new Date(now()).toISOString(), isFinal };
      set((s) => ({ messages: [...s.messages, msg] }));
      scheduleScroll();
      return msg;
    };

    const scheduleScroll = () =>
      later('scroll', SCROLL_AFTER_MS, () => {
        if (logEl) logEl.scrollTop = logEl.scrollHeight;
      });

    const fail = (message: string, source: string) => {
      set({ status: 'inactive', error: message, speaking: false, listening: false, volume: 0 });
      cancel('speaking');
      append('bot', fmt(t().errorPrefix, { msg: message }));
      emit('helena:error', { message, source });
    };

    const ensureApi = () => {
      if (!api) {
        api = loadApi(get().config.apiUrl);
        api.catch(() => {
          api = null;
        });
      }
      return api;
    };

    /** The call controller (./call.ts), loaded with the voice client at the first call. */
    const calls = () => {
      if (!controller) {
        controller = (deps.loadCall ?? (() => import('./call')))().then((m) =>
          m.createCallController({
            get,
            set,
            texts: t,
            demo: isDemo,
            loadVoice,
            api: ensureApi,
            append,
            scroll: scheduleScroll,
            fail,
            toast,
            emit,
            later,
            cancel,
            storeSet,
            scanText: (text) => void scanText(text, true),
            takePending: () => pendingText.splice(0),
            now,
            pageUrl: () => win?.location?.href,
            log,
          }),
        );
        controller.catch(() => {
          controller = null;
        });
      }
      return controller;
    };

    // ── email detection and the modal ────────────────────────────────────────────────────────
    /** Looks for an email in `text`; a new one opens the modal (60 s) and is announced. */
    const scanText = async (text: string, announce: boolean): Promise<boolean> => {
      let correos: string[];
      try {
        correos = (await session()).detectEmails(text);
      } catch (err) {
        log('session chunk unavailable', err);
        return false;
      }
      const email = correos[0];
      if (!email || promptedEmails.has(email)) return false;
      if (!openModalFor(email, MODAL_AUTO_HIDE_MS)) return false;
      if (announce && win && typeof CustomEvent !== 'undefined') {
        const event = new CustomEvent(EMAIL_EVENT, {
          detail: { correos, mensaje: text, timestamp: new Date(now()).toISOString() },
        });
        ownEmailEvents.add(event);
        win.dispatchEvent(event);
      }
      return true;
    };

    /** Opens the modal for `email` unless it holds an address already; says whether it opened. */
    const openModalFor = (email: string, autoHideMs: number): boolean => {
      const s = get();
      if (s.emailOpen && s.form.email.trim()) return false; // never overwrite what the visitor typed
      promptedEmails.add(email);
      cancel('modalClose');
      set({ emailOpen: true, saved: false, submitting: false, form: { ...s.form, email } });
      later('modalAutoHide', autoHideMs, () => {
        if (!get().submitting) set({ emailOpen: false });
      });
      return true;
    };

    const onEmailEvent = async (event: Event) => {
      if (ownEmailEvents.has(event)) return;
      const detail = (event as CustomEvent).detail as { correos?: unknown; mensaje?: unknown } | undefined;
      const list = Array.isArray(detail?.correos) ? detail.correos : [];
      let email: string | undefined;
      try {
        const { detectEmails } = await session();
        email = list.map((c) => detectEmails(String(c))[0]).find(Boolean);
      } catch (err) {
        log('session chunk unavailable', err);
      }
      if (email) openModalFor(email, MODAL_AUTO_HIDE_EVENT_MS);
    };

    const onToggle = () => {
      void get().activate();
    };

    const onLocation = () => set({ visible: matchesPath(get().config) });

    const config = defaultConfig(initial);
    return {
      config,
      status: 'inactive',
      error: null,
      panelOpen: false,
      expanded: false,
      minimised: false,
      ended: false,
      messages: [],
      speaking: false,
      listening: false,
      volume: 0,
      transcriptOpen: false,
      emailOpen: false,
      form: emptyForm(),
      emailInvalid: false,
      submitting: false,
      saved: false,
      draft: '',
      visible: matchesPath(config),
      textsReady: hasLocale(config.locale),

      configure(partial) {
        const next = defaultConfig({ ...get().config, ...partial });
        set({ config: next, visible: matchesPath(next), textsReady: hasLocale(next.locale) });
        if (!hasLocale(next.locale)) {
          loadLocale(next.locale)
            .catch((err) => log('locale unavailable', err))
            .finally(() => set({ textsReady: true }));
        }
      },

      attach() {
        if (attached || !win) return;
        attached = true;
        win.addEventListener(TOGGLE_EVENT, onToggle);
        // onEmailEvent handles its own failures; the DOM ignores what a listener returns.
        // eslint-disable-next-line @typescript-eslint/no-misused-promises
        win.addEventListener(EMAIL_EVENT, onEmailEvent);
        win.addEventListener('popstate', onLocation);
        win.addEventListener('hashchange', onLocation);
        onLocation();
      },

      detach() {
        if (attached && win) {
          win.removeEventListener(TOGGLE_EVENT, onToggle);
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          win.removeEventListener(EMAIL_EVENT, onEmailEvent);
          win.removeEventListener('popstate', onLocation);
          win.removeEventListener('hashchange', onLocation);
        }
        attached = false;
        for (const timer of timers.values()) clearTimeout(timer);
        timers.clear();
        if (get().status !== 'inactive') void get().stopCall();
      },

      async activate() {
        set({ panelOpen: true, minimised: false });
        later('rescan', RESCAN_AFTER_OPEN_MS, () => void get().rescan());
        if (get().status === 'inactive') await get().startCall();
      },

      async toggleCall() {
        const { status } = get();
        if (status === 'active') await get().stopCall();
        else if (status === 'inactive') await get().startCall();
      },

      async startCall() {
        if (get().status !== 'inactive') return;
        const { config } = get();
        const texts = t();
        if (!isDemo(config) && !config.assistantId) {
          set({ panelOpen: true });
          fail(texts.errNoAssistant, 'start');
          return;
        }
        // Feedback first ('Conectando con {name}...'), then the lazy parts.
        set({ status: 'loading', panelOpen: true, ended: false, error: null, speaking: false, listening: false });
        void session().catch(() => {}); // prefetch the dialogs and the lead flow in parallel
        let c: CallController;
        try {
          c = await calls();
        } catch (err) {
          log('call controller unavailable', err);
          fail(texts.errNotInitialised, 'start');
          return;
        }
        if (get().status === 'loading') await c.start();
      },

      async stopCall() {
        if (get().status === 'inactive') return;
        set({ status: 'loading' });
        cancel('speaking');
        if (controller) await (await controller).stop();
        else set({ status: 'inactive' });
        pendingText = [];
      },

      async newConversation() {
        if (get().status !== 'inactive') return;
        cancel('speaking');
        promptedEmails.clear();
        set({ messages: [], ended: false, error: null, speaking: false, listening: false });
        await get().startCall();
      },

      closePanel() {
        if (get().status !== 'inactive') return; // the close control exists only when inactive
        set({ panelOpen: false, expanded: false, minimised: false, transcriptOpen: false });
      },

      toggleExpanded() {
        set((s) => ({ expanded: !s.expanded }));
      },

      setMinimised(minimised) {
        set({ minimised });
      },

      openTranscript() {
        set({ transcriptOpen: true });
      },

      closeTranscript() {
        set({ transcriptOpen: false });
      },

      openEmailModal(prefill) {
        const stored = storeGet(STORAGE_KEYS.correoUsuario) ?? '';
        cancel('modalAutoHide');
        set((s) => ({
          emailOpen: true,
          saved: false,
          form: { ...s.form, email: prefill ?? (s.form.email || stored) },
        }));
      },

      closeEmailModal() {
        cancel('modalAutoHide');
        cancel('modalClose');
        set({ emailOpen: false, submitting: false });
      },

      setField(field, value) {
        // The visitor is editing: the auto-hide no longer applies (a timed modal must not take the
        // form away from someone who is filling it in).
        cancel('modalAutoHide');
        set((s) => ({ form: { ...s.form, [field]: value }, ...(field === 'email' ? { emailInvalid: false } : {}) }));
      },

      async submitLead() {
        const s = get();
        if (s.submitting) return;
        const texts = t();
        if (!s.form.email.trim()) {
          toast.error(texts.toastEmailRequired);
          return;
        }
        cancel('modalAutoHide');
        set({ submitting: true });
        // Checked here, in the browser, so that a mistyped address keeps the form open with
        // the other fields, is never stored, and never reaches the server.
        const typed = s.form.email.trim();
        try {
          const { detectEmail } = await session();
          if (detectEmail(typed) !== typed.toLowerCase()) {
            set({ submitting: false, emailInvalid: true });
            return;
          }
        } catch (err) {
          log('session chunk unavailable', err);
        }
        storeSet(STORAGE_KEYS.correoUsuario, typed);
        let outcome: LeadOutcome = 'customer-failed';
        try {
          const { runLead } = await session();
          outcome = await runLead({
            api: ensureApi,
            form: s.form,
            texts,
            now,
            storeSet,
            toast,
            emit,
            log,
            // Only the row this page created: linking a conversation and sending its proposal
            // need the token vapi_call.create handed to its creator.
            vapiCallRow: async () => (controller ? (await controller).row() : undefined),
          });
        } catch (err) {
          log('lead flow unavailable', err);
          toast.error(texts.toastSaveError);
        }
        if (outcome === 'saved') {
          set({ submitting: false, saved: true });
          // The chat says where the proposal went, and the assistant hears it from the page,
          // so that it confirms only what the server really queued.
          const lead = (await session()).leadTextsFor(get().config.locale);
          append('bot', fmt(lead.proposalQueued, { email: typed }));
          if (controller) (await controller).note(fmt(lead.proposalQueuedNote, { email: typed }));
          later('modalClose', MODAL_CLOSE_AFTER_SAVE_MS, () => set({ emailOpen: false, saved: false }));
        } else {
          set({ submitting: false, emailOpen: false });
        }
      },

      setDraft(value) {
        set({ draft: value });
      },

      async sendText(text) {
        const value = (text ?? get().draft).trim();
        if (!value) return;
        set({ draft: '' });
        const { status } = get();
        if (status === 'active' && controller) {
          (await controller).deliver(value);
          return;
        }
        // No call yet: start one first; the line is sent once it is live.
        pendingText.push(value);
        set({ panelOpen: true });
        if (status === 'inactive') await get().startCall();
        if (get().status === 'inactive') pendingText = [];
      },

      async rescan() {
        // The visitor's lines only, as for live transcripts.
        for (const m of get().messages) if (m.role === 'user' && m.isFinal && (await scanText(m.message, false))) return;
      },

      registerLog(el) {
        logEl = el;
      },
    };
  });

  if (!store.getState().textsReady) store.getState().configure({});
  return store;
}
