// The site owner's panel as `npm start` serves it in demo mode (OWNER_EMAILS defaults to
// panel@nexia.example, the sign-in mail lands in /dev/mail):
//   - the whole path at desktop width: sign in from the mail, a visitor leaves a lead through the
//     widget and it appears without a reload, open it, the visitor accepts the proposal on its
//     page and the open lead says so without a reload, mark it won, export, erase
//   - the same lead view at a phone's width (375 px): nothing wider than the screen
//   - the keyboard alone: skip link, sections, a lead, an action, with visible focus
//   - axe: nothing serious or critical on each view; no CSP violation anywhere
// Screenshots go to e2e/artifacts/panel/.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_LINES } from '@helena/contract';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { leadWithMail } from './helpers/leads';
import { axeSeriousOrCritical, focusedLabel, screenshots } from './helpers/page';

// The owner's browser prefers Spanish, the panel's first language (the phone test switches).
test.use({ locale: 'es-ES' });

const shot = screenshots(fileURLToPath(new URL('artifacts/panel/', import.meta.url)));
const OWNER = 'panel@nexia.example';
const root = fileURLToPath(new URL('..', import.meta.url));

// `npm start` builds the panel with everything else; here only when no build exists yet.
test.beforeAll(() => {
  if (existsSync(`${root}panel/dist/index.html`)) return;
  const r = spawnSync('npm', ['run', '--silent', 'build', '-w', '@helena/panel'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the panel build failed');
});

let site: DemoServer;
useDemoServer((s) => (site = s));

interface SinkMail {
  to: string;
  subject: string;
  html: string;
}
const inbox = async (to: string): Promise<SinkMail[]> => ((await (await fetch(`${site.url}/dev/mail.json`)).json()) as SinkMail[]).filter((m) => m.to.includes(to));

/** CSP violations and uncaught errors of a page, recorded from its first byte. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  await page.exposeFunction('recordCspViolation', (v: string) => void problems.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { recordCspViolation(v: string): void }).recordCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`),
    );
  });
  return problems;
}

/** Signs the owner in as a person does: the form, the mail in /dev/mail, its link, 'Entrar'. */
async function signIn(page: Page): Promise<void> {
  const before = (await inbox(OWNER)).length;
  await page.goto(`${site.url}/panel`);
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(OWNER);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(page.getByText('Si esa dirección tiene acceso, te hemos enviado un enlace.')).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      const mails = await inbox(OWNER);
      // /dev/mail.json lists the newest first.
      const mail = mails.length > before ? mails[0] : undefined;
      link = new RegExp(`href="(${site.url}/panel/[^"]+)"`).exec(mail?.html ?? '')?.[1]?.replace(/&amp;/g, '&') ?? '';
      return mail ? mail.subject : '';
    }, { timeout: 15_000 })
    .toMatch(/^Tu enlace para entrar al panel de /);
  expect(link).not.toBe('');
  await page.goto(link);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible();
}

/**
 * Signs in as an owner reading the demo's inbox does: the form, then /dev/mail in the browser,
 * the mail's link (it opens a tab, as a mail client would), 'Entrar' there; the first tab then
 * has the session too.
 */
async function signInFromInbox(page: Page): Promise<void> {
  await page.goto(`${site.url}/panel`);
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(OWNER);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(page.getByText('Si esa dirección tiene acceso, te hemos enviado un enlace.')).toBeVisible();
  await expect.poll(async () => (await inbox(OWNER)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.goto(`${site.url}/dev/mail`);
  const mail = page.frameLocator('article:has-text("Tu enlace para entrar al panel de") iframe').first();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), mail.getByRole('link', { name: 'Entrar al panel' }).click()]);
  await tab.getByRole('button', { name: 'Entrar' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible();
  await tab.close();
  await page.goto(`${site.url}/panel`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible();
}

/** A mark on the page's window: still there later means the page was never reloaded. */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { panelMark: number }).panelMark = 1));
const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { panelMark?: number }).panelMark === 1);

const widget = (page: Page) => page.locator('helena-assistant');

/**
 * A visitor on the demo site, in a browser context of their own: the call, a typed line with the
 * address, the form, the hang-up; resolves once the proposal mail is out, with its call id.
 */
