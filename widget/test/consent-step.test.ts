/**
 * The consent step on the real element (shadow root, store, React, the lazily loaded step): its
 * texts in Spanish and English, the privacy link and which URLs make one, focus, the declined
 * message and the way back, and the privacy notice under the email form. The voice platform and
 * the lead server are doubles.
 */
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import * as callModule from '../src/store/call';
import * as sessionModule from '../src/session';
import { setStoreDeps } from '../src/ui/element';
import { privacyHref } from '../src/privacy-url';
import { MemoryStorage } from './helpers/doubles';
import { api, el, mount, voice } from './helpers/ui-element';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  setStoreDeps({
    loadVoice: async () => voice,
    loadApi: async () => api,
    loadCall: async () => callModule,
    loadSession: async () => sessionModule,
    storage,
    tabStorage: new MemoryStorage(),
    log: () => {},
  });
});

const focused = () => el.shadowRoot!.activeElement;

/** Mounts with consent="required" (and `attrs`), presses the launcher, returns the step. */
async function openStep(attrs: Record<string, string> = {}, launcher = 'Hablar con Helena') {
  const ui = mount({ consent: 'required', ...attrs });
  fireEvent.click(await ui.findByRole('button', { name: launcher }));
  const step = await ui.findByRole('dialog');
  return { ui, step, inStep: within(step) };
}

const DEFAULT_ES = /graba.*conversación.*procesa.*propuesta|conversación.*graba.*procesa.*propuesta/is;
const DEFAULT_EN = /record.*conversation.*process.*proposal/is;

