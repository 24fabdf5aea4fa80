// What visitors and site owners expect of the widget beyond the specification's screens, on the
// demo site as `npm start` serves it (e2e/helpers/demo-server.ts), in Debian's Chromium:
//   - theme="dark" and theme="auto" (following the emulated colour scheme, live), axe in both
//     themes: panel, dialog and toast
//   - position="bottom-left": the placeholder, the launcher, the tooltip, the panel and the toasts
//   - the microphone toggle, and that the simulated call hears nothing while muted
//   - the assistant's Markdown, and hostile content in its lines, through the platform's own
//     `say` control of the live call
// The demo page's element is configured by setting attributes on it, as a site owner's page would.
// Screenshots go to e2e/artifacts/widget-ux/.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { axeSeriousOrCritical, screenshots } from './helpers/page';

const shot = screenshots(fileURLToPath(new URL('artifacts/widget-ux/', import.meta.url)));
const GREETING = '¡Hola! Soy Helena, la asistente virtual de Nexia. ¿En qué puedo ayudarte hoy?';
const LAPTOP = { width: 1366, height: 768 };
const DARK_BG = 'rgb(17, 24, 39)'; // the dark palette's panel (#111827)
const LIGHT_BG = 'rgb(255, 255, 255)';

let site: DemoServer;
useDemoServer((s) => (site = s));

/** Role and CSS locators pierce the open shadow roots of the facade and the UI element. */
const widget = (page: Page) => page.locator('helena-assistant');
const launcher = (page: Page) => widget(page).getByRole('button', { name: 'Hablar con Helena' });
const panel = (page: Page) => widget(page).getByRole('region', { name: 'Chat con Helena' });
const log = (page: Page) => widget(page).getByRole('log');
const messageBox = (page: Page) => widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
const statusLine = (page: Page) => widget(page).locator('[part="speaking"]');
const botFinals = (page: Page) => log(page).locator('li.bot[data-final="true"]');
const userLines = (page: Page) => log(page).locator('li.user');

/** axe on the widget alone (the demo page's own markup is e2e/demo-site.spec.ts's concern). */
const axeWidget = (page: Page) => axeSeriousOrCritical(page, 'helena-assistant');

/** Opens the home page and sets `attrs` on its element, before the UI chunk is loaded. */
async function openHome(page: Page, attrs: Record<string, string> = {}) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize(LAPTOP);
  await page.goto(site.url + '/');
  await page.evaluate((a) => {
    const el = document.querySelector('helena-assistant')!;
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
  }, attrs);
  await expect(widget(page).getByRole('button', { name: attrs.locale === 'en' ? 'Talk to Helena' : 'Hablar con Helena' })).toBeVisible();
  return errors;
}

/**
 * Presses the launcher: the panel opens and the call starts (the element's default mode). Returns
 * the call's control URL from the platform's answer to `POST /call/web`.
 */
async function startCall(page: Page): Promise<string> {
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/call/web'));
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  const call = (await (await created).json()) as { monitor: { controlUrl: string } };
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(log(page).getByText(GREETING)).toBeVisible({ timeout: 15_000 });
  return call.monitor.controlUrl;
}

/** The live call's assistant says `message` (the platform's `say` control). */
async function say(controlUrl: string, message: string) {
  const res = await fetch(controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'say', message }) });
  expect(res.status).toBe(200);
}

/** The visitor types a line and the assistant's answer to it arrives. */
async function typeAndAwaitAnswer(page: Page, line: string) {
  const before = await botFinals(page).count();
  await messageBox(page).fill(line);
  await messageBox(page).press('Enter');
  await expect(botFinals(page)).toHaveCount(before + 1, { timeout: 15_000 });
}

const background = (page: Page, part: string) =>
  widget(page).locator(`[part~="${part}"]`).first().evaluate((el) => getComputedStyle(el).backgroundColor);

/** Opens the email form with an empty address and submits it: the toast 'El correo es obligatorio'. */
async function emptyEmailToast(page: Page) {
  await messageBox(page).fill('escríbeme a pablo@vacio.com');
  await messageBox(page).press('Enter');
  const dialog = widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('textbox', { name: 'Tu correo electrónico' }).fill('');
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
  const toast = widget(page).getByText('El correo es obligatorio');
  await expect(toast).toBeVisible();
  // Above the form's backdrop, not dimmed under it: the topmost element at its centre is the
  // toast's. sonner slides a new toast in from above the top edge as it fades in; until it has
  // moved down a little its centre lies above the viewport, where nothing is hit. On a busy
  // machine the check could land in that moment, so it is asked again until the toast has come
  // down. A toast under the backdrop never passes: there the backdrop is hit, wherever it is.
  const item = widget(page).locator('[data-sonner-toast]', { hasText: 'El correo es obligatorio' });
  await expect(item).toHaveAttribute('data-mounted', 'true');
  const onTop = () =>
    toast.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = (el.getRootNode() as ShadowRoot).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!top && !!el.closest('[data-sonner-toast]')?.contains(top);
    });
  await expect.poll(onTop).toBe(true);
  // The form stays open (the address is required); Escape closes it, and the pointer on the
  // toast then holds it (sonner pauses its timer), so what follows sees it whatever the load.
  await dialog.press('Escape');
  await expect(dialog).toHaveCount(0);
  await toast.hover();
  return { dialog, toast };
}

