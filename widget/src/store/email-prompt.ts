/**
 * The email form opened by an address the visitor gave: typed or spoken in the conversation, or
 * announced by the host page with the `correoDetectado` event. One address prompts once per
 * conversation, even when it is said again after the visitor saved it. A chunk of its own: the
 * store loads it at the first line it scans or the first address the page announces.
 */
import { detectEmails } from '@helena/sdk';
import { EMAIL_EVENT } from './events';
import type { EmailPrompt, StoreKit } from './types';

/** The form closes itself after this long, unless the visitor has started filling it in. */
export const MODAL_AUTO_HIDE_MS = 60_000;
/** The same, for an address the host page announced. */
export const MODAL_AUTO_HIDE_EVENT_MS = 10_000;

/** `correoDetectado` events dispatched by a widget (not by the host page): their own listeners skip them. */
const ownEmailEvents = new WeakSet<Event>();

/** What the email prompt uses of the store's kit. */
export type EmailPromptContext = Pick<StoreKit, 'get' | 'set' | 'later' | 'cancel' | 'win' | 'now'>;

export function createEmailPrompt(ctx: EmailPromptContext): EmailPrompt {
  const prompted = new Set<string>();

  /** Opens the form for `email` unless it holds an address already; says whether it opened. */
  const openFor = (email: string, autoHideMs: number): boolean => {
    const s = ctx.get();
    if (s.emailOpen && s.form.email.trim()) return false; // never overwrite what the visitor typed
    prompted.add(email);
    ctx.cancel('modalClose');
    ctx.set({ emailOpen: true, saved: false, submitting: false, form: { ...s.form, email } });
    ctx.later('modalAutoHide', autoHideMs, () => {
      if (!ctx.get().submitting) ctx.set({ emailOpen: false });
    });
    return true;
  };

  return {
    scan(text, announce) {
      const correos = detectEmails(text);
      const email = correos[0];
      if (!email || prompted.has(email) || !openFor(email, MODAL_AUTO_HIDE_MS)) return false;
      if (announce && ctx.win && typeof CustomEvent !== 'undefined') {
        const event = new CustomEvent(EMAIL_EVENT, { detail: { correos, mensaje: text, timestamp: new Date(ctx.now()).toISOString() } });
        ownEmailEvents.add(event);
        ctx.win.dispatchEvent(event);
      }
      return true;
    },
    onEvent(event) {
      if (ownEmailEvents.has(event)) return;
      const detail = (event as CustomEvent).detail as { correos?: unknown } | undefined;
      const list = Array.isArray(detail?.correos) ? detail.correos : [];
      const email = list.map((c) => detectEmails(String(c))[0]).find(Boolean);
      if (email) openFor(email, MODAL_AUTO_HIDE_EVENT_MS);
    },
    clear() {
      prompted.clear();
    },
  };
}