describe('the consent step', () => {
  it("'Antes de empezar', the default text, 'Aceptar' and 'Rechazar', in the panel; nothing started", async () => {
    const { ui, step, inStep } = await openStep();
    expect(ui.getByRole('region', { name: 'Chat con Helena' }).contains(step)).toBe(true);
    expect(step.getAttribute('aria-labelledby')).toBeTruthy();
    expect(inStep.getByRole('heading', { name: 'Antes de empezar' })).toBeTruthy();
    // Named by its title and described by its text, for screen readers.
    expect(ui.getByRole('dialog', { name: 'Antes de empezar' })).toBe(step);
    const described = el.shadowRoot!.getElementById(step.getAttribute('aria-describedby')!)!;
    expect(described.textContent).toMatch(DEFAULT_ES);
    expect(inStep.getByRole('button', { name: 'Aceptar' })).toBeTruthy();
    expect(inStep.getByRole('button', { name: 'Rechazar' })).toBeTruthy();
    expect(inStep.queryByRole('link')).toBeNull();
    // The conversation's controls are not there yet.
    expect(ui.queryByRole('textbox', { name: 'Escribe tu mensaje' })).toBeNull();
    expect(voice.startArgs).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it('takes focus when it appears (the launcher had it)', async () => {
    const ui = mount({ consent: 'required' });
    const launcher = await ui.findByRole('button', { name: 'Hablar con Helena' });
    launcher.focus();
    fireEvent.click(launcher);
    const step = await ui.findByRole('dialog', { name: 'Antes de empezar' });
    await waitFor(() => expect(step.contains(focused())).toBe(true));
  });

  it('consent-text replaces the default text', async () => {
    const { inStep } = await openStep({ 'consent-text': 'Grabamos la llamada para Acme. ¿De acuerdo?' });
    expect(inStep.getByText('Grabamos la llamada para Acme. ¿De acuerdo?')).toBeTruthy();
    expect(inStep.queryByText(DEFAULT_ES)).toBeNull();
  });

  it("privacy-url: 'Política de privacidad' opens in a new tab with no opener and no referrer", async () => {
    const { inStep } = await openStep({ 'privacy-url': 'https://acme.example/privacidad' });
    const link = inStep.getByRole('link', { name: 'Política de privacidad' });
    expect(link.getAttribute('href')).toBe('https://acme.example/privacidad');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  });

  it('a privacy-url that is not http(s) makes no link', async () => {
    const { inStep } = await openStep({ 'privacy-url': 'javascript:alert(1)' });
    expect(inStep.queryByRole('link')).toBeNull();
  });

  it('locale="en": Before we start, the English text, Privacy policy, Accept, Decline', async () => {
    const { inStep, ui } = await openStep({ locale: 'en', 'privacy-url': 'https://acme.example/privacy' }, 'Talk to Helena');
    expect(ui.getByRole('dialog', { name: 'Before we start' })).toBeTruthy();
    expect(inStep.getByText(DEFAULT_EN)).toBeTruthy();
    expect(inStep.getByRole('link', { name: 'Privacy policy' })).toBeTruthy();
    expect(inStep.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(inStep.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it("'Aceptar': the call starts, the message box is back and has focus, the answer is kept", async () => {
    const ui = mount({ consent: 'required', 'consent-version': '7' });
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    const accept = await ui.findByRole('button', { name: 'Aceptar' });
    const events: unknown[] = [];
    document.addEventListener('helena:consent', (e) => events.push((e as CustomEvent).detail), { once: true });
    accept.focus();
    fireEvent.click(accept);
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(voice.startArgs).toHaveLength(1);
    await waitFor(() => expect(focused()).toBe(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })));
    expect(events).toEqual([{ accepted: true, version: '7' }]);
    expect(JSON.parse(storage.getItem('helenaConsent')!)).toEqual({ accepted: true, version: '7' });
  });

  it("'Rechazar': the message that consent is needed, 'Cambiar de opinión' back to the question", async () => {
    const { ui, inStep } = await openStep();
    const decline = inStep.getByRole('button', { name: 'Rechazar' });
    decline.focus();
    fireEvent.click(decline);
    // The declined message, in the same named step (a new element: the question's is gone).
    await waitFor(() => expect(ui.queryByRole('button', { name: 'Aceptar' })).toBeNull());
    const step = ui.getByRole('dialog', { name: 'Antes de empezar' });
    expect(el.shadowRoot!.getElementById(step.getAttribute('aria-describedby')!)!.textContent).toMatch(/consentimiento/);
    // Focus is not lost to the page: the declined message has it.
    await waitFor(() => expect(step.contains(focused())).toBe(true));
    expect(voice.startArgs).toEqual([]);
    expect(api.calls).toEqual([]);
    fireEvent.click(within(step).getByRole('button', { name: 'Cambiar de opinión' }));
    fireEvent.click(await ui.findByRole('button', { name: 'Aceptar' }));
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(voice.startArgs).toHaveLength(1);
  });

  it('Escape closes the panel (nothing to end) and focus goes to the launcher', async () => {
    const { ui, step } = await openStep();
    await waitFor(() => expect(step.contains(focused())).toBe(true));
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    const launcher = await ui.findByRole('button', { name: 'Hablar con Helena' });
    expect(ui.queryByRole('region', { name: 'Chat con Helena' })).toBeNull();
    await waitFor(() => expect(focused()).toBe(launcher));
  });

  it('without consent="required" there is no step: the launcher calls (the specification\'s flow)', async () => {
    const ui = mount({ 'privacy-url': 'https://acme.example/privacidad' });
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(storage.getItem('helenaConsent')).toBeNull();
  });
});

describe('the privacy notice under the email form', () => {
  async function emailForm(attrs: Record<string, string>) {
    const ui = mount(attrs);
    fireEvent.click(await ui.findByRole('button', { name: attrs.locale === 'en' ? 'Talk to Helena' : 'Hablar con Helena' }));
    await ui.findByRole('button', { name: /Finalizar Llamada|End Call/ });
    voice.transcript('user', 'final', 'mi correo es ana@acme.com');
    return within(await ui.findByRole('dialog', { name: /Enviar propuestas|Send proposals/ }));
  }

  it('privacy-url: one line under the submit button, linking the policy in a new tab', async () => {
    const form = await emailForm({ 'privacy-url': 'https://acme.example/privacidad' });
    const link = form.getByRole('link', { name: 'Política de privacidad' });
    expect(link.getAttribute('href')).toBe('https://acme.example/privacidad');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    const notice = link.closest('p')!;
    const submit = form.getByRole('button', { name: 'Enviar propuestas' });
    // Under the submit button: after it in the document.
    expect(submit.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.textContent).toMatch(/datos.*Política de privacidad/);
  });

  it('in English: Privacy policy', async () => {
    const form = await emailForm({ locale: 'en', 'privacy-url': 'https://acme.example/privacy' });
    expect(form.getByRole('link', { name: 'Privacy policy' }).closest('p')!.textContent).toMatch(/data.*Privacy policy/);
  });

  it('without privacy-url, or with one that is not http(s), no notice', async () => {
    expect((await emailForm({})).queryByRole('link')).toBeNull();
    el.remove();
    expect((await emailForm({ 'privacy-url': 'data:text/html,hola' })).queryByRole('link')).toBeNull();
  });
});

describe('privacyHref', () => {
  const page = 'https://www.acme.example/servicios/';
  it('keeps http and https URLs, and resolves a path against the page', () => {
    expect(privacyHref('https://acme.example/privacidad', page)).toBe('https://acme.example/privacidad');
    expect(privacyHref('http://acme.example/p', page)).toBe('http://acme.example/p');
    expect(privacyHref('/privacidad', page)).toBe('https://www.acme.example/privacidad');
  });

  it('refuses everything else', () => {
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'mailto:dpo@acme.example', 'ftp://acme.example/p', '', undefined]) {
      expect(privacyHref(bad, page)).toBeUndefined();
    }
    expect(privacyHref('//', undefined)).toBeUndefined();
  });
});

describe('through the facade <helena-assistant>', () => {
  it('forwards consent, consent-text, consent-version and privacy-url; open() shows the step and starts nothing', async () => {
    await import('../src/index');
    const outer = document.createElement('helena-assistant') as HTMLElement & { open(): Promise<void> };
    const attrs = { loading: 'intent', consent: 'required', 'consent-text': 'Texto propio', 'consent-version': '9', 'privacy-url': 'https://acme.example/p' };
    for (const [k, v] of Object.entries(attrs)) outer.setAttribute(k, v);
    document.body.append(outer);
    try {
      await outer.open();
      const inner = outer.shadowRoot!.querySelector('helena-assistant-ui')!;
      for (const name of ['consent', 'consent-text', 'consent-version', 'privacy-url']) {
        expect(inner.getAttribute(name)).toBe(attrs[name as keyof typeof attrs]);
      }
      const ui = within(inner.shadowRoot as unknown as HTMLElement);
      const step = await ui.findByRole('dialog', { name: 'Antes de empezar' });
      expect(within(step).getByText('Texto propio')).toBeTruthy();
      expect(voice.startArgs).toEqual([]);
      // A later change reaches the step too.
      outer.setAttribute('consent-text', 'Otro texto');
      expect(await within(step).findByText('Otro texto')).toBeTruthy();
    } finally {
      outer.remove();
    }
  });
});
