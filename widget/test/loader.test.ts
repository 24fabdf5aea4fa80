/**
 * The facade `<helena-assistant>`: a placeholder at once, the UI chunk on first intent, no lost
 * click, and the hand-off from placeholder to the real button.
 */
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../src/index';
import * as callModule from '../src/store/call';
import * as sessionModule from '../src/session';
import { setStoreDeps } from '../src/ui/element';
import { FakeVoice, MemoryStorage } from './helpers/doubles';

let voice: FakeVoice;
let el: HTMLElement & { open(): Promise<void> };

beforeEach(() => {
  history.replaceState(null, '', '/');
  voice = new FakeVoice();
  setStoreDeps({
    loadVoice: async () => voice,
    loadApi: async () => ({}) as never,
    loadCall: async () => callModule,
    loadSession: async () => sessionModule,
    storage: new MemoryStorage(),
    tabStorage: new MemoryStorage(),
    log: () => {},
  });
});

afterEach(() => el?.remove());

function mount(attrs: Record<string, string> = { loading: 'intent' }) {
  el = document.createElement('helena-assistant') as typeof el;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  return el;
}

const placeholder = () => el.shadowRoot!.querySelector<HTMLButtonElement>('[data-helena-placeholder]');
const inner = () => el.shadowRoot!.querySelector('helena-assistant-ui');
const innerUi = () => within(inner()!.shadowRoot as unknown as HTMLElement);

describe('<helena-assistant> facade', () => {
  it('shows a named placeholder button at once in its own open shadow root, and loads nothing', () => {
    mount();
    expect(el.shadowRoot!.mode).toBe('open');
    expect(placeholder()!.getAttribute('aria-label')).toBe('Hablar con Helena');
    expect(placeholder()!.getAttribute('part')).toBe('button');
    expect(inner()).toBeNull();
    expect(el.children).toHaveLength(0); // nothing in the light DOM
  });

  it('names the placeholder from name and locale', () => {
    mount({ loading: 'intent', name: 'Sofía', locale: 'en' });
    expect(placeholder()!.getAttribute('aria-label')).toBe('Talk to Sofía');
  });

  it('hides the placeholder off the show-on path', () => {
    history.replaceState(null, '', '/blog');
    mount({ loading: 'intent', 'show-on': '/' });
    expect(placeholder()!.hidden).toBe(true);
  });

  it('a call the tab left live loads the UI at once (even with loading="intent"), to join it again; off the show-on path it waits', async () => {
    sessionStorage.setItem('helenaCall', JSON.stringify({ id: 'c1', webCallUrl: 'https://example.daily.co/r' }));
    try {
      history.replaceState(null, '', '/blog');
      mount({ loading: 'intent', 'show-on': '/' });
      await new Promise((r) => setTimeout(r, 50));
      expect(inner()).toBeNull();
      el.remove();
      history.replaceState(null, '', '/');
      mount({ loading: 'intent', 'show-on': '/' });
      await waitFor(() => expect(inner()).not.toBeNull());
    } finally {
      sessionStorage.removeItem('helenaCall');
    }
  });

  it('pointer-enter loads the UI, which replaces the placeholder', async () => {
    mount({ loading: 'intent', company: 'Acme AI' });
    fireEvent.pointerEnter(placeholder()!);
    await waitFor(() => expect(inner()).not.toBeNull());
    expect(inner()!.getAttribute('company')).toBe('Acme AI');
    expect(inner()!.getAttribute('exportparts')).toContain('button');
    await innerUi().findByRole('button', { name: 'Hablar con Helena' });
    await waitFor(() => expect(placeholder()).toBeNull());
    expect(voice.startArgs).toHaveLength(0); // a hover does not start a call
  });

  it('focus loads the UI and hands focus to the real button', async () => {
    mount();
    placeholder()!.focus();
    fireEvent.focus(placeholder()!);
    await waitFor(() => expect(placeholder()).toBeNull());
    const real = await innerUi().findByRole('button', { name: 'Hablar con Helena' });
    expect(inner()!.shadowRoot!.activeElement).toBe(real);
  });

  it('a click that triggered the loading is not lost: it opens the panel and starts the call', async () => {
    mount();
    fireEvent.click(placeholder()!);
    await waitFor(() => expect(inner()).not.toBeNull());
    expect(await innerUi().findByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
    expect(voice.startArgs).toHaveLength(1);
  });

  it('keeps the placeholder under a press until the pointer is released', async () => {
    mount();
    fireEvent.pointerDown(placeholder()!);
    fireEvent.pointerEnter(placeholder()!);
    await waitFor(() => expect(inner()).not.toBeNull());
    await innerUi().findByRole('button', { name: 'Hablar con Helena' });
    await new Promise((r) => setTimeout(r, 50));
    expect(placeholder()).not.toBeNull();
    fireEvent.pointerUp(window);
    await waitFor(() => expect(placeholder()).toBeNull());
  });

  it('element.open() before the UI exists loads it, opens the panel and starts the call', async () => {
    mount();
    await el.open();
    expect(await innerUi().findByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
  });

  it('toggleHelenaChat before the UI exists is not lost', async () => {
    mount();
    window.dispatchEvent(new Event('toggleHelenaChat'));
    await waitFor(() => expect(inner()).not.toBeNull());
    expect(await innerUi().findByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
    expect(voice.startArgs).toHaveLength(1);
  });

  it('forwards attribute changes to the UI element', async () => {
    mount();
    fireEvent.pointerEnter(placeholder()!);
    await waitFor(() => expect(inner()).not.toBeNull());
    el.setAttribute('name', 'Lucía');
    expect(inner()!.getAttribute('name')).toBe('Lucía');
    expect(await innerUi().findByRole('button', { name: 'Hablar con Lucía' })).toBeTruthy();
  });

  it('DOM events reach the host page from the outer element', async () => {
    const seen: Array<[string, EventTarget | null]> = [];
    document.addEventListener('helena:call-start', (e) => seen.push([e.type, e.target]));
    mount();
    fireEvent.click(placeholder()!);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]![1]).toBe(el);
  });

  it('loads when idle (after the page load) unless loading="intent"', async () => {
    mount({ company: 'Acme AI' });
    await waitFor(() => expect(inner()).not.toBeNull(), { timeout: 5000 });
  });
});
