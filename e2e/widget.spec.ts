// <helena-assistant> in Chromium, on a host page with hostile CSS, against the real server
// (api/src/server.ts: tRPC over SQLite, the mail outbox and the local Postmark sink) with the
// platform simulator mounted at /sim — the demo-mode path a fresh install uses. The host page is
// another origin than the server, as on a customer's site.
//   - the whole lead flow: spoken and typed turns, the email modal, the proposal email in /dev/mail
//   - a keyboard-only pass
//   - an axe scan with 0 serious or critical violations
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/simulator/node';
import { loadConfig } from '@helena/api/config';
import { createLogger } from '@helena/api/log';
import { startServer, type RunningServer } from '@helena/api/server';
import { axeSeriousOrCritical } from './helpers/page';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'widget', 'dist');

// Everything a careless or hostile site can throw at an embedded widget.
const HOSTILE_CSS = `
html { font-size: 40px !important; }
* { font: italic 30px/3 "Comic Sans MS", cursive !important; color: #f0f !important; letter-spacing: 6px !important;
    text-transform: uppercase !important; box-sizing: content-box !important; line-height: 4 !important;
    border-radius: 0 !important; margin: 7px !important; }
button, input, [role="dialog"], section, ul, li, h2, p, form { display: none !important; visibility: hidden !important; }
div { position: static !important; opacity: .2 !important; }
:focus, :focus-visible { outline: none !important; }
helena-assistant { display: none !important; position: absolute !important; left: -9999px !important;
    transform: rotate(10deg) !important; filter: blur(3px) !important; opacity: .1 !important; contain: strict !important; }
/* (Transforms and filters on the page's own ancestors, html and body, would move any fixed overlay: not tested.) */
`;

// The default mode: the button calls at once, the specification's flow, which these tests follow.
const hostPage = (api: string, idle = false) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Cliente con CSS hostil</title>
<style>${HOSTILE_CSS}</style></head>
<body><main><h1>Tienda de ejemplo</h1><p>Un sitio cualquiera con un CSS que rompe todo.</p>
<a href="#top">Enlace del sitio</a></main>
<helena-assistant name="Helena" company="Acme AI" chat-label="Chat" api-url="${api}" show-on="/"${idle ? '' : ' loading="intent"'}></helena-assistant>
<script type="module" src="${api}/helena-assistant.js"></script>
</body></html>`;

/** What widget/README.md says a page with a CSP must allow, and nothing more (no inline styles). */
const strictCsp = (api: string) =>
  [
    "default-src 'none'",
    `script-src ${api}`,
    `connect-src ${api} ${api.replace(/^http/, 'ws')}`,
    `style-src 'sha256-${createHash('sha256').update(HOSTILE_CSS).digest('base64')}'`,
    "img-src 'none'",
  ].join('; ');

let simulator: PlatformSimulator;
let server: RunningServer;
let host: Server;
let hostUrl: string;
let dataDir: string;
let apiUrl = '';

test.beforeAll(async () => {
  if (!existsSync(join(dist, 'manifest.json'))) {
    const r = spawnSync(process.execPath, [join(root, 'widget', 'build.mjs')], { stdio: 'inherit' });
    expect(r.status).toBe(0);
  }
  host = createServer((req, res) => {
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    // A strict policy: the page's own inline <style> is allowed by hash only, nothing else inline.
    if ((req.url ?? '').includes('csp')) headers['content-security-policy'] = strictCsp(apiUrl);
    res.writeHead(200, headers);
    res.end(hostPage(apiUrl, (req.url ?? '').includes('idle')));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1: another origin than the server's.
  hostUrl = `http://localhost:${(host.address() as { port: number }).port}`;

  dataDir = mkdtempSync(join(tmpdir(), 'helena-widget-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ALLOWED_ORIGINS: hostUrl,
    DATABASE_PATH: join(dataDir, 'helena.db'),
    RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_POLL_MS: '50',
  });
  server = await startServer({
    config,
    log: createLogger({ level: 'silent' }),
    staticRoots: [{ prefix: '/', dir: dist }],
    // The local mail inbox the test reads (served only when asked for, and only to loopback).
    devMail: true,
    // The simulator is made once the port is known: the URLs it hands out (webCallUrl) need
    // its public base, and the mount strips the /sim prefix from what it sees.
    mounts: [{ prefix: '/sim', app: { fetch: (req: Request) => simulator.fetch(req) } }],
    onServer: (s) => {
      const { port } = s.address() as { port: number };
      simulator = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, script: { speed: 6 }, publicUrl: `http://127.0.0.1:${port}/sim` });
      simulator.attachRooms(s, { prefix: '/sim' });
    },
  });
  apiUrl = server.url;
});

