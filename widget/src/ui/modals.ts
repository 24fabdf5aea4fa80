/**
 * The two dialogs (transcript and email), in the session chunk. They are built from the React
 * the UI chunk passes in (`createModals({ h, … })`) instead of importing React: an import would
 * make the bundler move React into a chunk shared by both, and the UI chunk would grow by the
 * cost of an extra file. Like every component they only render; state and effects are the store's.
 */
import type { createElement, ReactNode, useId as UseId } from 'react';
import type { Texts } from '../i18n';
import type { ChatMessage, HelenaState, HelenaStore } from '../store/types';
import { dialogKeyDown, manageDialogFocus } from './focus';
import { leadTextsFor } from '../i18n-lead';
import { privacyTextsFor } from '../i18n-privacy';
import { adoptCss } from './adopt-css';
import { privacyLink, withLink } from './privacy-link';

export interface ModalDeps {
  h: typeof createElement;
  useId: typeof UseId;
  useHelena: <T>(store: HelenaStore, selector: (s: HelenaState) => T) => T;
  useTexts: (store: HelenaStore) => Texts;
  fmt: (template: string, values: Record<string, string>) => string;
  /** An assistant's message as its safe Markdown. */
  BotText: (props: { text: string }) => ReactNode;
}

export interface Modals {
  TranscriptModal: (props: { store: HelenaStore }) => ReactNode;
  EmailModal: (props: { store: HelenaStore }) => ReactNode;
}

/** The dialogs' styles: adopted into the shadow root when a dialog first opens (this chunk). */
export const MODAL_CSS = `
.backdrop{position:fixed;inset:0;z-index:calc(var(--helena-z,2147483000) + 1);background:rgba(15,23,42,.5);display:flex;align-items:center;justify-content:center;padding:16px}
.dialog{width:100%;max-width:420px;max-height:calc(100vh - 32px);overflow:auto;background:var(--h-bg);color:var(--h-text);border-radius:var(--helena-radius,16px);padding:20px;box-shadow:0 24px 64px rgba(15,23,42,.35)}
.dialog h2{margin:0 0 8px;font-size:18px;line-height:24px;font-weight:600}
.dialog p{margin:0 0 12px}
.dialog .note{font-size:12px;line-height:16px;color:var(--h-muted)}
.dialog form{display:flex;flex-direction:column;gap:10px}
.dialog .field{flex:none;width:100%}
.dialog .row{display:flex;gap:8px;justify-content:flex-end;margin-top:4px}
.dialog .row .btn{flex:0 0 auto}
.dialog[part~=transcript]{display:flex;flex-direction:column}
.dialog[part~=transcript]>h2,.dialog[part~=transcript]>.row{flex:none}
.transcript{list-style:none;margin:0 0 16px;padding:0;display:flex;flex-direction:column;gap:10px;flex:0 1 auto;min-height:0;overflow:auto}
.transcript>li{padding:8px 10px;border-radius:10px;background:var(--h-bot-bg)}
.transcript .who{font-weight:600}
.transcript time{margin-left:8px;font-size:12px;color:var(--h-muted)}
.dialog .md p{margin-bottom:0}
.transcript .text{display:block;margin-top:2px;white-space:pre-wrap;overflow-wrap:anywhere}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
`;

/** Ref callback of a dialog: adopts MODAL_CSS into its shadow root once, then manages focus. */
function dialogRef(dialog: HTMLElement | null) {
  if (dialog) adoptCss(dialog, MODAL_CSS);
  return manageDialogFocus(dialog);
}

/**
 * Ref callback of the transcript's list: it opens scrolled to the latest message. The list
 * scrolls, not the dialog, so the title and 'Cerrar Vista' stay in view.
 */
function scrolledToLatest(list: HTMLElement | null) {
  if (!list) return;
  // Its ref runs before the dialog's: the styles that make it scroll come first.
  adoptCss(list, MODAL_CSS);
  list.scrollTop = list.scrollHeight;
}

function formatTime(iso: string, locale: string): string {
  try {
    return new Date(iso).toLocaleTimeString(locale === 'en' ? 'en-GB' : 'es-ES', { hour: '2-digit', minute: '2-digit' });
  } catch {
    return iso.slice(11, 16);
  }
}

