// An opening panel puts focus in its message box when focus was in the widget or nowhere, and
// leaves it where the page or the visitor put it otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { panelFocus } from '../src/ui/focus';

function mount() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const launcher = document.createElement('button');
  launcher.textContent = 'Hablar con Helena';
  root.append(launcher);
  const panel = document.createElement('section');
  const box = document.createElement('textarea');
  box.setAttribute('aria-label', 'Escribe tu mensaje');
  panel.append(box);
  return { host, root, launcher, panel, box };
}
/** The next frame and the task after it, as afterPaint waits for them. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

afterEach(() => document.body.replaceChildren());

describe('the panel takes focus', () => {
  it('from the launcher that opened it, even when the launcher left the page before the frame', async () => {
    const { root, launcher, panel, box } = mount();
    launcher.focus();
    expect(root.activeElement).toBe(launcher);
    root.append(panel);
    panelFocus().panel(panel);
    // The launcher goes before the panel's frame is painted (a loaded machine): focus drops to <body>.
    launcher.remove();
    expect(document.activeElement).toBe(document.body);
    await painted();
    expect(root.activeElement).toBe(box);
  });

  it('but not from a field of the page the visitor moved to meanwhile', async () => {
    const { root, panel, box } = mount();
    const field = document.createElement('input');
    document.body.append(field);
    root.append(panel);
    panelFocus().panel(panel);
    field.focus();
    await painted();
    expect(document.activeElement).toBe(field);
    expect(root.activeElement).not.toBe(box);
  });
});
