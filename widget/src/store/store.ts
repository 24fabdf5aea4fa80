/**
 * One store per element instance. It holds every piece of UI state and owns every side effect:
 * the voice client, the tRPC client, timers, local storage, window listeners and the DOM events
 * the host page receives. React components only read it and call its actions. The panel and form
 * slices are in their own modules; the call, conversation and config slices, which share the
 * store's lazily loaded parts and its timers, are here.
 */
import { createStore } from 'zustand/vanilla';
import { fmt, hasLocale, loadLocale, textsFor, type Texts } from '../i18n';
import type { LeadApiFactory } from '../rpc/types';
import type { VoiceFactory } from '../voice/types';
import { conversationMode, defaultConfig, isDemo } from './config';
import { EMAIL_EVENT, TOGGLE_EVENT } from './events';
import { createFormSlice } from './form-slice';
import { lazy } from './lazy';
import { createPanelSlice } from './panel-slice';
import type { CallController } from './call';
import type { ChatMessage, HelenaConfig, HelenaState, HelenaStore, StoreDeps, StoreKit, TimerKey, ToastApi } from './types';

// ── constants ─────────────────────────────────────────────────────────────────────────────────
export const STORAGE_KEYS = { vapiCallId: 'vapiCallId', callId: 'callId', correoUsuario: 'correoUsuario' } as const;
/** The tab's conversation (sessionStorage): shown again after a reload. */
export const CONVERSATION_KEY = 'helenaConversation';
export { EMAIL_EVENT, TOGGLE_EVENT };
export const SCROLL_AFTER_MS = 10;

export * from './types';
export { conversationMode, defaultConfig, isDemo };

function defaultStorage(win: Window | null | undefined, kind: 'localStorage' | 'sessionStorage') {
  try {
    return win?.[kind] ?? null;
  } catch {
    return null; // sandboxed iframes and some privacy modes throw on access
  }
}

