// consent="required" on the demo site as `npm start` serves it (e2e/helpers/demo-server.ts): the
// home page's <helena-assistant> given the consent attributes, under the site's strict CSP,
// against the platform simulator at /sim and the server's SQLite file. Every request and every
// microphone request is recorded from the first byte:
//   - nothing leaves the page before 'Aceptar' (no /sim, no /api/trpc, no call or chat, no
//     vapi_call row, no getUserMedia), whether the launcher, open() or toggleHelenaChat asked
//   - 'Aceptar' starts the call; a reload remembers; a new consent-version asks again
//   - 'Rechazar' sends nothing, says why, and the visitor can change their mind (also after a reload)
//   - keyboard only, axe on the step, the helena:consent event, mode chat and mode voice
//   - privacy-url's notice under the email form
// Screenshots go to e2e/artifacts/consent/.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { SqliteDatabase as Database } from '@helena/api/db';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { axeSeriousOrCritical, focusedLabel, screenshots } from './helpers/page';
import { recordActivity, type PageActivity } from './helpers/page-activity';

const ARTIFACTS = fileURLToPath(new URL('artifacts/consent/', import.meta.url));
const shot = screenshots(ARTIFACTS);
const PRIVACY = 'https://nexia.example/privacidad';
const GREETING = '¡Hola! Soy Helena, la asistente virtual de Nexia. ¿En qué puedo ayudarte hoy?';

let site: DemoServer;
useDemoServer((s) => (site = s));

/**
 * Gives the home page's <helena-assistant> the attributes `attrs` as the parser creates it, as if
 * the site's HTML carried them (the page itself is the server's, unchanged: a page rewritten in
 * the test would lose Chromium's local-network standing and its simulator WebSocket). Called again
 * before a reload, the later attributes win.
 */
async function embed(page: Page, attrs: Record<string, string>) {
  await page.addInitScript((given: Record<string, string>) => {
    new MutationObserver((records, observer) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element) || node.localName !== 'helena-assistant') continue;
          for (const [name, value] of Object.entries(given)) node.setAttribute(name, value);
          observer.disconnect();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, attrs);
}

/** Records each helena:consent the page hears on window: its detail, and whether it bubbles and is composed. */
async function recordConsentEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { consentEvents: unknown[] };
    w.consentEvents = [];
    window.addEventListener('helena:consent', (e) => {
      const event = e as CustomEvent;
      w.consentEvents.push({ detail: event.detail, bubbles: event.bubbles, composed: event.composed });
    });
  });
}
const consentEvents = (page: Page) => page.evaluate(() => (window as unknown as { consentEvents: unknown[] }).consentEvents);

/** A page with the recordings, on the home page embedding the element with `attrs`. */
async function openHome(page: Page, attrs: Record<string, string>): Promise<PageActivity> {
  const activity = await recordActivity(page, site.url);
  await recordConsentEvents(page);
  await embed(page, attrs);
  const response = await page.goto(site.url + '/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  for (const [name, value] of Object.entries(attrs)) await expect(widget(page)).toHaveAttribute(name, value);
  return activity;
}

/** Rows in vapi_call, as the server stored them. */
function vapiCallRows(): number {
  const db = new Database(site.dbPath);
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM vapi_call').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const widget = (page: Page) => page.locator('helena-assistant');
const launcher = (page: Page) => widget(page).getByRole('button', { name: 'Hablar con Helena' });
const step = (page: Page) => widget(page).getByRole('dialog', { name: 'Antes de empezar' });
const endCall = (page: Page) => widget(page).getByRole('button', { name: 'Finalizar Llamada' });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('helenaConsent'));

/**
 * Everything the page may do without consent is done (the step's chunk is fetched, nothing is in
 * flight); then nothing has gone out and no microphone was asked for.
 */
async function expectNothingSent(page: Page, activity: PageActivity, rowsBefore: number) {
  await page.waitForLoadState('networkidle');
  expect(activity.outbound()).toEqual([]);
  expect(await activity.microphone()).toBe(0);
  expect(vapiCallRows()).toBe(rowsBefore);
}

async function expectCallLive(page: Page) {
  await expect(endCall(page)).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(GREETING).last()).toBeVisible({ timeout: 15_000 });
}

