/**
 * mode="voice|chat|hybrid" on the real element (shadow root, store, React); the voice platform is
 * a double. Typing in hybrid and chat mode is covered against the simulator in text-chat.test.ts.
 */
import { fireEvent, waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { el, mount, voice } from './helpers/ui-element';

const focused = () => el.shadowRoot!.activeElement;

describe('hybrid (no mode attribute)', () => {
  it('the launcher opens the panel and calls nobody; the call button starts the call and leaves focus in the message box', async () => {
    const ui = mount();
    el.removeAttribute('mode');
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await ui.findByRole('region', { name: 'Chat con Helena' });
    expect(ui.getByText('Esperando tu mensaje...')).toBeTruthy();
    expect(voice.startArgs).toEqual([]);
    // The panel replaced the launcher: the one button with its name is the call button.
    const call = ui.getByRole('button', { name: 'Hablar con Helena' });
    expect(call.getAttribute('part')).toBe('call-button');
    call.focus();
    fireEvent.click(call);
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(voice.startArgs).toHaveLength(1);
    expect(ui.queryByRole('button', { name: 'Hablar con Helena' })).toBeNull();
    await waitFor(() => expect(focused()).toBe(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })));
  });

  it('the toggleHelenaChat event opens the panel without a call', async () => {
    const ui = mount({ mode: 'hybrid' });
    await ui.findByRole('button', { name: 'Hablar con Helena' });
    window.dispatchEvent(new Event('toggleHelenaChat'));
    await ui.findByRole('region', { name: 'Chat con Helena' });
    expect(voice.startArgs).toEqual([]);
  });
});

describe('chat', () => {
  it('has no call button, and opening calls nobody', async () => {
    const ui = mount({ mode: 'chat' });
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await ui.findByRole('region', { name: 'Chat con Helena' });
    expect(ui.queryByRole('button', { name: 'Hablar con Helena' })).toBeNull();
    expect(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })).toBeTruthy();
    expect(voice.startArgs).toEqual([]);
  });
});

describe('voice', () => {
  it('the launcher starts the call at once, as the original widget did', async () => {
    const ui = mount({ mode: 'voice' });
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(voice.startArgs).toHaveLength(1);
  });
});
