/**
 * What visitors and site owners expect of the panel beyond the specification's screens: the
 * microphone toggle during a call, the assistant's Markdown (and the visitor's plain text), and
 * the theme and position reaching the toasts. Colours and geometry are the browser's business:
 * e2e/widget-ux.spec.ts checks them in Chromium.
 */
import { fireEvent, waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { el, mount, voice } from './helpers/ui-element';

async function openActive(attrs: Record<string, string> = {}) {
  const ui = mount(attrs);
  fireEvent.click(await ui.findByRole('button', { name: attrs.locale === 'en' ? 'Talk to Helena' : 'Hablar con Helena' }));
  await ui.findByRole('button', { name: attrs.locale === 'en' ? 'End Call' : 'Finalizar Llamada' });
  return ui;
}

const statusLine = () => el.shadowRoot!.querySelector('[part="speaking"]')!;

describe('the microphone toggle', () => {
  it("is a pressed/unpressed button: 'Silenciar micrófono' mutes, 'Activar micrófono' unmutes, and the status says so", async () => {
    const ui = await openActive();
    const mute = ui.getByRole('button', { name: 'Silenciar micrófono' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    expect(statusLine().textContent).not.toContain('Micrófono silenciado');

    fireEvent.click(mute);
    const unmute = await ui.findByRole('button', { name: 'Activar micrófono' });
    expect(unmute.getAttribute('aria-pressed')).toBe('true');
    expect(voice.isMuted()).toBe(true);
    expect(statusLine().textContent).toBe('Micrófono silenciado');
    // The assistant talking does not hide it: the visitor must know they are not heard.
    voice.transcript('assistant', 'partial', 'Te cuento');
    await ui.findByText('Te cuento');
    expect(statusLine().textContent).toBe('Micrófono silenciado');

    fireEvent.click(unmute);
    expect((await ui.findByRole('button', { name: 'Silenciar micrófono' })).getAttribute('aria-pressed')).toBe('false');
    expect(voice.isMuted()).toBe(false);
    expect(statusLine().textContent).not.toContain('Micrófono silenciado');
  });

  it('is there only during a live call, and a new call starts unmuted', async () => {
    voice.autoCallStart = false;
    const ui = mount();
    fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
    await ui.findByText('Conectando con Helena...');
    expect(ui.queryByRole('button', { name: 'Silenciar micrófono' })).toBeNull();
    // The platform answers the start, which follows the panel's frame.
    await waitFor(() => expect(voice.startArgs).toHaveLength(1));
    voice.emit('call-start');
    fireEvent.click(await ui.findByRole('button', { name: 'Silenciar micrófono' }));
    await ui.findByRole('button', { name: 'Activar micrófono' });

    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    await ui.findByText('La llamada ha finalizado');
    expect(ui.queryByRole('button', { name: /micrófono/ })).toBeNull();
    expect(statusLine().textContent).not.toContain('Micrófono silenciado');

    voice.autoCallStart = true;
    fireEvent.click(ui.getByRole('button', { name: 'Iniciar nueva conversación' }));
    const mute = await ui.findByRole('button', { name: 'Silenciar micrófono' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    expect(voice.isMuted()).toBe(false);
  });

  it("in English: 'Mute microphone', 'Unmute microphone', 'Microphone muted'", async () => {
    const ui = await openActive({ locale: 'en' });
    fireEvent.click(ui.getByRole('button', { name: 'Mute microphone' }));
    expect((await ui.findByRole('button', { name: 'Unmute microphone' })).getAttribute('aria-pressed')).toBe('true');
    expect(statusLine().textContent).toBe('Microphone muted');
  });
});

describe("the assistant's Markdown in the message list", () => {
  it('renders bold, lists and safe links in the assistant’s lines; the visitor’s stay plain text', async () => {
    const ui = await openActive();
    voice.transcript('user', 'final', 'quiero **saber** el <b>precio</b>');
    voice.transcript('assistant', 'final', 'El **precio** depende:\n- Web\n- App\n\nMás en [la web](https://acme.example/precios).');
    const log = await ui.findByRole('log');
    await waitFor(() => expect(log.querySelector('.bot strong')?.textContent).toBe('precio'));
    const bot = log.querySelector('.bot')!;
    expect([...bot.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['Web', 'App']);
    const link = bot.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://acme.example/precios');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    const user = log.querySelector('.user')!;
    expect(user.querySelector('strong, b')).toBeNull();
    expect(user.textContent).toContain('quiero **saber** el <b>precio</b>');
  });

  it('hostile content in an assistant line is text: no element from HTML, no javascript: link', async () => {
    const ui = await openActive();
    const hostile = '<img src=x onerror="alert(1)"> [x](javascript:alert(1))';
    voice.transcript('assistant', 'final', hostile);
    const log = await ui.findByRole('log');
    await waitFor(() => expect(log.querySelector('.bot')?.textContent).toContain(hostile));
    expect(log.querySelector('img, a')).toBeNull();
  });

  it('a streaming answer shows an open ** as it is and bolds it once closed', async () => {
    const ui = await openActive();
    voice.transcript('assistant', 'partial', 'El **pre');
    const log = await ui.findByRole('log');
    await waitFor(() => expect(log.querySelector('.bot')?.textContent).toContain('El **pre'));
    const item = log.querySelector('.bot')!;
    voice.transcript('assistant', 'partial', 'El **precio** es');
    await waitFor(() => expect(item.querySelector('strong')?.textContent).toBe('precio'));
    // The same list item all along: the line was updated in place, not replaced.
    expect(log.querySelector('.bot')).toBe(item);
  });

  it('the transcript dialog shows the assistant’s Markdown too', async () => {
    const ui = await openActive();
    voice.transcript('assistant', 'final', 'Un **resumen**');
    fireEvent.click(ui.getByRole('button', { name: 'Ver Transcripción' }));
    const dialog = await ui.findByRole('dialog', { name: /Transcripción/ });
    await waitFor(() => expect(dialog.querySelector('strong')?.textContent).toBe('resumen'));
  });
});

describe('theme and position reach the toasts', () => {
  /** An empty email: the toast 'El correo es obligatorio', and sonner's toaster with it. */
  async function toaster(attrs: Record<string, string>) {
    const ui = await openActive(attrs);
    voice.transcript('user', 'final', 'ana arroba acme punto com');
    const dialog = await ui.findByRole('dialog', { name: 'Enviar propuestas' });
    fireEvent.input(dialog.querySelector('input[name="email"]')!, { target: { value: '' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]')!);
    await ui.findByText('El correo es obligatorio');
    return el.shadowRoot!.querySelector('[data-sonner-toaster]')!;
  }

  it('default: light, top right', async () => {
    const t = await toaster({});
    expect(t.getAttribute('data-sonner-theme')).toBe('light');
    expect(t.getAttribute('data-x-position')).toBe('right');
  });

  it('theme="dark" position="bottom-left": dark, top left', async () => {
    const t = await toaster({ theme: 'dark', position: 'bottom-left' });
    expect(t.getAttribute('data-sonner-theme')).toBe('dark');
    expect(t.getAttribute('data-x-position')).toBe('left');
  });

  it('values it does not know are the defaults', async () => {
    const t = await toaster({ theme: 'purple', position: 'top-center' });
    expect(t.getAttribute('data-sonner-theme')).toBe('light');
    expect(t.getAttribute('data-x-position')).toBe('right');
  });
});
