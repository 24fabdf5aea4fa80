/**
 * The consent step (consent="required"): its own chunk, fetched when an element with the attribute
 * mounts, and shown in the panel in place of the conversation until the visitor answers. Like the
 * dialogs it is built from the React the UI chunk passes in, and it only renders: the answer is
 * the store's action (../store/consent.ts).
 */
import type { ReactNode } from 'react';
import { privacyTextsFor } from '../i18n-privacy';
import type { HelenaStore } from '../store/types';
import { adoptCss } from './adopt-css';
import { focusIsFree } from './focus';
import type { ModalDeps } from './modals';
import { privacyLink } from './privacy-link';

/** The step's styles, adopted into the shadow root when it first shows. */
export const CONSENT_CSS = `
.consent{flex:1;min-height:0;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:12px}
.consent h3{margin:0;font-size:16px;line-height:22px;font-weight:600}
.consent p{margin:0}
.consent a{color:inherit;text-decoration:underline}
.consent .row{display:flex;gap:8px}
`;

/**
 * Ref callback of the step. It takes focus when focus was in the widget or nowhere (the keyboard
 * user who pressed the launcher lands in it; a page that opened the panel by script keeps its
 * own). When it goes with focus inside (after 'Aceptar'), the message box gets it.
 */
function stepRef(step: HTMLElement | null): (() => void) | undefined {
  if (!step) return undefined;
  adoptCss(step, CONSENT_CSS);
  if (focusIsFree(step)) step.focus();
  const root = step.getRootNode() as ShadowRoot;
  const panel = step.parentElement;
  return () => {
    if (!panel || !step.contains(root.activeElement)) return;
    // After React's commit: the conversation that replaces the step is in the panel by then.
    queueMicrotask(() => {
      if (!panel.contains(root.activeElement)) (panel.querySelector<HTMLElement>('input') ?? panel).focus();
    });
  };
}

/** What the consent chunk gives the UI: the step, built with the UI chunk's React. */
export interface ConsentView {
  ConsentStep: (props: { store: HelenaStore }) => ReactNode;
}

/** Builds the consent step's component from the React (and store hook) the UI chunk hands in. */
export function createConsentStep({ h, useId, useHelena }: Pick<ModalDeps, 'h' | 'useId' | 'useHelena'>): ConsentView {
  function ConsentStep({ store }: { store: HelenaStore }) {
    const id = useId();
    const state = useHelena(store, (s) => s.consent);
    const config = useHelena(store, (s) => s.config);
    const t = privacyTextsFor(config.locale);
    const a = store.getState();
    const declined = state === 'declined';
    const policy = privacyLink(h, config.privacyUrl, t.privacyPolicy);
    const button = (text: string, onClick: () => void) =>
      // Both answers look alike: neither is pushed on the visitor.
      h('button', { type: 'button', className: 'btn primary', part: 'action', onClick } as Record<string, unknown>, text);
    // A new element for each state (key): the declined message takes focus as the question did.
    return h(
      'div',
      {
        key: state,
        className: 'consent',
        part: 'consent',
        role: 'dialog',
        'aria-labelledby': `${id}t`,
        'aria-describedby': `${id}d`,
        tabIndex: -1,
        ref: stepRef,
      } as Record<string, unknown>,
      h('h3', { id: `${id}t` }, t.consentTitle),
      h('p', { id: `${id}d` }, declined ? t.declined : config.consentText || t.consentText),
      policy ? h('p', null, policy) : null,
      h(
        'div',
        { className: 'row' },
        ...(declined
          ? [button(t.changeMind, a.reviewConsent)]
          : [button(t.accept, () => a.answerConsent(true)), button(t.decline, () => a.answerConsent(false))]),
      ),
    );
  }
  return { ConsentStep };
}
