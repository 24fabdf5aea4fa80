// The widget's panel on the demo site as `npm start` serves it (e2e/helpers/demo-server.ts), in
// Debian's Chromium: its size on a laptop screen and as a bottom sheet on a phone, where focus goes,
// Escape during a call, the launcher's tooltip, and how speaking and thinking look.
// Screenshots go to e2e/artifacts/widget-panel/.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { SqliteDatabase as Database } from '@helena/api/db';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { axeSeriousOrCritical, focusedLabel as focused, screenshots } from './helpers/page';
import { recordActivity } from './helpers/page-activity';

const shot = screenshots(fileURLToPath(new URL('artifacts/widget-panel/', import.meta.url)));
const GREETING = '¡Hola! Soy Helena, la asistente virtual de Nexia. ¿En qué puedo ayudarte hoy?';
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let site: DemoServer;
useDemoServer((s) => (site = s));

/** Role and CSS locators pierce the open shadow roots of the facade and the UI element. */
const widget = (page: Page) => page.locator('helena-assistant');
const launcher = (page: Page, name = 'Hablar con Helena') => widget(page).getByRole('button', { name });
const panel = (page: Page) => widget(page).getByRole('region', { name: 'Chat con Helena' });
const messageBox = (page: Page) => widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
const tooltip = (page: Page) => widget(page).locator('[part="tooltip"]');
const log = (page: Page) => widget(page).getByRole('log');

async function openHome(page: Page, viewport: { width: number; height: number }) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize(viewport);
  await page.goto(site.url + '/');
  await expect(launcher(page)).toBeVisible();
  return errors;
}

/** Presses the launcher: the panel opens and the call starts (the element's default mode). */
async function startCall(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(log(page).getByText(GREETING)).toBeVisible({ timeout: 15_000 });
}

/** The `vapi_call` row of the call the widget holds, as the server recorded it. */
async function callRowStatus(page: Page): Promise<string | undefined> {
  const vapiId = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  const db = new Database(site.dbPath);
  try {
    return (db.prepare('SELECT status FROM vapi_call WHERE vapi_id = ?').get(vapiId) as { status: string } | undefined)?.status;
  } finally {
    db.close();
  }
}

/** axe on the widget alone (the demo page's own markup is e2e/demo-site.spec.ts's concern). */
const axeWidget = (page: Page) => axeSeriousOrCritical(page, 'helena-assistant');

test('laptop: the panel stays under 70 % of the viewport, below the menu; Ampliar makes it bigger', async ({ page }) => {
  const errors = await openHome(page, LAPTOP);
  await startCall(page);
  // Enough lines to fill any panel: the height must come from the limit, not from the content.
  for (const line of ['Hola, ¿qué hacéis?', '¿Cuánto cuesta?', '¿Funciona en WhatsApp?']) {
    await messageBox(page).fill(line);
    await messageBox(page).press('Enter');
    await expect(log(page).getByText(line)).toBeVisible();
  }
  const menu = await page.getByRole('navigation', { name: 'Principal' }).boundingBox();
  const normal = await panel(page).boundingBox();
  expect(normal && menu).toBeTruthy();
  expect(normal!.height).toBeLessThanOrEqual(0.7 * LAPTOP.height);
  expect(normal!.y).toBeGreaterThan(menu!.y + menu!.height);
  await shot(page, 'laptop-1-normal');

  await widget(page).getByRole('button', { name: 'Ampliar chat' }).click();
  await expect(widget(page).getByRole('button', { name: 'Reducir chat' })).toHaveAttribute('aria-pressed', 'true');
  const expanded = await panel(page).boundingBox();
  expect(expanded!.height).toBeGreaterThan(normal!.height);
  expect(expanded!.width).toBeGreaterThan(normal!.width);
  expect(expanded!.height).toBeLessThanOrEqual(0.7 * LAPTOP.height);
  expect(expanded!.y).toBeGreaterThan(menu!.y + menu!.height);
  await shot(page, 'laptop-2-expanded');

  await widget(page).getByRole('button', { name: 'Reducir chat' }).click();
  await expect(widget(page).getByRole('button', { name: 'Ampliar chat' })).toHaveAttribute('aria-pressed', 'false');
  const back = await panel(page).boundingBox();
  expect(back!.height).toBeLessThan(expanded!.height);
  expect(back!.width).toBe(normal!.width);
  expect(errors).toEqual([]);
});