export function createModals({ h, useId, useHelena, useTexts, fmt, BotText }: ModalDeps): Modals {
  const Dialog = ({ labelId, onClose, part, children }: { labelId: string; onClose: () => void; part: string; children: ReactNode[] }) =>
    h(
      'div',
      { className: 'backdrop', part: 'backdrop' } as Record<string, unknown>,
      h(
        'div',
        {
          className: 'dialog',
          part,
          role: 'dialog',
          'aria-modal': 'true',
          'aria-labelledby': labelId,
          tabIndex: -1,
          ref: dialogRef,
          onKeyDown: (e: KeyboardEvent & { currentTarget: EventTarget }) => dialogKeyDown(e, onClose),
        } as Record<string, unknown>,
        ...children,
      ),
    );

  function TranscriptModal({ store }: { store: HelenaStore }) {
    const t = useTexts(store);
    const id = useId();
    const messages = useHelena(store, (s) => s.messages);
    const config = useHelena(store, (s) => s.config);
    const d = leadTextsFor(config.locale);
    const close = store.getState().closeTranscript;
    return h(Dialog, {
      labelId: id,
      onClose: close,
      part: 'dialog transcript',
      children: [
        h('h2', { id, key: 'h' }, fmt(d.transcriptTitle, { name: config.name })),
        messages.length === 0
          ? h('p', { key: 'e' }, d.noMessages)
          : h(
              'ul',
              // Focusable, so that a keyboard scrolls it too.
              { className: 'transcript', key: 'l', ref: scrolledToLatest, tabIndex: 0, 'aria-labelledby': id } as Record<string, unknown>,
              messages.map((m: ChatMessage) =>
                h(
                  'li',
                  { key: m.id },
                  h('span', { className: 'who' }, m.role === 'bot' ? config.name : t.you),
                  h('time', { dateTime: m.time }, formatTime(m.time, config.locale)),
                  h('div', { className: 'text md' }, m.role === 'bot' ? h(BotText, { text: m.message }) : m.message),
                ),
              ),
            ),
        h(
          'div',
          { className: 'row', key: 'r' },
          h(
            'button',
            { type: 'button', className: 'btn primary', part: 'action', 'data-autofocus': '', onClick: close } as Record<string, unknown>,
            d.closeView,
          ),
        ),
      ],
    });
  }

  function EmailModal({ store }: { store: HelenaStore }) {
    const t = useTexts(store);
    const id = useId();
    const form = useHelena(store, (s) => s.form);
    const submitting = useHelena(store, (s) => s.submitting);
    const invalid = useHelena(store, (s) => s.emailInvalid);
    const locale = useHelena(store, (s) => s.config.locale);
    const privacyUrl = useHelena(store, (s) => s.config.privacyUrl);
    const d = leadTextsFor(locale);
    const p = privacyTextsFor(locale);
    const policy = privacyLink(h, privacyUrl, p.privacyPolicy);
    const a = store.getState();
    const field = (key: 'email' | 'name' | 'cargo' | 'company', label: string, extra: Record<string, unknown>) =>
      h('input', {
        className: 'field',
        part: 'field',
        name: key,
        value: form[key],
        placeholder: label,
        'aria-label': label,
        onChange: (e: { currentTarget: HTMLInputElement }) => a.setField(key, e.currentTarget.value),
        ...extra,
      } as Record<string, unknown>);
    return h(Dialog, {
      labelId: id,
      onClose: a.closeEmailModal,
      part: 'dialog email',
      children: [
        h('h2', { id, key: 'h' }, d.emailTitle),
        h('p', { key: 'p' }, d.emailText),
        h(
          'form',
          {
            key: 'f',
            noValidate: true,
            'aria-busy': submitting,
            onSubmit: (e: { preventDefault(): void }) => {
              e.preventDefault();
              void a.submitLead();
            },
          },
          field('email', d.emailPlaceholder, {
            type: 'email',
            autoComplete: 'email',
            'aria-required': 'true',
            'data-autofocus': '',
            'aria-invalid': invalid || undefined,
            'aria-describedby': invalid ? `${id}-invalid` : undefined,
          }),
          invalid
            ? h(
                'p',
                // Styled here rather than in the shared sheet, which is part of the UI chunk's budget.
                { id: `${id}-invalid`, role: 'alert', part: 'field-error', style: { margin: 0, color: 'var(--h-error)', fontSize: 13 } },
                d.emailInvalid,
              )
            : null,
          field('name', d.fullName, { type: 'text', autoComplete: 'name' }),
          field('cargo', d.cargo, { type: 'text', autoComplete: 'organization-title' }),
          field('company', d.company, { type: 'text', autoComplete: 'organization' }),
          // The honeypot: out of sight, out of the tab order, hidden from assistive technology.
          h(
            'div',
            { className: 'hp', 'aria-hidden': 'true' },
            h(
              'label',
              null,
              d.honeypot,
              h('input', {
                type: 'text',
                name: 'website',
                tabIndex: -1,
                autoComplete: 'off',
                value: form.website,
                onChange: (e: { currentTarget: HTMLInputElement }) => a.setField('website', e.currentTarget.value),
              }),
            ),
          ),
          h('p', { className: 'note' }, d.emailNote),
          h(
            'div',
            { className: 'row' },
            h('button', { type: 'button', className: 'btn', part: 'action', onClick: a.closeEmailModal } as Record<string, unknown>, t.close),
            h(
              'button',
              { type: 'submit', className: 'btn primary', part: 'action', disabled: submitting } as Record<string, unknown>,
              d.sendProposals,
            ),
          ),
          // With privacy-url: one line under the submit button saying where the data goes.
          policy ? h('p', { className: 'note', part: 'privacy-notice' }, ...withLink(p.formNotice, policy)) : null,
        ),
      ],
    });
  }

  return { TranscriptModal, EmailModal };
}