test('theme="dark": a dark panel, dialog and toast, with no serious or critical axe finding', async ({ page }) => {
  const errors = await openHome(page, { theme: 'dark' });
  const controlUrl = await startCall(page);
  await say(controlUrl, 'El **precio** depende del canal:\n- Web\n- WhatsApp\n\nMás en [nuestra web](https://nexia.example/precios).');
  await expect(log(page).locator('strong', { hasText: 'precio' })).toBeVisible({ timeout: 15_000 });
  expect(await background(page, 'panel')).toBe(DARK_BG);
  expect(await background(page, 'message-bot')).not.toBe(LIGHT_BG);
  await shot(page, 'dark-1-panel');
  expect(await axeWidget(page)).toEqual([]);

  await widget(page).getByRole('button', { name: 'Ver Transcripción' }).click();
  const transcript = widget(page).getByRole('dialog', { name: 'Transcripción del Chat con Helena' });
  await expect(transcript).toBeVisible();
  expect(await transcript.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DARK_BG);
  await expect(transcript.locator('strong', { hasText: 'precio' })).toBeVisible();
  await shot(page, 'dark-2-transcript');
  expect(await axeWidget(page)).toEqual([]);
  await transcript.getByRole('button', { name: 'Cerrar Vista' }).click();

  const { toast } = await emptyEmailToast(page);
  expect(await widget(page).locator('[data-sonner-toaster]').getAttribute('data-sonner-theme')).toBe('dark');
  await shot(page, 'dark-3-toast');
  expect(await axeWidget(page)).toEqual([]);
  await expect(toast).toBeVisible();
  expect(errors).toEqual([]);
});