test('opening the panel puts focus in the message box', async ({ page }) => {
  const errors = await openHome(page, LAPTOP);
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  expect(await focused(page)).toBe('Escribe tu mensaje');
  expect(errors).toEqual([]);
});

test('hovered, then clicked: the panel rendered ahead is out of reach until the click shows it focused and starts one call', async ({ page }) => {
  const activity = await recordActivity(page, site.url);
  const errors = await openHome(page, LAPTOP);
  await launcher(page).hover();
  // Rendered ahead, in the element but invisible, inert and out of the accessibility tree.
  const ahead = widget(page).locator('section[part~="panel"]');
  await expect(ahead).toHaveCount(1);
  await expect(ahead).toBeHidden();
  expect(await ahead.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  await expect(panel(page)).toHaveCount(0);
  await expect(messageBox(page)).toHaveCount(0);
  // The keyboard passes it by: Tab from the launcher never lands inside it.
  await launcher(page).focus();
  await page.keyboard.press('Tab');
  expect(await ahead.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))).toBe(false);
  // Rendering ahead started nothing: no call, no microphone, nothing sent.
  expect(activity.outbound()).toEqual([]);
  expect(await activity.microphone()).toBe(0);

  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  expect(await activity.microphone()).toBe(1);
  await expect.poll(() => activity.outbound().filter((r) => r.includes('vapi_call.create')).length, { timeout: 10_000 }).toBe(1);
  expect(errors).toEqual([]);
});

test('Escape during a call minimises the panel; the call goes on and the launcher brings it back', async ({ page }) => {
  const errors = await openHome(page, LAPTOP);
  await startCall(page);
  await messageBox(page).press('Escape');

  const back = launcher(page, 'Volver a la llamada con Helena');
  await expect(back).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  // Focus stays with the widget, on the button that reopens it.
  expect(await focused(page)).toBe('Volver a la llamada con Helena');
  await shot(page, 'escape-1-minimised');

  // The call is still live: the server's row says so, and the visitor can still speak in it.
  expect(await callRowStatus(page)).toBe('active');
  const vapiId = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  expect(site.speak(vapiId!, 'Hola, ¿qué hacéis?')).toBe(true);

  await back.click();
  await expect(panel(page)).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  // The same conversation: the greeting from before, and the line spoken while minimised.
  await expect(log(page).getByText(GREETING)).toBeVisible();
  await expect(log(page).getByText('Hola, ¿qué hacéis?')).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible();
  expect(await callRowStatus(page)).toBe('active');
  await shot(page, 'escape-2-reopened');
  expect(errors).toEqual([]);
});