export function createHelenaStore(initial: Partial<HelenaConfig> = {}, deps: StoreDeps = {}): HelenaStore {
  const win: Window | null = deps.win !== undefined ? deps.win : typeof window === 'undefined' ? null : window;
  const storage = deps.storage !== undefined ? deps.storage : defaultStorage(win, 'localStorage');
  const tab = deps.tabStorage !== undefined ? deps.tabStorage : defaultStorage(win, 'sessionStorage');
  const now = deps.now ?? (() => Date.now());
  const log = deps.log ?? ((...args: unknown[]) => console.warn('[helena]', ...args));
  const loadVoice: VoiceFactory =
    deps.loadVoice ?? (async (options) => (await import('../voice/load')).createVoiceClient(options));
  const loadApi: LeadApiFactory = deps.loadApi ?? (async (url) => (await import('../rpc/client')).createLeadApi(url));
  const toast: ToastApi = deps.toast ?? { success: () => {}, error: () => {} };
  const session = lazy(deps.loadSession ?? (() => import('../session')));

  // ── non-reactive per-instance state ─────────────────────────────────────────────────────────
  /** Which channel the conversation went through last: its row is the one a proposal is about. */
  let lastChannel: 'call' | 'chat' = 'call';
  let seq = 0;
  let attached = false;
  let logEl: HTMLElement | null = null;
  const timers = new Map<TimerKey, ReturnType<typeof setTimeout>>();
  /** Typed lines waiting for the call to be live. */
  let pendingText: string[] = [];
  /**
   * Addresses the modal was opened for in this conversation: one address prompts once, even when
   * the assistant repeats it after the visitor saved it.
   */

  const later = (key: TimerKey, ms: number, fn: () => void) => {
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
  const cancel = (key: TimerKey) => {
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

    const ensureApi = lazy(() => loadApi(get().config.apiUrl));

    /** The call controller (./call.ts), loaded with the voice client at the first call. */
    /** What the lazily loaded parts use of this store: one object, shared (see StoreKit). */
    const kit: StoreKit = {
      get,
      set,
      texts: t,
      demo: isDemo,
      api: ensureApi,
      loadVoice,
      toast,
      emit,
      later,
      cancel,
      storeSet,
      now,
      pageUrl: () => win?.location?.href,
      log,
      win,
      append,
      scroll: scheduleScroll,
      fail,
      scanText: (text) => void scanText(text, true),
      takePending: () => pendingText.splice(0),
      // Only the row this page created: linking a conversation and sending its proposal need
      // the token vapi_call.create handed to its creator.
      vapiCallRow: async () => {
        const source = lastChannel === 'chat' ? chats.current : calls.current;
        return source ? (await source).row() : undefined;
      },
      note: async (text) => {
        if (get().status === 'active' && calls.current) (await calls.current).note(text);
        else if (chats.current) await (await chats.current).note(text);
      },
    };

    /** The call controller (./call.ts), loaded with the voice client at the first call. */
    const calls = lazy(() => (deps.loadCall ?? (() => import('./call')))().then((m) => m.createCallController(kit)));

    /** The text chat controller (./chat.ts), loaded at the first line typed with no call live. */
    const chats = lazy(() => (deps.loadChat ?? (() => import('./chat')))().then((m) => m.createChatController(kit)));

    // ── email detection and the form (./email-prompt.ts, in the session chunk) ───────────────
    const prompt = lazy(() => session().then((m) => m.createEmailPrompt(kit)));
    const scanText = (text: string, announce: boolean): Promise<boolean> =>
      prompt().then(
        (p) => p.scan(text, announce),
        (err) => {
          log('session chunk unavailable', err);
          return false;
        },
      );
    const onEmailEvent = (event: Event) => {
      prompt().then(
        (p) => p.onEvent(event),
        (err) => log('session chunk unavailable', err),
      );
    };

    const onToggle = () => {
      void get().activate();
    };

    const onLocation = () => set({ visible: matchesPath(get().config) });

    const config = defaultConfig(initial);
    return {
      ...createPanelSlice(kit, (el) => {
        logEl = el;
      }),
      ...createFormSlice(kit, {
        storedEmail: () => storeGet(STORAGE_KEYS.correoUsuario) ?? '',
        submit: async () => (await session()).submitLead(kit),
      }),
      config,
      status: 'inactive',
      error: null,
      ended: false,
      messages: [],
      replying: false,
      speaking: false,
      listening: false,
      volume: 0,
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
        win.addEventListener(EMAIL_EVENT, onEmailEvent);
        win.addEventListener('popstate', onLocation);
        win.addEventListener('hashchange', onLocation);
        onLocation();
      },

      detach() {
        if (attached && win) {
          win.removeEventListener(TOGGLE_EVENT, onToggle);
          win.removeEventListener(EMAIL_EVENT, onEmailEvent);
          win.removeEventListener('popstate', onLocation);
          win.removeEventListener('hashchange', onLocation);
        }
        attached = false;
        for (const timer of timers.values()) clearTimeout(timer);
        timers.clear();
        if (get().status !== 'inactive') void get().stopCall();
        void chats.current?.then((c) => c.reset());
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
        lastChannel = 'call';
        if (get().status === 'loading') await c.start();
      },

      async stopCall() {
        if (get().status === 'inactive') return;
        set({ status: 'loading' });
        cancel('speaking');
        if (calls.current) await (await calls.current).stop();
        else set({ status: 'inactive' });
        pendingText = [];
      },

      async newConversation() {
        if (get().status !== 'inactive') return;
        // After a call, a new conversation is a new call; otherwise it starts empty, and typed.
        const call = get().ended || conversationMode(get().config) === 'voice';
        cancel('speaking');
        void prompt.current?.then((p) => p.clear());
        set({ messages: [], ended: false, error: null, speaking: false, listening: false });
        if (chats.current) await (await chats.current).reset();
        if (call) await get().startCall();
      },

      setDraft(value) {
        set({ draft: value });
      },

      async sendText(text) {
        const value = (text ?? get().draft).trim();
        if (!value) return;
        set({ draft: '' });
        const { status, config } = get();
        if (status === 'active' && calls.current) {
          (await calls.current).deliver(value);
          return;
        }
        // No call: a text conversation, with no microphone and no voice call.
        if (status === 'inactive' && conversationMode(config) !== 'voice') {
          set({ panelOpen: true, ended: false });
          lastChannel = 'chat';
          try {
            await (await chats()).send(value);
          } catch (err) {
            log('chat unavailable', err);
            fail(t().errNotInitialised, 'chat');
          }
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

    };
  });

  if (!store.getState().textsReady) store.getState().configure({});
  // The tab keeps the conversation's settled lines, to show them again after a reload; a call
  // does not survive one, so its id in storage is stale then.
  const saved = tab?.getItem(CONVERSATION_KEY);
  if (saved) {
    storage?.removeItem(STORAGE_KEYS.vapiCallId);
    void session().then((m) => store.getState().messages.length || store.setState({ messages: m.restoredConversation(saved) }), log);
  }
  // Written when the settled lines change, not at every streamed piece or partial transcript. A
  // call starting marks the tab too, so that a reload before its first line drops its id.
  let settled = -1;
  store.subscribe((s, before) => {
    if (s.messages === before.messages && s.status === before.status) return;
    const lines = s.messages.filter((m) => m.isFinal);
    if (lines.length === settled && s.status === before.status) return;
    settled = lines.length;
    try {
      tab?.setItem(CONVERSATION_KEY, JSON.stringify(lines));
    } catch {}
  });
  return store;
}