async function visitorLeavesLead(browser: Browser, lead: { email: string; name: string; company: string }): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/`);
  await widget(page).getByRole('button', { name: 'Hablar con Helena' }).click();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 20_000 });
  await widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' }).fill(`Tengo una floristería y quiero una web, mi correo es ${lead.email}.`);
  await widget(page).getByRole('button', { name: 'Enviar', exact: true }).click();
  const dialog = widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
  await expect(dialog.getByRole('textbox', { name: 'Tu correo electrónico' })).toHaveValue(lead.email, { timeout: 15_000 });
  // The assistant's whole answer repeating the address, as a visitor reading the chat waits for it.
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.confirmEmail.replace('{email}', lead.email))).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('textbox', { name: 'Nombre completo' }).fill(lead.name);
  await dialog.getByRole('textbox', { name: 'Cargo' }).fill('Dueña');
  await dialog.getByRole('textbox', { name: 'Empresa' }).fill(lead.company);
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  const callId = (await page.evaluate(() => localStorage.getItem('callId')))!;
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect
    .poll(async () => (await inbox(lead.email)).map((m) => m.subject), { timeout: 20_000 })
    .toContain('Tu propuesta personalizada');
  await context.close();
  return callId;
}

/** The visitor accepts the proposal on its page, in a context of their own. */
async function visitorAccepts(browser: Browser, callId: string, name: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/propuesta/${callId}`);
  await page.getByRole('textbox', { name: 'Tu nombre completo' }).fill(name);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Aceptar propuesta' }).click();
  await expect(page.getByText(/Propuesta aceptada el/).first()).toBeVisible();
  await context.close();
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('the owner path: sign in, a new lead appears, the acceptance shows, won, export, erase', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const problems = await watch(page);
  await signInFromInbox(page);
  await markNoReload(page);
  await shot(page, 'desktop-1-leads-empty');

  const lead = { email: 'rocio.flores@petalo.example', name: 'Rocío Flores', company: 'Floristería Pétalo' };
  const callId = await visitorLeavesLead(browser, lead);
  // The poll brings it in, without a reload, within 15 s.
  await expect(row(page, lead.email)).toBeVisible({ timeout: 15_000 });
  await expect(row(page, lead.email)).toContainText(lead.company);
  await expect(row(page, lead.email)).toContainText('enviada');
  expect(await stillNoReload(page)).toBe(true);
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'desktop-2-leads');

  await row(page, lead.email).getByRole('link', { name: lead.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(lead.name) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversación' })).toContainText('mi correo es');
  await expect(page.getByRole('region', { name: 'Conversación' })).toContainText(/\d+:\d\d/);
  await expect(page.getByRole('region', { name: 'Aceptación' })).toContainText('Aún sin aceptar.');
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'desktop-3-lead');

  await visitorAccepts(browser, callId, lead.name);
  await expect(page.getByRole('region', { name: 'Aceptación' })).toContainText(`«${lead.name}»`, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('aceptada');
  expect(await stillNoReload(page)).toBe(true);

  await page.getByRole('textbox', { name: 'Nota (opcional)' }).fill('Firmado por teléfono');
  await page.getByRole('button', { name: 'Ganada' }).click();
  await expect(page.getByText('Marcado como ganada.').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ganada');
  await expect(page.getByRole('button', { name: 'Ganada' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'desktop-4-won');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar sus datos' }).click()]);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain(lead.email);
  expect(() => JSON.parse(exported)).not.toThrow();
  await expect(page.getByText('Exportación descargada.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Borrar a esta persona' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(lead.email);
  await shot(page, 'desktop-5-erase-confirm');
  await confirm.getByRole('button', { name: `Sí, borrar ${lead.email}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible();
  await expect(page.getByText('Datos borrados.').first()).toBeVisible();
  await expect(row(page, lead.email)).toHaveCount(0);

  // Each action is in the audit log, by the owner.
  await page.getByRole('link', { name: 'Registro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de acciones' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: OWNER }).first()).toBeVisible();
  for (const action of ['Marcado como ganada', 'Datos exportados', 'Datos borrados']) {
    await expect(page.getByRole('row').filter({ hasText: OWNER }).filter({ hasText: action })).toHaveCount(1);
  }
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'desktop-6-audit');

  await page.getByRole('link', { name: 'Embudo' }).click();
  await expect(page.getByRole('rowheader', { name: 'Conversaciones' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Contactos y propuestas aceptadas/ })).toBeVisible();
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'desktop-7-funnel');

  await page.getByRole('link', { name: 'Catálogo' }).click();
  await page.getByRole('textbox', { name: 'Lo que diría un visitante' }).fill('Quiero una tienda online con reservas');
  await page.getByRole('button', { name: 'Probar', exact: true }).click();
  await expect(page.getByText(/Total:/).first()).toBeVisible();
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'desktop-8-catalogue');

  // 'Cerrar sesión' ends the session on the server: the panel's data is refused afterwards.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toBeVisible();
  const after = await page.request.get(`${site.url}/api/trpc/panel.leads.list?input=${encodeURIComponent('{}')}`);
  expect(after.status()).toBe(401);
  expect(problems).toEqual([]);
});

test('at a phone width (375 px) the list and a lead fit the screen, and axe finds nothing serious', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const problems = await watch(page);
  const email = 'marta.movil@example.com';
  await leadWithMail(site.url, email, 'Marta Móvil');
  await signIn(page);
  await expect(row(page, email)).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'phone-1-leads');
  await row(page, email).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /Marta Móvil/ })).toBeVisible();
  expect(await fits()).toBe(true);
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, 'phone-2-lead');
  await page.getByRole('button', { name: 'Perdida' }).click();
  await expect(page.getByText('Marcado como perdida.').first()).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Conversation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('lost');
  await shot(page, 'phone-3-english');
  // The choice stays for the next visit.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('keyboard only: skip link, a lead from the list, an action, with visible focus', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = 'teclado@example.com';
  await leadWithMail(site.url, email, 'Teo Teclado');
  await signIn(page);
  await expect(row(page, email)).toBeVisible();
  // A fresh load of the panel: the first Tab reaches the skip link, Enter moves into the main part.
  await page.goto(`${site.url}/panel`);
  await expect(row(page, email)).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Saltar al contenido');
  const outline = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(await outline()).not.toBe('none');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  // Tab on to the lead's link; Enter opens it.
  for (let i = 0; i < 40 && (await focusedLabel(page)) !== 'Teo Teclado'; i++) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Teo Teclado');
  expect(await outline()).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Teo Teclado/ })).toBeVisible();
  for (let i = 0; i < 40 && (await focusedLabel(page)) !== 'Ganada'; i++) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Ganada');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Marcado como ganada.').first()).toBeVisible();
  await shot(page, 'keyboard-won');
});