test.afterAll(async () => {
  await simulator?.close();
  await server?.close();
  await new Promise((resolve) => host?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Locators pierce open shadow roots (both the facade's and the UI element's). */
const widget = (page: Page) => page.locator('helena-assistant');

async function mail(to: string): Promise<Array<{ to: string; subject: string; html: string }>> {
  const res = await fetch(`${apiUrl}/dev/mail.json`);
  const list = (await res.json()) as Array<{ to: string; subject: string; html: string }>;
  return list.filter((m) => m.to.includes(to));
}

test('the whole lead flow on a hostile page, against the server and the simulator', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const chunkRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(apiUrl)) chunkRequests.push(new URL(r.url()).pathname);
  });
  const events: string[] = [];
  await page.exposeFunction('recordHelenaEvent', (type: string) => void events.push(type));
  await page.addInitScript(() => {
    for (const t of ['helena:call-start', 'helena:call-end', 'helena:lead', 'helena:error']) {
      document.addEventListener(t, () => (window as any).recordHelenaEvent(t));
    }
  });
  await page.goto(hostUrl + '/');
  const headBefore = await page.evaluate(() => document.head.innerHTML);

  // The placeholder is there at once, untouched by the hostile CSS; nothing else is loaded.
  const launcher = widget(page).getByRole('button', { name: 'Hablar con Helena' });
  await expect(launcher).toBeVisible();
  const box = (await launcher.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.width)).toBe(64);
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 100);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 100);
  expect(chunkRequests).toEqual(['/helena-assistant.js']);

  // Click: the UI chunk loads and the click is not lost — the panel opens and the call starts.
  await launcher.click();
  const panel = widget(page).getByRole('region', { name: 'Chat con Helena' });
  await expect(panel).toBeVisible();
  await expect(widget(page).getByText('modo demostración')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(/Soy Helena/).first()).toBeVisible({ timeout: 15_000 });

  // The host CSS did not get in: the panel keeps its own font, size and colours.
  const style = await panel.evaluate((el) => {
    const s = getComputedStyle(el);
    const title = getComputedStyle(el.querySelector('h2')!);
    return { width: s.width, display: s.display, font: title.fontSize, transform: title.transform, text: title.textTransform };
  });
  expect(style).toEqual({ width: '320px', display: 'flex', font: '15px', transform: 'none', text: 'none' });

  // A typed turn, then the email said aloud in the call (the simulator's user transcript).
  const input = widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
  await input.fill('Tengo una clínica dental en Sevilla');
  await widget(page).getByRole('button', { name: 'Enviar' }).click();
  await expect(widget(page).getByRole('log').getByText(/correo electrónico/)).toBeVisible({ timeout: 15_000 });
  const vapiCallId = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  expect(vapiCallId).toBeTruthy();
  expect(simulator.rooms.speak(vapiCallId!, 'mi correo es ana punto garcia arroba clinica guion sevilla punto es')).toBe(true);

  // The email modal opens prefilled.
  const dialog = widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByPlaceholder('Tu correo electrónico')).toHaveValue('ana.garcia@clinica-sevilla.es');
  await dialog.getByRole('textbox', { name: 'Nombre completo' }).fill('Ana García');
  await dialog.getByRole('textbox', { name: 'Cargo' }).fill('Directora');
  await dialog.getByRole('textbox', { name: 'Empresa' }).fill('Clínica Sevilla');
  await page.screenshot({ path: 'e2e/artifacts/widget-email-modal.png' });
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();

  // Sonner's toast, styled inside the shadow root (top right), then the modal closes.
  const toast = widget(page).getByText('Enviando propuesta personalizada...');
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y).toBeLessThan(200);
  expect(toastBox.x).toBeGreaterThan(viewport.width / 2);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  expect(await page.evaluate(() => [localStorage.getItem('correoUsuario'), !!localStorage.getItem('callId')])).toEqual([
    'ana.garcia@clinica-sevilla.es',
    true,
  ]);

  // The server sent the proposal: the local Postmark sink has it, linking to the proposal page.
  const callId = await page.evaluate(() => localStorage.getItem('callId'));
  await expect.poll(async () => (await mail('ana.garcia@clinica-sevilla.es')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const sent = await mail('ana.garcia@clinica-sevilla.es');
  expect(sent.some((m) => m.html.includes(`/propuesta/${callId}`))).toBe(true);

  // End the call: the notice, and the record updated.
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  await expect(widget(page).getByText('Gracias por la conversación. ¡Hasta luego!')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Iniciar nueva conversación' })).toBeVisible();
  const row = await fetch(`${apiUrl}/api/trpc/vapi_call.getByVapiId?input=${encodeURIComponent(JSON.stringify({ vapi_id: vapiCallId }))}`, {
    headers: { origin: hostUrl },
  }).then((r) => r.json());
  await expect
    .poll(async () =>
      (
        await fetch(`${apiUrl}/api/trpc/vapi_call.getByVapiId?input=${encodeURIComponent(JSON.stringify({ vapi_id: vapiCallId }))}`).then(
          (r) => r.json(),
        )
      ).result.data.status,
    )
    .toBe('inactive');
  expect(row.result.data.vapi_id).toBe(vapiCallId);

  expect(events).toEqual(['helena:call-start', 'helena:lead', 'helena:call-end']);
  // Nothing was written into the host page's <head> (sonner's CSS is in the shadow root).
  expect(await page.evaluate(() => document.head.innerHTML)).toBe(headBefore);
  expect(errors).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/widget-ended.png' });
});

test('when idle, the UI chunk is fetched and compiled but not run; a click then opens the panel', async ({ page }) => {
  const fetched: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(apiUrl)) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto(hostUrl + '/?idle');
  await expect.poll(() => fetched.some((p) => /^\/chunks\/ui-/.test(p)), { timeout: 10_000 }).toBe(true);
  expect(await page.evaluate(() => !!customElements.get('helena-assistant-ui'))).toBe(false);
  await widget(page).getByRole('button', { name: 'Hablar con Helena' }).click();
  await expect(widget(page).getByRole('region', { name: 'Chat con Helena' })).toBeVisible();
  expect(fetched.filter((p) => /^\/chunks\/ui-/.test(p))).toHaveLength(1);
});