test('the launcher shows the step and nothing leaves the page; Aceptar starts the call, remembered and told to the page', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required', 'consent-version': 'v1', 'privacy-url': PRIVACY });
  await launcher(page).click();
  await expect(step(page)).toBeVisible();
  await expect(step(page).getByRole('heading', { name: 'Antes de empezar' })).toBeVisible();
  await expect(step(page).getByText(/graba|grabamos/)).toBeVisible();
  const link = step(page).getByRole('link', { name: 'Política de privacidad' });
  await expect(link).toHaveAttribute('href', PRIVACY);
  await expect(link).toHaveAttribute('target', '_blank');
  expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  await expect(step(page).getByRole('button', { name: 'Aceptar' })).toBeVisible();
  await expect(step(page).getByRole('button', { name: 'Rechazar' })).toBeVisible();
  await shot(page, 'step');
  await expectNothingSent(page, activity, rows);
  expect(await stored(page)).toBeNull();
  expect(await consentEvents(page)).toEqual([]);

  await step(page).getByRole('button', { name: 'Aceptar' }).click();
  await expectCallLive(page);
  await shot(page, 'accepted-call');
  expect(activity.outbound()).toContain('POST /sim/call/web');
  expect(activity.outbound().some((r) => r.startsWith('POST /api/trpc/'))).toBe(true);
  expect(await activity.microphone()).toBeGreaterThan(0);
  await expect.poll(() => vapiCallRows(), { timeout: 10_000 }).toBe(rows + 1);
  expect(JSON.parse((await stored(page))!)).toEqual({ accepted: true, version: 'v1' });
  expect(await consentEvents(page)).toEqual([{ detail: { accepted: true, version: 'v1' }, bubbles: true, composed: true }]);
});

test('a reload remembers the answer; a new consent-version asks again', async ({ page }) => {
  await openHome(page, { consent: 'required', 'consent-version': '2026-01' });
  await launcher(page).click();
  await step(page).getByRole('button', { name: 'Aceptar' }).click();
  await expectCallLive(page);
  await endCall(page).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });

  // Reloaded: the launcher calls at once, as without consent.
  await page.reload();
  await launcher(page).click();
  await expectCallLive(page);
  expect(await consentEvents(page)).toEqual([]);
  await endCall(page).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });

  // The site publishes a new text version: asked again, and nothing goes out meanwhile.
  await embed(page, { 'consent-version': '2026-02' });
  const rows = vapiCallRows();
  const before = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  const activity = await recordActivity(page, site.url);
  await page.reload();
  await expect(widget(page)).toHaveAttribute('consent-version', '2026-02');
  await launcher(page).click();
  await expect(step(page)).toBeVisible();
  await expectNothingSent(page, activity, rows);
  await step(page).getByRole('button', { name: 'Aceptar' }).click();
  await expectCallLive(page);
  expect(await page.evaluate(() => localStorage.getItem('vapiCallId'))).not.toBe(before);
  expect(JSON.parse((await stored(page))!)).toEqual({ accepted: true, version: '2026-02' });
  expect(await consentEvents(page)).toEqual([{ detail: { accepted: true, version: '2026-02' }, bubbles: true, composed: true }]);
});

test('Rechazar sends nothing and says why; the visitor can change their mind, also after a reload', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required' });
  await launcher(page).click();
  await step(page).getByRole('button', { name: 'Rechazar' }).click();
  await expect(step(page).getByRole('button', { name: 'Aceptar' })).toHaveCount(0);
  await expect(step(page).getByText(/consentimiento/)).toBeVisible();
  await shot(page, 'declined');
  await expectNothingSent(page, activity, rows);
  expect(JSON.parse((await stored(page))!)).toEqual({ accepted: false, version: null });
  expect(await consentEvents(page)).toEqual([{ detail: { accepted: false, version: null }, bubbles: true, composed: true }]);
  expect(await axeSeriousOrCritical(page)).toEqual([]);

  // The host page's ways in go through the step too: the declined answer is what they meet.
  await widget(page).getByRole('button', { name: 'Cerrar chat' }).click();
  await page.evaluate(() => window.dispatchEvent(new Event('toggleHelenaChat')));
  await expect(step(page).getByText(/consentimiento/)).toBeVisible();
  await widget(page).getByRole('button', { name: 'Cerrar chat' }).click();
  await widget(page).evaluate((el) => (el as HTMLElement & { open(): Promise<void> }).open());
  await expect(step(page).getByText(/consentimiento/)).toBeVisible();
  await expectNothingSent(page, activity, rows);

  // After a reload the answer is still no, with the way back.
  await page.reload();
  await launcher(page).click();
  await expect(step(page).getByText(/consentimiento/)).toBeVisible();
  await expectNothingSent(page, activity, rows);
  await step(page).getByRole('button', { name: 'Cambiar de opinión' }).click();
  await step(page).getByRole('button', { name: 'Aceptar' }).click();
  await expectCallLive(page);
  expect(await consentEvents(page)).toEqual([{ detail: { accepted: true, version: null }, bubbles: true, composed: true }]);
});