test('the launcher tooltip shows on hover and on keyboard focus, and Escape hides it', async ({ page }) => {
  const errors = await openHome(page, LAPTOP);
  // The facade's placeholder button stands in until the pointer or focus reaches it; the real
  // launcher that replaces it under the pointer shows the tooltip.
  await launcher(page).hover();
  await expect(tooltip(page)).toBeVisible();
  await expect(tooltip(page)).toHaveText('Hablar con Helena');
  const tip = await tooltip(page).boundingBox();
  const button = await launcher(page).boundingBox();
  // Beside the button, on screen.
  expect(tip!.x + tip!.width).toBeLessThanOrEqual(button!.x);
  expect(tip!.x).toBeGreaterThanOrEqual(0);
  await shot(page, 'tooltip-1-hover');
  await page.mouse.move(10, 10);
  await expect(tooltip(page)).toBeHidden();
  await expect(tooltip(page)).toHaveCount(1);

  for (let i = 0; i < 30 && (await focused(page)) !== 'Hablar con Helena'; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Hablar con Helena');
  await expect(tooltip(page)).toBeVisible();
  await shot(page, 'tooltip-2-focus');
  await page.keyboard.press('Escape');
  await expect(tooltip(page)).toBeHidden();
  expect(await focused(page)).toBe('Hablar con Helena');
  expect(errors).toEqual([]);
});

test('speaking and thinking look different; both say the specification’s text', async ({ page }) => {
  const errors = await openHome(page, LAPTOP);
  await startCall(page);
  // Every state the status line goes through, with its text and how its indicator is drawn.
  await page.evaluate(() => {
    const ui = document.querySelector('helena-assistant')?.shadowRoot?.querySelector('helena-assistant-ui')?.shadowRoot;
    const line = ui?.querySelector('[part="speaking"]');
    if (!line) throw new Error('no status line');
    const seen: Array<{ activity: string; text: string; mark: string }> = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const record = () => {
      const mark = line.querySelector('i');
      const style = mark ? getComputedStyle(mark) : null;
      seen.push({
        activity: line.getAttribute('data-activity') ?? '',
        text: line.textContent ?? '',
        mark: style ? `${style.width}x${style.height} ${style.borderRadius} ${style.backgroundColor}` : '',
      });
    };
    new MutationObserver(record).observe(line, { attributes: true, childList: true, subtree: true, characterData: true });
  });
  await messageBox(page).fill('¿Cuánto cuesta?');
  await messageBox(page).press('Enter');
  await expect(log(page).getByText('¿Cuánto cuesta?')).toBeVisible();

  type Seen = { activity: string; text: string; mark: string };
  const seen = () => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
  await expect.poll(async () => (await seen()).map((s) => s.activity), { timeout: 15_000 }).toEqual(
    expect.arrayContaining(['thinking', 'speaking']),
  );
  const all = await seen();
  const thinking = all.find((s) => s.activity === 'thinking')!;
  const speaking = all.find((s) => s.activity === 'speaking')!;
  expect(thinking.text).toBe('Helena está procesando...');
  expect(speaking.text).toBe('Helena está procesando...');
  expect(speaking.mark).not.toBe(thinking.mark);
  // Thinking comes first: the visitor's line, then the wait, then the answer.
  expect(all.findIndex((s) => s.activity === 'thinking')).toBeLessThan(all.findIndex((s) => s.activity === 'speaking'));
  expect(errors).toEqual([]);
});

test('phone: a full-width bottom sheet, usable by keyboard alone, with no serious axe violation', async ({ page }) => {
  const errors = await openHome(page, PHONE);
  expect(await axeWidget(page)).toEqual([]);

  for (let i = 0; i < 30 && (await focused(page)) !== 'Hablar con Helena'; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Hablar con Helena');
  // Enter on the launcher opens the sheet and calls; focus waits in the message box.
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  await expect(log(page).getByText(GREETING)).toBeVisible({ timeout: 15_000 });
  await expect(messageBox(page)).toBeFocused();

  const sheet = await panel(page).boundingBox();
  expect(sheet!.x).toBe(0);
  expect(sheet!.width).toBe(PHONE.width);
  expect(sheet!.y + sheet!.height).toBe(PHONE.height);
  expect(sheet!.height).toBeLessThanOrEqual(0.7 * PHONE.height);
  await shot(page, 'phone-1-sheet');

  await page.keyboard.type('¿Funciona en WhatsApp?');
  await page.keyboard.press('Enter');
  await expect(log(page).getByText('¿Funciona en WhatsApp?')).toBeVisible();
  // Every control of the sheet is reachable with Tab.
  const reached = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    reached.add(await focused(page));
  }
  for (const name of ['Ampliar chat', 'Ver Transcripción', 'Finalizar Llamada', 'Mensajes']) expect(reached).toContain(name);
  expect(await axeWidget(page)).toEqual([]);

  for (let i = 0; i < 20 && (await focused(page)) !== 'Escribe tu mensaje'; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Escribe tu mensaje');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  expect(await focused(page)).toBe('Volver a la llamada con Helena');
  expect(await axeWidget(page)).toEqual([]);
  await shot(page, 'phone-2-minimised');
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  await expect(log(page).getByText('¿Funciona en WhatsApp?')).toBeVisible();
  expect(errors).toEqual([]);
});