test('a strict Content-Security-Policy (no inline styles) still gets a styled, working widget', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('recordViolation', (v: string) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as any).recordViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(hostUrl + '/?csp');
  const launcher = widget(page).getByRole('button', { name: 'Hablar con Helena' });
  await expect(launcher).toBeVisible();
  expect(Math.round((await launcher.boundingBox())!.width)).toBe(64);
  await launcher.click();
  const panel = widget(page).getByRole('region', { name: 'Chat con Helena' });
  await expect(panel).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  expect(await panel.evaluate((el) => getComputedStyle(el).width)).toBe('320px');
  await widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('ana@acme.com');
  await widget(page).getByRole('button', { name: 'Enviar' }).click();
  const dialog = widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('16px');
  await dialog.getByPlaceholder('Tu correo electrónico').fill('');
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
  const toast = widget(page).getByText('El correo es obligatorio');
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())!.y).toBeLessThan(200); // sonner's CSS applied: top right
  expect(violations).toEqual([]);
});

test('prefers-reduced-motion: no animation, no transition', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(hostUrl + '/');
  await widget(page).getByRole('button', { name: 'Hablar con Helena' }).click();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(/Soy Helena/).first()).toBeVisible({ timeout: 15_000 });
  await widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('Tengo una tienda online');
  await widget(page).getByRole('button', { name: 'Enviar' }).click();
  const dot = widget(page).locator('[part="speaking"] i').first();
  await expect(dot).toBeVisible({ timeout: 15_000 }); // the speaking indicator, while the answer is spoken
  expect(await dot.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  const bar = widget(page).locator('[part="volume"] span').first();
  expect(await bar.evaluate((el) => [getComputedStyle(el).transitionDuration, getComputedStyle(el).transform])).toEqual(['0s', 'none']);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await widget(page).locator('[part="volume"] span').first().evaluate((el) => getComputedStyle(el).transitionDuration)).not.toBe('0s');
});