test('toggleHelenaChat and open() meet the step first, and nothing is sent', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required' });
  await page.evaluate(() => window.dispatchEvent(new Event('toggleHelenaChat')));
  await expect(step(page)).toBeVisible();
  await expectNothingSent(page, activity, rows);
  await widget(page).getByRole('button', { name: 'Cerrar chat' }).click();
  await widget(page).evaluate((el) => (el as HTMLElement & { open(): Promise<void> }).open());
  await expect(step(page)).toBeVisible();
  await expectNothingSent(page, activity, rows);
});

test('keyboard only: Tab to the launcher, Enter, focus in the step, Tab to Aceptar, Enter; axe finds nothing serious', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required', 'privacy-url': PRIVACY });
  await expect(launcher(page)).toBeVisible();
  // Tab through the page until the launcher has focus.
  for (let i = 0; i < 40 && (await focusedLabel(page)) !== 'Hablar con Helena'; i++) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Hablar con Helena');
  await page.keyboard.press('Enter');
  await expect(step(page)).toBeVisible();
  // Focus is inside the step (the dialog itself, named and described for screen readers).
  const inStep = () =>
    page.evaluate(() => {
      let a: Element | null = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return !!a?.closest('[role="dialog"]');
    });
  await expect.poll(inStep).toBe(true);
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);
  await shot(page, 'keyboard-step');
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Política de privacidad');
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Aceptar');
  await expectNothingSent(page, activity, rows);
  await page.keyboard.press('Enter');
  await expectCallLive(page);
  // The message box has focus, as when the panel opens without the step.
  await expect.poll(() => focusedLabel(page)).toBe('Escribe tu mensaje');
  await page.keyboard.type('Hola');
  await page.keyboard.press('Enter');
  await expect(widget(page).locator('li.msg.user', { hasText: 'Hola' })).toBeVisible();
});

test('mode chat: the step comes first; after Aceptar the chat goes through, with no call and no microphone', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required', mode: 'chat' });
  await launcher(page).click();
  await expect(step(page)).toBeVisible();
  await expectNothingSent(page, activity, rows);
  await step(page).getByRole('button', { name: 'Aceptar' }).click();
  const box = widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
  await expect(box).toBeVisible();
  await box.fill('¿Cuánto cuesta?');
  await widget(page).getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(widget(page).locator('li.bot[data-final="true"]')).toHaveCount(1, { timeout: 15_000 });
  expect(activity.outbound()).toContain('POST /sim/chat/web');
  expect(activity.outbound().filter((r) => r.endsWith('/call/web'))).toEqual([]);
  expect(await activity.microphone()).toBe(0);
});

test('mode voice: the step comes first; Aceptar starts the call', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required', mode: 'voice' });
  await launcher(page).click();
  await expect(step(page)).toBeVisible();
  await expectNothingSent(page, activity, rows);
  await step(page).getByRole('button', { name: 'Aceptar' }).click();
  await expectCallLive(page);
  expect(activity.outbound()).toContain('POST /sim/call/web');
  expect(await activity.microphone()).toBeGreaterThan(0);
});

test('locale="en": Before we start, Privacy policy, Accept and Decline', async ({ page }) => {
  const rows = vapiCallRows();
  const activity = await openHome(page, { consent: 'required', locale: 'en', 'privacy-url': PRIVACY });
  await widget(page).getByRole('button', { name: 'Talk to Helena' }).click();
  const english = widget(page).getByRole('dialog', { name: 'Before we start' });
  await expect(english).toBeVisible();
  await expect(english.getByText(/record/)).toBeVisible();
  await expect(english.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', PRIVACY);
  await expect(english.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(english.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expectNothingSent(page, activity, rows);
  expect(await axeSeriousOrCritical(page)).toEqual([]);
});

test('privacy-url: a one-line notice with the link under the email form’s submit button', async ({ page }) => {
  await openHome(page, { 'privacy-url': PRIVACY });
  // Without consent="required" the launcher calls at once, as the specification says.
  await launcher(page).click();
  await expectCallLive(page);
  await widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('mi correo es marta@ejemplo.es');
  await widget(page).getByRole('button', { name: 'Enviar', exact: true }).click();
  const form = widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
  await expect(form).toBeVisible({ timeout: 10_000 });
  const link = form.getByRole('link', { name: 'Política de privacidad' });
  await expect(link).toHaveAttribute('href', PRIVACY);
  await expect(link).toHaveAttribute('target', '_blank');
  const submit = await form.getByRole('button', { name: 'Enviar propuestas' }).boundingBox();
  const notice = await link.locator('xpath=..').boundingBox();
  expect(notice!.y).toBeGreaterThanOrEqual(submit!.y + submit!.height);
  // One line: no taller than a line of its text (with some room for the link's underline).
  const line = await link.boundingBox();
  expect(notice!.height).toBeLessThan(line!.height * 2);
  await shot(page, 'form-notice');
  expect(await axeSeriousOrCritical(page)).toEqual([]);
});
