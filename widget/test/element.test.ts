/**
 * Every screen and state of `<helena-assistant-ui>`, queried inside its shadow root (r2wc
 * renders asynchronously, hence findBy*). The voice client and the lead server are doubles.
 */
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { api, el, mount, voice } from './helpers/ui-element';

async function openActive(attrs: Record<string, string> = {}) {
  const ui = mount(attrs);
  fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
  await ui.findByRole('button', { name: 'Finalizar Llamada' });
  return ui;
}

describe('<helena-assistant-ui>', () => {
  it('has an open shadow root with the adopted stylesheet', async () => {
    mount();
    expect(el.shadowRoot).not.toBeNull();
    expect(el.shadowRoot!.mode).toBe('open');
    const css = el.shadowRoot!.adoptedStyleSheets.length
      ? [...el.shadowRoot!.adoptedStyleSheets].map((s) => [...s.cssRules].map((r) => r.cssText).join('')).join('')
      : [...el.shadowRoot!.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(css).toContain(':host');
    expect(css).not.toMatch(/\d+rem\b/);
  });

  it('closed: only the round button, named after the persona', async () => {
    const ui = mount({ name: 'Sofía' });
    const button = await ui.findByRole('button', { name: 'Hablar con Sofía' });
    expect(button.getAttribute('part')).toBe('button');
    expect(ui.queryByRole('region', { name: 'Chat con Sofía' })).toBeNull();
    expect(ui.queryAllByRole('button')).toHaveLength(1);
  });

  it("show-on: renders nothing off the path", async () => {
    history.replaceState(null, '', '/blog');
    mount({ 'show-on': '/' });
    // The element has rendered (its root is there), with nothing in it.
    await waitFor(() => expect(el.shadowRoot!.querySelector('[data-helena-root]')).not.toBeNull());
    expect(within(el.shadowRoot as unknown as HTMLElement).queryByRole('button')).toBeNull();
  });

  it("connecting: the panel, its title, the demo label and 'Conectando con {name}...'", async () => {
    voice.autoCallStart = false;
    const ui = mount({ 'chat-label': 'Asistente' });
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    expect(await ui.findByRole('heading', { name: 'Asistente con Helena' })).toBeTruthy();
    expect(ui.getByText('modo demostración')).toBeTruthy();
    expect(ui.getByText('Conectando con Helena...')).toBeTruthy();
    // loading: neither 'Finalizar Llamada' nor the close control
    expect(ui.queryByRole('button', { name: 'Finalizar Llamada' })).toBeNull();
    expect(ui.queryByRole('button', { name: 'Cerrar chat' })).toBeNull();
  });

  it("active: 'Esperando tu mensaje...', 'Ver Transcripción', 'Finalizar Llamada', no close control", async () => {
    const ui = await openActive();
    expect(ui.getByText('Esperando tu mensaje...')).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Ver Transcripción' })).toBeTruthy();
    expect(ui.queryByRole('button', { name: 'Nueva Conversación' })).toBeNull();
    expect(ui.queryByRole('button', { name: 'Cerrar chat' })).toBeNull();
    expect(ui.getByRole('textbox', { name: 'Escribe tu mensaje' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('messages go into a polite log region (div role=log > ul > li)', async () => {
    const ui = await openActive();
    voice.transcript('assistant', 'final', 'Hola, soy Helena.');
    voice.transcript('user', 'final', 'Hola');
    const log = await ui.findByRole('log');
    expect(log.tagName).toBe('DIV');
    expect(log.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(log.querySelector('ul > li')?.textContent).toContain('Hola, soy Helena.');
  });

  it("speaking indicator: '{name} está procesando...' and '{name} está escuchando...'", async () => {
    const ui = await openActive();
    voice.transcript('assistant', 'partial', 'Hola');
    expect(await ui.findByText('Helena está procesando...')).toBeTruthy();
    voice.transcript('assistant', 'final', 'Hola.');
    await waitFor(() => expect(ui.queryByText('Helena está procesando...')).toBeNull(), { timeout: 1500 });
    voice.transcript('user', 'partial', 'quiero');
    expect(await ui.findByText('Helena está escuchando...')).toBeTruthy();
  });

  it('the volume visualiser follows volume-level', async () => {
    const ui = await openActive();
    voice.emit('volume-level', 0.5);
    await waitFor(() => expect(el.shadowRoot!.querySelector('[part="volume"]')?.getAttribute('data-volume')).toBe('0.50'));
    expect(ui.getByRole('heading')).toBeTruthy();
  });

  it("after the call: the notice, 'Iniciar nueva conversación', 'Nueva Conversación' and the close control", async () => {
    const ui = await openActive();
    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    expect(await ui.findByText('La llamada ha finalizado')).toBeTruthy();
    expect(ui.getByText('Gracias por la conversación. ¡Hasta luego!')).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Iniciar nueva conversación' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Nueva Conversación' })).toBeTruthy();
    fireEvent.click(ui.getByRole('button', { name: 'Cerrar chat' }));
    expect(await ui.findByRole('button', { name: 'Hablar con Helena' })).toBeTruthy();
    expect(ui.queryByRole('region', { name: 'Chat con Helena' })).toBeNull();
  });

  it('expanded: the panel switches to its large size', async () => {
    const ui = await openActive();
    fireEvent.click(ui.getByRole('button', { name: 'Ampliar chat' }));
    const shrink = await ui.findByRole('button', { name: 'Reducir chat' });
    expect(shrink.getAttribute('aria-pressed')).toBe('true');
    expect(el.shadowRoot!.querySelector('.panel')!.classList.contains('expanded')).toBe(true);
  });

  it('an error closes the panel down to the button and is announced', async () => {
    voice.startResult = new Error('Micrófono bloqueado');
    const ui = mount();
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe('Error: Micrófono bloqueado'));
    expect(ui.queryByRole('region', { name: 'Chat con Helena' })).toBeNull();
    expect(ui.getByRole('button', { name: 'Hablar con Helena' })).toBeTruthy();
  });

  it('typing: Enviar sends the line during a call', async () => {
    const ui = await openActive();
    const input = ui.getByRole('textbox', { name: 'Escribe tu mensaje' });
    fireEvent.input(input, { target: { value: 'Quiero una demo' } });
    fireEvent.click(ui.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(voice.sent).toEqual([{ type: 'add-message', message: { role: 'user', content: 'Quiero una demo' } }]));
    expect(await ui.findByText('Quiero una demo')).toBeTruthy();
  });
});

describe('the transcript modal', () => {
  it('is an aria-modal dialog with each message labelled and timed; Cerrar Vista returns focus', async () => {
    const ui = await openActive();
    voice.transcript('assistant', 'final', 'Hola, soy Helena.');
    voice.transcript('user', 'final', 'Hola');
    const trigger = ui.getByRole('button', { name: 'Ver Transcripción' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await ui.findByRole('dialog', { name: 'Transcripción del Chat con Helena' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.who')?.textContent)).toEqual(['Helena', 'Tú']);
    expect(items[0]!.querySelector('time')?.textContent).toMatch(/^\d{2}:\d{2}$/);
    const close = within(dialog).getByRole('button', { name: 'Cerrar Vista' });
    expect(el.shadowRoot!.activeElement).toBe(close);
    fireEvent.click(close);
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(el.shadowRoot!.activeElement).toBe(trigger);
  });

  it("empty: 'No hay mensajes en esta conversación.'; Escape closes it", async () => {
    const ui = await openActive();
    fireEvent.click(ui.getByRole('button', { name: 'Ver Transcripción' }));
    const dialog = await ui.findByRole('dialog');
    expect(within(dialog).getByText('No hay mensajes en esta conversación.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
  });
});

describe('the email modal', () => {
  async function openEmail() {
    const ui = await openActive();
    voice.transcript('user', 'final', 'mi correo es ana arroba acme punto com');
    const dialog = await ui.findByRole('dialog', { name: 'Enviar propuestas' });
    return { ui, dialog: within(dialog), node: dialog };
  }

  it('has its texts, the prefilled email and the optional fields', async () => {
    const { dialog } = await openEmail();
    expect(dialog.getByText('Ingresa tu correo para recibir las propuestas')).toBeTruthy();
    expect(dialog.getByPlaceholderText<HTMLInputElement>('Tu correo electrónico').value).toBe('ana@acme.com');
    for (const label of ['Nombre completo', 'Cargo', 'Empresa']) expect(dialog.getByRole('textbox', { name: label })).toBeTruthy();
    expect(dialog.getByText('Si deseas, puedes incluir más detalles para personalizar tu propuesta.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Enviar propuestas' })).toBeTruthy();
  });

  it('renders the honeypot hidden, out of the tab order and empty', async () => {
    const { node } = await openEmail();
    const hp = node.querySelector('input[name="website"]') as HTMLInputElement;
    expect(hp.value).toBe('');
    expect(hp.tabIndex).toBe(-1);
    expect(hp.getAttribute('autocomplete')).toBe('off');
    expect(hp.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('traps Tab inside the dialog', async () => {
    const { node } = await openEmail();
    const buttons = node.querySelectorAll('button');
    const last = buttons[buttons.length - 1] as HTMLButtonElement;
    const first = node.querySelector('input') as HTMLInputElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(el.shadowRoot!.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(el.shadowRoot!.activeElement).toBe(last);
  });

  it("an empty email shows the toast 'El correo es obligatorio' inside the shadow root", async () => {
    const { ui, dialog } = await openEmail();
    fireEvent.input(dialog.getByPlaceholderText('Tu correo electrónico'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
    expect(await ui.findByText('El correo es obligatorio')).toBeTruthy();
    expect(api.named('upsertCustomer')).toEqual([]);
  });

  it("submits the lead, shows 'Enviando propuesta personalizada...' and closes", async () => {
    const { ui, dialog } = await openEmail();
    fireEvent.input(dialog.getByRole('textbox', { name: 'Empresa' }), { target: { value: 'Acme' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
    expect(await ui.findByText('Enviando propuesta personalizada...')).toBeTruthy();
    expect(api.named('upsertCustomer')[0]).toMatchObject({ email: 'ana@acme.com', company: 'Acme', website: '' });
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  });

  it("a failed save shows 'Error al guardar envio de propuesta' and closes at once", async () => {
    api.fail.upsertCustomer = new Error('500');
    const { ui, dialog } = await openEmail();
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
    expect(await ui.findByText('Error al guardar envio de propuesta')).toBeTruthy();
    expect(ui.queryByRole('dialog')).toBeNull();
  });

  it('Cerrar closes it', async () => {
    const { ui, dialog } = await openEmail();
    fireEvent.click(dialog.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
  });
});

describe('host integration', () => {
  it('dispatches helena:call-start and helena:call-end on the element, bubbling and composed', async () => {
    const seen: string[] = [];
    for (const t of ['helena:call-start', 'helena:call-end']) document.addEventListener(t, (e) => seen.push(e.type));
    const ui = await openActive();
    await waitFor(() => expect(seen).toEqual(['helena:call-start']));
    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    await waitFor(() => expect(seen).toEqual(['helena:call-start', 'helena:call-end']));
  });

  it('element.open() opens the panel and starts the call', async () => {
    const ui = mount();
    await ui.findByRole('button', { name: 'Hablar con Helena' });
    await el.open();
    expect(await ui.findByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
  });

  it('the toggleHelenaChat window event opens it', async () => {
    const ui = mount();
    await ui.findByRole('button', { name: 'Hablar con Helena' });
    window.dispatchEvent(new Event('toggleHelenaChat'));
    expect(await ui.findByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
  });

  it('attribute changes reach the store and the screen', async () => {
    const ui = mount();
    await ui.findByRole('button', { name: 'Hablar con Helena' });
    el.setAttribute('name', 'Lucía');
    expect(await ui.findByRole('button', { name: 'Hablar con Lucía' })).toBeTruthy();
  });
});

describe('locale="en" translates every text', () => {
  it('closed, panel, dialogs', async () => {
    const ui = mount({ locale: 'en' });
    fireEvent.click(await ui.findByRole('button', { name: 'Talk to Helena' }));
    expect(await ui.findByRole('heading', { name: 'Chat with Helena' })).toBeTruthy();
    expect(ui.getByText('demo mode')).toBeTruthy();
    await ui.findByRole('button', { name: 'End Call' });
    expect(ui.getByRole('button', { name: 'View Transcript' })).toBeTruthy();
    expect(ui.getByRole('textbox', { name: 'Type your message' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Send' })).toBeTruthy();
    fireEvent.click(ui.getByRole('button', { name: 'View Transcript' }));
    const dialog = await ui.findByRole('dialog', { name: 'Chat Transcript with Helena' });
    expect(within(dialog).getByText('There are no messages in this conversation.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close View' }));
    voice.transcript('user', 'final', 'john at acme dot com');
    const email = await ui.findByRole('dialog', { name: 'Send proposals' });
    expect(within(email).getByText('Enter your email to receive the proposals')).toBeTruthy();
    for (const label of ['Full name', 'Job title', 'Company']) expect(within(email).getByRole('textbox', { name: label })).toBeTruthy();
    fireEvent.click(within(email).getByRole('button', { name: 'Close' }));
    fireEvent.click(ui.getByRole('button', { name: 'End Call' }));
    expect(await ui.findByText('The call has ended')).toBeTruthy();
    expect(ui.getByText('Thank you for the conversation. Goodbye!')).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Start a new conversation' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'New Conversation' })).toBeTruthy();
    expect(voice.startArgs[0]![0]).toMatchObject({ transcriber: { language: 'en' } });
  });
});