test('keyboard only: reach, open, talk, fill the modal, close dialogs, with visible focus', async ({ page }) => {
  await page.goto(hostUrl + '/');
  const focusRing = () =>
    page.evaluate(() => {
      let a: Element | null = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      const s = a ? getComputedStyle(a) : null;
      return { label: a?.getAttribute('aria-label') ?? a?.textContent ?? '', outline: s ? `${s.outlineStyle} ${s.outlineWidth}` : '' };
    });

  // Tab from the page's own link to the launcher.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await focusRing()).label).toBe('Hablar con Helena');
  expect((await focusRing()).outline).toMatch(/^solid [1-9]/);

  // Enter opens the panel and starts the call.
  await page.keyboard.press('Enter');
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });

  // Tab through the panel to the message box; every stop shows a focus ring.
  const seen: string[] = [];
  for (let i = 0; i < 8 && (await focusRing()).label !== 'Escribe tu mensaje'; i++) {
    await page.keyboard.press('Tab');
    const f = await focusRing();
    seen.push(f.label);
    expect(f.outline, `focus ring on ${f.label}`).toMatch(/^solid [1-9]/);
  }
  expect((await focusRing()).label).toBe('Escribe tu mensaje');
  await page.keyboard.type('mi correo es luis@empresa.com');
  await page.keyboard.press('Enter');

  // The modal opens with focus inside, on the email field; Tab stays inside; Escape closes it.
  const dialog = widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => (await focusRing()).label).toBe('Tu correo electrónico');
  for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
  expect(['Tu correo electrónico', 'Nombre completo', 'Cargo', 'Empresa', 'Cerrar', 'Enviar propuestas']).toContain((await focusRing()).label);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await focusRing()).label).toBe('Escribe tu mensaje');

  // The transcript dialog: open with the keyboard, Escape closes it and focus returns.
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 6 && (await focusRing()).label !== 'Ver Transcripción'; i++) await page.keyboard.press('Shift+Tab');
  expect((await focusRing()).label).toBe('Ver Transcripción');
  await page.keyboard.press('Enter');
  const transcript = widget(page).getByRole('dialog', { name: 'Transcripción del Chat con Helena' });
  await expect(transcript).toBeVisible();
  await expect.poll(async () => (await focusRing()).label).toBe('Cerrar Vista');
  await page.keyboard.press('Escape');
  await expect(transcript).toBeHidden();
  expect((await focusRing()).label).toBe('Ver Transcripción');

  // A toast: Alt+T moves focus to the toaster (sonner's hotkey), Escape dismisses it.
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 8 && (await focusRing()).label !== 'Escribe tu mensaje'; i++) await page.keyboard.press('Tab');
  await page.keyboard.type('otra vez: luis.b@empresa.com');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Shift+Tab'); // wraps to the last control
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 6 && (await focusRing()).label !== 'Tu correo electrónico'; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter'); // submits the form with an empty email
  const toast = widget(page).getByText('El correo es obligatorio');
  await expect(toast).toBeVisible();
  await page.keyboard.press('Alt+T');
  await expect
    .poll(() =>
      page.evaluate(() => {
        let a: Element | null = document.activeElement;
        while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
        return !!a?.closest('[data-sonner-toaster]');
      }),
    )
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(toast).toBeHidden({ timeout: 5_000 });
});

test('axe: 0 serious or critical violations, closed, open, and with each dialog', async ({ page }) => {
  await page.goto(hostUrl + '/');
  await expect(widget(page).getByRole('button', { name: 'Hablar con Helena' })).toBeVisible();
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);

  await widget(page).getByRole('button', { name: 'Hablar con Helena' }).click();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(/Soy Helena/).first()).toBeVisible({ timeout: 15_000 });
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);

  await widget(page).getByRole('button', { name: 'Ver Transcripción' }).click();
  await expect(widget(page).getByRole('dialog')).toBeVisible();
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);
  await widget(page).getByRole('button', { name: 'Cerrar Vista' }).click();

  await widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('ana@acme.com');
  await widget(page).getByRole('button', { name: 'Enviar' }).click();
  await expect(widget(page).getByRole('dialog', { name: 'Enviar propuestas' })).toBeVisible();
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);
  await widget(page).getByRole('button', { name: 'Cerrar', exact: true }).click();

  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);
});