test('theme="auto" follows the colour scheme, and changes with it live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const errors = await openHome(page, { theme: 'auto' });
  await startCall(page);
  expect(await background(page, 'panel')).toBe(DARK_BG);
  await shot(page, 'auto-1-dark');
  expect(await axeWidget(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page, 'panel')).toBe(LIGHT_BG);
  await shot(page, 'auto-2-light');
  expect(await axeWidget(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page, 'panel')).toBe(DARK_BG);
  // Toasts follow too.
  await emptyEmailToast(page);
  await expect.poll(() => widget(page).locator('[data-sonner-toaster]').getAttribute('data-sonner-theme')).toBe('dark');
  expect(await axeWidget(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the default theme is light, and an unknown value is light too (axe clean)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const errors = await openHome(page, { theme: 'midnight' });
  await startCall(page);
  expect(await background(page, 'panel')).toBe(LIGHT_BG);
  expect(await axeWidget(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('position="bottom-left": placeholder, launcher, tooltip, panel and toasts on the left', async ({ page }) => {
  const errors = await openHome(page, { position: 'bottom-left' });
  const half = LAPTOP.width / 2;
  // The facade's placeholder, before the UI chunk has run: already in the left corner.
  const placeholder = await widget(page).locator('[data-helena-placeholder]').boundingBox();
  expect(placeholder!.x).toBeLessThan(half);
  expect(placeholder!.x).toBeGreaterThanOrEqual(0);

  await launcher(page).hover();
  const tooltip = widget(page).locator('[part="tooltip"]');
  await expect(tooltip).toBeVisible();
  const button = (await launcher(page).boundingBox())!;
  const tip = (await tooltip.boundingBox())!;
  expect(button.x).toBeLessThan(half);
  expect(button.y + button.height).toBeGreaterThan(LAPTOP.height - 120);
  // The tooltip is beside the button, on its right, and on screen.
  expect(tip.x).toBeGreaterThanOrEqual(button.x + button.width);
  expect(tip.x + tip.width).toBeLessThan(LAPTOP.width);
  await shot(page, 'left-1-tooltip');

  await startCall(page);
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBeLessThan(half);
  expect(box.x + box.width).toBeLessThan(half);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeGreaterThan(LAPTOP.height - 120);
  await shot(page, 'left-2-panel');

  const { toast } = await emptyEmailToast(page);
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.x).toBeLessThan(half);
  expect(toastBox.y).toBeLessThan(200);
  await shot(page, 'left-3-toast');
  expect(await axeWidget(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('mute: the toggle’s names, aria-pressed and the status line; the simulated call hears nothing while muted', async ({ page }) => {
  const errors = await openHome(page);
  await startCall(page);
  const vapiCallId = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  expect(vapiCallId).toBeTruthy();

  const mute = widget(page).getByRole('button', { name: 'Silenciar micrófono' });
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  const unmute = widget(page).getByRole('button', { name: 'Activar micrófono' });
  await expect(unmute).toHaveAttribute('aria-pressed', 'true');
  await expect(statusLine(page)).toHaveText('Micrófono silenciado');
  await shot(page, 'mute-1-muted');
  expect(await axeWidget(page)).toEqual([]);

  // A typed line still reaches the assistant. The call's frames arrive in order: once it is
  // answered, the platform has heard of the mute too.
  await typeAndAwaitAnswer(page, 'Hola, quiero información');
  expect(site.speak(vapiCallId!, 'esto no se debe oír')).toBe(true);
  await typeAndAwaitAnswer(page, 'Tengo una panadería en Madrid');
  // Each line starts with 'Tú: ' for screen readers.
  await expect(userLines(page)).toHaveText([/Hola, quiero información$/, /Tengo una panadería en Madrid$/]);
  await expect(log(page).getByText('esto no se debe oír')).toHaveCount(0);
  await expect(statusLine(page)).toHaveText('Micrófono silenciado');

  // Unmuted, the visitor is heard again (the same hook: it was the mute that kept it out).
  await unmute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await expect(statusLine(page)).not.toHaveText('Micrófono silenciado');
  await typeAndAwaitAnswer(page, '¿Cuánto cuesta?');
  expect(site.speak(vapiCallId!, 'ahora sí me oyes')).toBe(true);
  await expect(log(page).getByText('ahora sí me oyes')).toBeVisible({ timeout: 15_000 });

  // The call ends: the toggle goes, and the next call starts unmuted.
  await mute.click();
  await expect(unmute).toBeVisible();
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('button', { name: /micrófono/ })).toHaveCount(0);
  await widget(page).getByRole('button', { name: 'Iniciar nueva conversación' }).click();
  await expect(widget(page).getByRole('button', { name: 'Silenciar micrófono' })).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('locale="en": "Mute microphone", "Unmute microphone", "Microphone muted"', async ({ page }) => {
  const errors = await openHome(page, { locale: 'en' });
  await widget(page).getByRole('button', { name: 'Talk to Helena' }).click();
  await widget(page).getByRole('button', { name: 'Mute microphone' }).click({ timeout: 15_000 });
  await expect(widget(page).getByRole('button', { name: 'Unmute microphone' })).toHaveAttribute('aria-pressed', 'true');
  await expect(statusLine(page)).toHaveText('Microphone muted');
  expect(errors).toEqual([]);
});

test('the assistant’s Markdown renders; HTML and javascript: links in its lines stay text', async ({ page }) => {
  const errors = await openHome(page);
  // Any alert would be a script that ran.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const controlUrl = await startCall(page);
  await say(controlUrl, 'Tenemos **tres planes**, todos *sin permanencia*:\n1. Web\n2. WhatsApp\n3. Teléfono\n\nEscríbenos a [ventas](mailto:ventas@nexia.example) o mira [la web](https://nexia.example/planes). Casos: https://nexia.example/casos.');
  const answer = log(page).locator('li.bot').filter({ hasText: 'tres planes' });
  await expect(answer.locator('strong')).toHaveText('tres planes', { timeout: 15_000 });
  await expect(answer.locator('em')).toHaveText('sin permanencia');
  await expect(answer.locator('ol > li')).toHaveText(['Web', 'WhatsApp', 'Teléfono']);
  const links = answer.locator('a');
  await expect(links).toHaveCount(3);
  expect(await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]))).toEqual([
    ['mailto:ventas@nexia.example', '_blank', 'noopener noreferrer nofollow'],
    ['https://nexia.example/planes', '_blank', 'noopener noreferrer nofollow'],
    ['https://nexia.example/casos', '_blank', 'noopener noreferrer nofollow'],
  ]);
  // The bare address is linked without the full stop that ends the sentence.
  await expect(links.nth(2)).toHaveText('https://nexia.example/casos');
  await shot(page, 'markdown-1');

  const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script> [pulsa](javascript:alert(3)) [datos](data:text/html,<b>x</b>)';
  await say(controlUrl, hostile);
  const bad = log(page).locator('li.bot').filter({ hasText: 'pulsa' });
  await expect(bad).toContainText(hostile, { timeout: 15_000 });
  await expect(bad.locator('img, script, a, b')).toHaveCount(0);

  // The visitor's own line is plain text, Markdown or not.
  await messageBox(page).fill('mi **negocio** es <i>grande</i>');
  await messageBox(page).press('Enter');
  const mine = userLines(page).filter({ hasText: 'negocio' });
  await expect(mine).toContainText('mi **negocio** es <i>grande</i>');
  await expect(mine.locator('strong, i')).toHaveCount(0);
  await shot(page, 'markdown-2-hostile');
  expect(await axeWidget(page)).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});
