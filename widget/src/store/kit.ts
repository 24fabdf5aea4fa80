/**
 * What one store builds once and its slices share: the StoreKit the lazily loaded parts use (state,
 * texts, timers, storage, events) and the StoreParts (those parts, loaded at first use).
 */
import { fmt, textsFor, type Texts } from '../i18n';
import type { LeadApiFactory } from '../rpc/types';
import type { VoiceFactory } from '../voice/types';
import { isDemo } from './config';
import { afterPaint } from './after-paint';
import { createConsent } from './consent';
import { lazy } from './lazy';
import type { ChatMessage, ConsentSlice, HelenaState, StoreDeps, StoreKit, StoreParts, TimerKey, ToastApi } from './types';

/** The store's scroll follows a new line after this long (the list has rendered it by then). */
export const SCROLL_AFTER_MS = 10;

/** Where the store's side effects go: the given dependencies, or the browser's own. */
export interface StoreEnvironment {
  win: Window | null;
  storage: NonNullable<StoreDeps['storage']> | null;
  tab: NonNullable<StoreDeps['tabStorage']> | null;
  now: () => number;
  log: (...args: unknown[]) => void;
  loadVoice: VoiceFactory;
  loadApi: LeadApiFactory;
  toast: ToastApi;
}

function defaultStorage(win: Window | null | undefined, kind: 'localStorage' | 'sessionStorage') {
  try {
    return win?.[kind] ?? null;
  } catch {
    return null; // sandboxed iframes and some privacy modes throw on access
  }
}

export function storeEnvironment(deps: StoreDeps): StoreEnvironment {
  const win: Window | null = deps.win !== undefined ? deps.win : typeof window === 'undefined' ? null : window;
  return {
    win,
    storage: deps.storage !== undefined ? deps.storage : defaultStorage(win, 'localStorage'),
    tab: deps.tabStorage !== undefined ? deps.tabStorage : defaultStorage(win, 'sessionStorage'),
    now: deps.now ?? (() => Date.now()),
    log: deps.log ?? ((...args: unknown[]) => console.warn('[helena]', ...args)),
    loadVoice: deps.loadVoice ?? (async (options) => (await import('../voice/load')).createVoiceClient(options)),
    loadApi: deps.loadApi ?? (async (url) => (await import('../rpc/client')).createLeadApi(url)),
    toast: deps.toast ?? { success: () => {}, error: () => {} },
  };
}

/** Local storage reads, failures taken as nothing stored. */
export function storageGetter(env: StoreEnvironment) {
  return (key: string) => {
    try {
      return env.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
}

/**
 * The kit and the parts of one store, and the consent slice whose gate the kit lends; `logEl` is
 * the message list the store scrolls.
 */
export function createKit(
  set: (partial: Partial<HelenaState>) => void,
  get: () => HelenaState,
  env: StoreEnvironment,
  deps: StoreDeps,
  logEl: () => HTMLElement | null,
): { kit: StoreKit; parts: StoreParts; consent: ConsentSlice } {
  const timers = new Map<TimerKey, ReturnType<typeof setTimeout>>();
  let seq = 0;
  const t = (): Texts => textsFor(get().config.locale);

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
    const timer = timers.get(key);
    if (timer) clearTimeout(timer);
    timers.delete(key);
  };
  const scroll = () =>
    later('scroll', SCROLL_AFTER_MS, () => {
      const el = logEl();
      if (el) el.scrollTop = el.scrollHeight;
    });
  const append = (role: ChatMessage['role'], message: string, isFinal = true): ChatMessage => {
    const msg: ChatMessage = { id: `m${++seq}`, role, message, time: new Date(env.now()).toISOString(), isFinal };
    set({ messages: [...get().messages, msg] });
    scroll();
    return msg;
  };
  const emit = (type: string, detail: unknown) => {
    const target = deps.host?.();
    if (!target || typeof CustomEvent === 'undefined') return;
    target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  };

  const storeSet = (key: string, value: string) => {
    try {
      env.storage?.setItem(key, value);
    } catch {}
  };
  const consent = createConsent({ get, set, emit, storeSet }, storageGetter(env));

  const session = lazy(deps.loadSession ?? (() => import('../session')));
  const kit: StoreKit = {
    get,
    set,
    texts: t,
    demo: isDemo,
    api: lazy(() => env.loadApi(get().config.apiUrl)),
    loadVoice: env.loadVoice,
    toast: env.toast,
    emit,
    later,
    cancel,
    storeSet,
    tab: env.tab,
    now: env.now,
    pageUrl: () => env.win?.location?.href,
    log: env.log,
    win: env.win,
    afterPaint: deps.afterPaint ?? (() => afterPaint(env.win)),
    append,
    scroll,
    fail: (message, source) => {
      set({ status: 'inactive', error: message, speaking: false, listening: false, volume: 0 });
      cancel('speaking');
      append('bot', fmt(t().errorPrefix, { msg: message }));
      emit('helena:error', { message, source });
    },
    scanText: (text) => void parts.scan(text, true),
    takePending: () => parts.pending.splice(0),
    // Only the row this page created: linking a conversation and sending its proposal need
    // the token vapi_call.create handed to its creator.
    vapiCallRow: async () => {
      const source = parts.channel === 'chat' ? parts.chats.current : parts.calls.current;
      return source ? (await source).row() : undefined;
    },
    note: async (text) => {
      if (get().status === 'active' && parts.calls.current) return (await parts.calls.current).note(text);
      if (parts.chats.current) return (await parts.chats.current).note(text);
      return false;
    },
    needsConsent: consent.needsConsent,
  };

  // Its own chunk (address detection and the form's opening), not the session chunk: scanning
  // the visitor's lines must not load the dialogs and the lead flow, which wait for the form.
  const prompt = lazy(() => import('./email-prompt').then((m) => m.createEmailPrompt(kit)));
  const parts: StoreParts = {
    calls: lazy(() => (deps.loadCall ?? (() => import('./call')))().then((m) => m.createCallController(kit))),
    chats: lazy(() => (deps.loadChat ?? (() => import('./chat')))().then((m) => m.createChatController(kit))),
    prompt,
    session,
    channel: 'call',
    pending: [],
    scan: (text, announce) =>
      prompt().then(
        (p) => p.scan(text, announce),
        (err) => {
          env.log('email prompt unavailable', err);
          return false;
        },
      ),
    clearTimers: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
  return { kit, parts, consent: consent.slice };
}
