/**
 * mode="voice|chat|hybrid" on the real element (shadow root, store, React); the voice platform is
 * a double. Typing with no call live, in hybrid and chat mode, is covered against the simulator in
 * text-chat.test.ts.
 */
import { fireEvent, waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { el, mount, voice } from './helpers/ui-element';

const focused = () => el.shadowRoot!.activeElement;

describe('the default (no mode attribute): the specification\'s flow', () => {
  it('the launcher opens the panel and starts the call: connecting, then live, then ended', async () => {
    voice.autoCallStart = false;
    const ui = mount();
    expect(el.hasAttribute('mode')).toBe(false);
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await ui.findByRole('region', { name: 'Chat con Helena' });
    // inactive → loading: 'Conectando con {name}...' and no close control while connecting.
    await ui.findByText('Conectando con Helena...');
    expect(ui.queryByRole('button', { name: 'Cerrar' })).toBeNull();
    // The call starts once the panel's frame is painted.
    await waitFor(() => expect(voice.startArgs).toHaveLength(1));
    // loading → active on call-start: 'Finalizar Llamada', and the call button is gone.
    voice.emit('call-start');
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(ui.queryByRole('button', { name: 'Hablar con Helena' })).toBeNull();
    // Ending it: the farewell, the notice and a way to start again.
    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    await ui.findByText('La llamada ha finalizado');
    expect(ui.getByText('Gracias por la conversación. ¡Hasta luego!')).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Nueva Conversación' })).toBeTruthy();
    fireEvent.click(ui.getByRole('button', { name: 'Iniciar nueva conversación' }));
    await waitFor(() => expect(voice.startArgs).toHaveLength(2));
  });

  it('the toggleHelenaChat event opens the panel and starts a call', async () => {
    const ui = mount();
    await ui.findByRole('button', { name: 'Hablar con Helena' });
    window.dispatchEvent(new Event('toggleHelenaChat'));
    await ui.findByRole('region', { name: 'Chat con Helena' });
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(voice.startArgs).toHaveLength(1);
  });

  it('after the call, the call button starts another one and leaves focus in the message box', async () => {
    const ui = mount({ mode: 'hybrid' });
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    fireEvent.click(await ui.findByRole('button', { name: 'Finalizar Llamada' }));
    await ui.findByText('La llamada ha finalizado');
    // The panel replaced the launcher: the one button with its name is the call button.
    const call = ui.getByRole('button', { name: 'Hablar con Helena' });
    expect(call.getAttribute('part')).toBe('call-button');
    call.focus();
    fireEvent.click(call);
    await ui.findByRole('button', { name: 'Finalizar Llamada' });
    expect(voice.startArgs).toHaveLength(2);
    await waitFor(() => expect(focused()).toBe(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })));
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
