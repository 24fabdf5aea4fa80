/**
 * The panel's keyboard and focus rules and its activity line, on the real element (shadow root,
 * store, React); only the voice platform is a double. Layout (heights, the mobile sheet, the
 * tooltip's visibility) needs a real browser: e2e/widget-panel.spec.ts.
 */
import { fireEvent, waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { el, mount, voice } from './helpers/ui-element';

const focused = () => el.shadowRoot!.activeElement;

/** Opens the panel from the launcher, as a keyboard user would, and waits for the live call. */
async function openByKeyboard(attrs: Record<string, string> = {}) {
  const ui = mount(attrs);
  const launcher = await ui.findByRole('button', { name: attrs.locale === 'en' ? 'Talk to Helena' : 'Hablar con Helena' });
  launcher.focus();
  fireEvent.click(launcher);
  await ui.findByRole('button', { name: attrs.locale === 'en' ? 'End Call' : 'Finalizar Llamada' });
  return ui;
}

describe('panel focus', () => {
  it('opening the panel from the launcher puts focus in the message box', async () => {
    const ui = await openByKeyboard();
    await waitFor(() => expect(focused()).toBe(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })));
  });

  it('a page that opens the panel by script keeps its own focus', async () => {
    const ui = mount();
    await ui.findByRole('button', { name: 'Hablar con Helena' });
    const pageButton = document.createElement('button');
    document.body.append(pageButton);
    pageButton.focus();
    await el.open();
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(document.activeElement).toBe(pageButton);
  });
});

describe('Escape on the panel', () => {
  it('during a call minimises the panel; the call goes on and the launcher says so', async () => {
    const ui = await openByKeyboard();
    voice.transcript('assistant', 'final', 'Hola, soy Helena.');
    const box = await ui.findByRole('textbox', { name: 'Escribe tu mensaje' });
    // Escape is pressed where a keyboard user is: in the message box, once focus has moved there.
    await waitFor(() => expect(focused()).toBe(box));
    fireEvent.keyDown(box, { key: 'Escape' });

    const back = await ui.findByRole('button', { name: 'Volver a la llamada con Helena' });
    expect(ui.queryByRole('region', { name: 'Chat con Helena' })).toBeNull();
    expect(voice.stops).toBe(0);
    expect(el.store.getState().status).toBe('active');
    // Focus follows the panel to the launcher instead of falling to <body>.
    expect(focused()).toBe(back);

    fireEvent.click(back);
    expect(await ui.findByRole('region', { name: 'Chat con Helena' })).toBeTruthy();
    expect(ui.getByText('Hola, soy Helena.')).toBeTruthy();
    await waitFor(() => expect(focused()).toBe(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })));
  });

  it('with the call over, closes the panel down to the launcher', async () => {
    const ui = await openByKeyboard();
    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    await ui.findByText('La llamada ha finalizado');
    fireEvent.keyDown(ui.getByRole('region', { name: 'Chat con Helena' }), { key: 'Escape' });
    expect(await ui.findByRole('button', { name: 'Hablar con Helena' })).toBeTruthy();
    expect(ui.queryByRole('region', { name: 'Chat con Helena' })).toBeNull();
    expect(voice.startArgs).toHaveLength(1);
  });

  it('a call that ends while minimised leaves the panel to come back to, without a new call', async () => {
    const ui = await openByKeyboard();
    fireEvent.keyDown(ui.getByRole('region', { name: 'Chat con Helena' }), { key: 'Escape' });
    await ui.findByRole('button', { name: 'Volver a la llamada con Helena' });
    voice.emit('call-end');
    const launcher = await ui.findByRole('button', { name: 'Hablar con Helena' });
    fireEvent.click(launcher);
    expect(await ui.findByText('La llamada ha finalizado')).toBeTruthy();
    expect(voice.startArgs).toHaveLength(1);
  });

  it('open() brings a minimised panel back', async () => {
    const ui = await openByKeyboard();
    fireEvent.keyDown(ui.getByRole('region', { name: 'Chat con Helena' }), { key: 'Escape' });
    await ui.findByRole('button', { name: 'Volver a la llamada con Helena' });
    await el.open();
    expect(await ui.findByRole('region', { name: 'Chat con Helena' })).toBeTruthy();
    expect(voice.startArgs).toHaveLength(1);
  });
});

describe('the launcher tooltip', () => {
  it('carries the button label; Escape dismisses it until focus leaves', async () => {
    const ui = mount();
    const launcher = await ui.findByRole('button', { name: 'Hablar con Helena' });
    const tip = el.shadowRoot!.querySelector('[part="tooltip"]')!;
    expect(tip.textContent).toBe('Hablar con Helena');
    // The button's name already says it: screen readers must not hear it twice.
    expect(tip.getAttribute('aria-hidden')).toBe('true');
    expect(launcher.hasAttribute('title')).toBe(false);
    fireEvent.keyDown(launcher, { key: 'Escape' });
    await waitFor(() => expect(launcher.hasAttribute('data-tip-off')).toBe(true));
    fireEvent.focusOut(launcher);
    await waitFor(() => expect(launcher.hasAttribute('data-tip-off')).toBe(false));
  });
});

describe('speaking, listening and thinking', () => {
  const line = () => el.shadowRoot!.querySelector('[part="speaking"]')!;

  it('are told apart by state and look, with the specification’s texts', async () => {
    await openByKeyboard();
    voice.transcript('user', 'partial', 'quiero');
    await waitFor(() => expect(line().textContent).toBe('Helena está escuchando...'));
    expect(line().getAttribute('data-activity')).toBe('listening');

    voice.transcript('user', 'final', 'quiero una demo');
    await waitFor(() => expect(line().textContent).toBe('Helena está procesando...'));
    expect(line().getAttribute('data-activity')).toBe('thinking');

    voice.transcript('assistant', 'partial', 'Claro');
    // The specification's text while the assistant talks; the indicator differs from thinking's.
    await waitFor(() => expect(line().textContent).toBe('Helena está procesando...'));
    expect(line().getAttribute('data-activity')).toBe('speaking');

    // Off 500 ms after the assistant's final line; nothing pending then.
    voice.transcript('assistant', 'final', 'Claro, te la preparo.');
    await waitFor(() => expect(line().getAttribute('data-activity')).toBe('idle'), { timeout: 2000 });
    expect(line().textContent).toBe('');
  });

  it('in English with locale="en"', async () => {
    await openByKeyboard({ locale: 'en' });
    voice.transcript('user', 'final', 'I want a demo');
    await waitFor(() => expect(line().textContent).toBe('Helena is processing...'));
    voice.transcript('assistant', 'partial', 'Sure');
    await waitFor(() => expect(line().getAttribute('data-activity')).toBe('speaking'));
    expect(line().textContent).toBe('Helena is processing...');
  });
});
