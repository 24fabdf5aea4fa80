// The demo site as `npm start` serves it (e2e/helpers/demo-server.ts): the Nexia home page with
// <helena-assistant> embedded by one script tag, under the site's strict CSP, talking to the
// platform simulator mounted at /sim, saving to SQLite and mailing through the local Postmark sink.
//   - the whole lead flow, with the email typed and with the email spoken
//   - failure paths: the empty email, a customer save the server fails, the end of the call
//   - rules and quality: no button on /propuesta/…, keyboard only, axe, no CSP violations
//   - the default mode follows the specification: the button and toggleHelenaChat start the call;
//     after it, a typed line is a text chat (no microphone, no call); chat mode
//   - a reload or another page of the site rejoins the live call
// Screenshots of each step go to e2e/artifacts/demo-site/.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_LINES } from '@helena/contract';
import { SqliteDatabase as Database } from '@helena/api/db';
import { SECRET as WEBHOOK_SECRET, startReceiver, type Receiver } from '@helena/api/test/webhook-receiver';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { countMicrophoneRequests } from './helpers/page-activity';
import { axeSeriousOrCritical, focusedLabel as focused, screenshots } from './helpers/page';

interface SinkMail {
  to: string;
  subject: string;
  html: string;
}

const ARTIFACTS = fileURLToPath(new URL('artifacts/demo-site/', import.meta.url));

let site: DemoServer;
/** The sales team's inbox and the CRM's endpoint, as an operator sets them. */
const SALES = 'ventas@nexia.example';
let crm: Receiver;
useDemoServer(
  (s) => (site = s),
  async () => {
    crm = await startReceiver();
    return { SALES_EMAIL: SALES, LEAD_WEBHOOK_URL: crm.url, LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET };
  },
);
test.afterAll(async () => crm?.close());

/** A screenshot kept as an artifact in e2e/artifacts/demo-site/. */
const shot = screenshots(ARTIFACTS);

/**
 * What went wrong in the page: console errors (other than Chromium's 'Failed to load resource',
 * which `http` records with its URL), failed responses, uncaught errors and CSP violations.
 */
interface Problems {
  console: string[];
  http: string[];
  errors: string[];
  csp: string[];
}
const NO_PROBLEMS: Problems = { console: [], http: [], errors: [], csp: [] };

/** Opens the home page, recording problems from the very first byte. */
async function openHome(page: Page): Promise<Problems> {
  const problems: Problems = { console: [], http: [], errors: [], csp: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.console.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.http.push(`${r.status()} ${r.request().method()} ${r.url().replace(site.url, '')}`);
  });
  page.on('pageerror', (e) => problems.errors.push(e.message));
  await page.exposeFunction('recordCspViolation', (v: string) => void problems.csp.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { recordCspViolation(v: string): void }).recordCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  const response = await page.goto(site.url + '/');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return problems;
}

/** Playwright's role and text locators pierce the open shadow roots of the facade and the UI. */
const widget = (page: Page) => page.locator('helena-assistant');
const launcher = (page: Page) => widget(page).getByRole('button', { name: 'Hablar con Helena' });
const emailModal = (page: Page) => widget(page).getByRole('dialog', { name: 'Enviar propuestas' });
const messageBox = (page: Page) => widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
const GREETING = '¡Hola! Soy Helena, la asistente virtual de Nexia. ¿En qué puedo ayudarte hoy?';

/**
 * Presses the launcher (the page's element is in the default mode: the panel opens and the call
 * starts) and waits for the call and the assistant's first message.
 */
async function startCall(page: Page) {
  await expect(launcher(page)).toBeVisible();
  await launcher(page).click();
  await expect(widget(page).getByRole('region', { name: 'Chat con Helena' })).toBeVisible();
  await expect(widget(page).getByText('modo demostración')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(GREETING)).toBeVisible({ timeout: 15_000 });
}

async function typeMessage(page: Page, text: string) {
  await messageBox(page).fill(text);
  await widget(page).getByRole('button', { name: 'Enviar', exact: true }).click();
}

/** The email modal, open and prefilled with `email`. */
async function prefilledModal(page: Page, email: string): Promise<Locator> {
  const dialog = emailModal(page);
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('textbox', { name: 'Tu correo electrónico' })).toHaveValue(email);
  return dialog;
}

/**
 * The visitor types a line with an address: the modal opens prefilled with it, and the assistant's
 * whole answer repeating the address arrives (a partial transcript never holds the last word, so
 * the whole line is the final one). Waiting for that answer is what a visitor reading the chat
 * does; an answer that arrives after the visitor has moved on to another address re-prompts the
 * modal for the address already saved (a widget bug).
 */
async function typeEmailAndAwaitAnswer(page: Page, line: string, email: string): Promise<Locator> {
  await typeMessage(page, line);
  const dialog = await prefilledModal(page, email);
  const answer = DEMO_LINES.confirmEmail.replace('{email}', email);
  await expect(widget(page).getByRole('log').getByText(answer)).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** The platform call id the widget stored, and the simulator's hook that makes the visitor speak. */
async function speak(page: Page, text: string) {
  const vapiCallId = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  expect(vapiCallId).toBeTruthy();
  // In-process: the server that anyone can reach serves no simulator test controls.
  expect(site.speak(vapiCallId!, text)).toBe(true);
}

async function mailTo(address: string): Promise<SinkMail[]> {
  const res = await fetch(`${site.url}/dev/mail.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as SinkMail[]).filter((m) => m.to.includes(address));
}

interface Lead {
  email: string;
  name: string;
  cargo: string;
  company: string;
}

/** Name, role and company in the open modal (the email is already there), then submit. */
async function completeModal(page: Page, dialog: Locator, lead: Lead, step: string) {
  await expect(dialog.getByText('Ingresa tu correo para recibir las propuestas')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nombre completo' }).fill(lead.name);
  await dialog.getByRole('textbox', { name: 'Cargo' }).fill(lead.cargo);
  await dialog.getByRole('textbox', { name: 'Empresa' }).fill(lead.company);
  await shot(page, `${step}-modal-filled`);
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
}

/**
 * After a submit: the toast and the confirmation email at once; the proposal email once the
 * visitor hangs up and the platform's end-of-call report arrives (the demo takes the production
 * path), quoting what the visitor said (`quote`); then the proposal page.
 */
async function expectProposalDelivered(page: Page, lead: Lead, step: string, quote: string) {
  await expect(widget(page).getByText('Enviando propuesta personalizada...')).toBeVisible();
  await expect(emailModal(page)).toBeHidden({ timeout: 5_000 });
  await shot(page, `${step}-toast`);
  const callId = await page.evaluate(() => localStorage.getItem('callId'));
  expect(callId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => localStorage.getItem('correoUsuario'))).toBe(lead.email);

  await expect
    .poll(async () => (await mailTo(lead.email)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual(['Hemos recibido tu solicitud']);
  // The call is still up after the lead; the proposal waits for its end.
  const hangUp = widget(page).getByRole('button', { name: 'Finalizar Llamada' });
  await expect(hangUp).toBeVisible();
  await hangUp.click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () => (await mailTo(lead.email)).map((m) => m.subject).sort(), { timeout: 15_000 })
    .toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
  const link = `${site.url}/propuesta/${callId}`;
  const mails = await mailTo(lead.email);
  for (const m of mails) expect(m.html, m.subject).toContain(`href="${link}"`);
  // The platform's summary of this very conversation, not a stock sentence.
  expect(mails.find((m) => m.subject === 'Tu propuesta personalizada')!.html).toContain(quote);

  // The sink's inbox page lists them too.
  const inbox = await page.context().newPage();
  await inbox.goto(site.url + '/dev/mail');
  await expect(inbox.getByText('Tu propuesta personalizada').first()).toBeVisible();
  await inbox.close();

  // The link from the email: the proposal page, with the name and the company, and no button.
  const proposal = await page.context().newPage();
  const response = await proposal.goto(link);
  expect(response?.status()).toBe(200);
  await expect(proposal.getByText(`Hola, ${lead.name}`).first()).toBeVisible();
  await expect(proposal.getByText(lead.company).first()).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Hablar con Helena' })).toHaveCount(0);
  await shot(proposal, `${step}-proposal-page`);
  await proposal.close();
}

test('the whole lead flow: the email typed in the chat, the modal, the emails, the proposal page', async ({ page }) => {
  const problems = await openHome(page);
  await shot(page, 'typed-1-home');
  await startCall(page);
  await shot(page, 'typed-2-greeting');

  const lead = { email: 'laura.gomez@estudio-gomez.es', name: 'Laura Gómez', cargo: 'Gerente', company: 'Estudio Gómez' };
  await typeMessage(page, `Tengo un estudio de arquitectura, mi correo es ${lead.email}.`);
  await expect(widget(page).getByRole('log').getByText(`mi correo es ${lead.email}`)).toBeVisible();
  const dialog = await prefilledModal(page, lead.email);
  await completeModal(page, dialog, lead, 'typed-3');
  await expectProposalDelivered(page, lead, 'typed-4', `Contacto: ${lead.email}`);
  expect(problems).toEqual(NO_PROBLEMS);
});

test('the same flow with the email spoken: the transcript says "arroba" and "punto"', async ({ page }) => {
  const problems = await openHome(page);
  await startCall(page);
  await speak(page, 'mi correo es ana arroba empresa punto com');
  // The visitor's transcript, as the platform heard it; the widget understands the spoken address.
  await expect(widget(page).getByRole('log').getByText('mi correo es ana arroba empresa punto com')).toBeVisible({ timeout: 10_000 });
  const dialog = await prefilledModal(page, 'ana@empresa.com');
  await shot(page, 'spoken-1-modal-prefilled');
  const lead = { email: 'ana@empresa.com', name: 'Ana Ruiz', cargo: 'Directora comercial', company: 'Empresa Ruiz' };
  await completeModal(page, dialog, lead, 'spoken-2');
  await expectProposalDelivered(page, lead, 'spoken-3', 'Contacto: ana@empresa.com');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('the assistant registers the lead itself: the visitor agrees aloud, the form closes, the proposal follows the call', async ({ page }) => {
  const problems = await openHome(page);
  await startCall(page);
  await speak(page, 'Tenemos una academia de baile en Valencia');
  await expect(widget(page).getByRole('log').getByText('Tenemos una academia de baile en Valencia')).toBeVisible({ timeout: 10_000 });
  await speak(page, 'mi correo es lola arroba baile punto es');
  await prefilledModal(page, 'lola@baile.es');
  // Agreeing is enough: the demo's assistant calls registrar_contacto and the server queues the proposal.
  await speak(page, 'sí, envíamela');
  await expect(emailModal(page)).toBeHidden({ timeout: 10_000 });
  await expect(widget(page).getByText('Enviando propuesta personalizada...')).toBeVisible();
  await expect(widget(page).getByRole('log').getByText('la propuesta va de camino a lola@baile.es')).toBeVisible({ timeout: 15_000 });
  await shot(page, 'tool-1-registered');
  await expect.poll(async () => (await mailTo('lola@baile.es')).map((m) => m.subject), { timeout: 15_000 }).toEqual(['Hemos recibido tu solicitud']);
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect
    .poll(async () => (await mailTo('lola@baile.es')).map((m) => m.subject).sort(), { timeout: 15_000 })
    .toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
  const proposal = (await mailTo('lola@baile.es')).find((m) => m.subject === 'Tu propuesta personalizada')!;
  expect(proposal.html).toContain('academia de baile en Valencia');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('the empty email: the toast "El correo es obligatorio", and nothing is sent', async ({ page }) => {
  const problems = await openHome(page);
  await startCall(page);
  await typeMessage(page, 'escríbeme a pablo@vacio.com');
  const dialog = await prefilledModal(page, 'pablo@vacio.com');
  await dialog.getByRole('textbox', { name: 'Tu correo electrónico' }).fill('');
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
  await expect(widget(page).getByText('El correo es obligatorio')).toBeVisible();
  await shot(page, 'empty-email-toast');
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('correoUsuario'))).toBeNull();
  expect(await mailTo('pablo@vacio.com')).toEqual([]);
  expect(problems).toEqual(NO_PROBLEMS);
});

test('a server that fails the customer save: the error toast, the email kept, and the flow goes on', async ({ page }) => {
  const problems = await openHome(page);
  await startCall(page);
  const first = { email: 'marta@fallo-guardado.com', name: 'Marta Soler', cargo: 'CEO', company: 'Soler SL' };
  const second = { ...first, email: 'marta@soler.es' };

  // The real server fails: the customer table refuses every write until the trigger is dropped.
  const db = new Database(site.dbPath);
  try {
    db.exec(`CREATE TRIGGER e2e_fail_customer_insert BEFORE INSERT ON customer BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;
             CREATE TRIGGER e2e_fail_customer_update BEFORE UPDATE ON customer BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;`);
    const dialog = await typeEmailAndAwaitAnswer(page, `mi correo es ${first.email}`, first.email);
    await completeModal(page, dialog, first, 'save-failure-1');
    await expect(widget(page).getByText('Error al guardar envio de propuesta')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await shot(page, 'save-failure-2-toast');
    expect(await page.evaluate(() => localStorage.getItem('correoUsuario'))).toBe(first.email);
    expect(db.prepare('SELECT count(*) AS n FROM customer WHERE email = ?').get(first.email)).toEqual({ n: 0 });
  } finally {
    db.exec('DROP TRIGGER IF EXISTS e2e_fail_customer_insert; DROP TRIGGER IF EXISTS e2e_fail_customer_update;');
    db.close();
  }
  expect(problems.http).toEqual([expect.stringMatching(/^500 POST \/api\/trpc\/customer\.upsert\b/)]);

  // The flow goes on: the call is still up, the assistant answers, and a new address gets through.
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible();
  const dialog = await typeEmailAndAwaitAnswer(page, `mejor a mi otro correo: ${second.email}`, second.email);
  await completeModal(page, dialog, second, 'save-failure-3');
  await expectProposalDelivered(page, second, 'save-failure-4', `Contacto: ${second.email}`);
  expect(await mailTo(first.email)).toEqual([]);

  // The failed save is the only failed request; nothing else went wrong in the page.
  expect(problems).toEqual({ ...NO_PROBLEMS, http: [expect.stringMatching(/^500 POST \/api\/trpc\/customer\.upsert\b/)] });
});

test('the end of the call: "La llamada ha finalizado", then "Iniciar nueva conversación" starts a new call', async ({ page }) => {
  const problems = await openHome(page);
  await startCall(page);
  const first = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  await expect(widget(page).getByText('Gracias por la conversación. ¡Hasta luego!')).toBeVisible();
  await shot(page, 'end-1-ended');

  await widget(page).getByRole('button', { name: 'Iniciar nueva conversación' }).click();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeHidden();
  await expect(widget(page).getByRole('log').getByText(GREETING).last()).toBeVisible({ timeout: 15_000 });
  const second = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  // The new call is live on the platform: the visitor's speech reaches it and the modal opens.
  await speak(page, 'mi correo es nuevo arroba segunda punto com');
  await prefilledModal(page, 'nuevo@segunda.com');
  await shot(page, 'end-2-new-call');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('the button is only on "/": not on the proposal page, and it leaves when the path changes', async ({ page }) => {
  // A real proposal page, made through the API the widget uses.
  const post = (path: string, body: unknown) =>
    fetch(`${site.url}/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify(body),
    }).then(async (r) => {
      expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
      return ((await r.json()) as { result: { data: { id: string } } }).result.data;
    });
  // A proposal needs a conversation the platform (here the demo's simulator) knows.
  const simCall = (await (
    await fetch(`${site.url}/sim/call/web`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: 'demo-assistant' }),
    })
  ).json()) as { id: string };
  const conversation = (await post('vapi_call.create', { vapi_id: simCall.id, initial_data: {}, status: 'active' })) as { id: string; token: string };
  const customer = await post('customer.upsert', { email: 'rosa@reglas.com', name: 'Rosa Vidal', company: 'Reglas SA' });
  const call = await post('calls.createWithVerification', {
    transaction: 'propuesta-' + Date.now(),
    customer_id: customer.id,
    vapi_call_id: conversation.id,
    vapi_call_token: conversation.token,
    status: 'completada',
  });
  await post('proposal.send', { callId: call.id, token: conversation.token });
  await page.goto(`${site.url}/propuesta/${call.id}`);
  await expect(page.getByText('Hola, Rosa Vidal').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hablar con Helena' })).toHaveCount(0);

  // On the home page it is there; after a client-side move to another path it is gone, and back.
  const problems = await openHome(page);
  await expect(launcher(page)).toBeVisible();
  await page.evaluate(() => {
    history.pushState({}, '', '/propuesta/otra');
    history.pushState({}, '', '/');
    history.back();
  });
  await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/propuesta/otra');
  await expect(launcher(page)).toHaveCount(0);
  await page.evaluate(() => history.forward());
  await expect(launcher(page)).toBeVisible();
  expect(problems).toEqual(NO_PROBLEMS);
});

test('keyboard only: Tab to the button, Enter, type, Enter, Escape closes the modal and focus returns', async ({ page }) => {
  const problems = await openHome(page);
  await expect(launcher(page)).toBeVisible();
  // Through the page's own links to the button at the end of the page.
  for (let i = 0; i < 30 && (await focused(page)) !== 'Hablar con Helena'; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Hablar con Helena');
  // The panel opens with the call starting and focus in the message box; the line goes to the call.
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('Escribe tu mensaje');
  await page.keyboard.type('mi correo es teclado@nexia-cliente.com');
  await page.keyboard.press('Enter');
  await expect(widget(page).getByRole('log').getByText('mi correo es teclado@nexia-cliente.com')).toBeVisible();

  const dialog = emailModal(page);
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => focused(page)).toBe('Tu correo electrónico');
  await shot(page, 'keyboard-modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focused(page)).toBe('Escribe tu mensaje');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('axe: the home page with the panel open and with the modal open has 0 serious or critical violations', async ({ page }) => {
  const problems = await openHome(page);
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await startCall(page);
  await shot(page, 'axe-1-panel');
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await typeMessage(page, 'mi correo es axe@nexia-cliente.com');
  await expect(emailModal(page)).toBeVisible({ timeout: 10_000 });
  await shot(page, 'axe-2-modal');
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  expect(problems).toEqual(NO_PROBLEMS);
});

// ── The default mode's flow; typing with no call live is a text chat ───────────────────────────


/** Records, in the page, each assistant line seen while it was still arriving (data-final="false"). */
async function recordStreamedLines(page: Page) {
  await page.evaluate(() => {
    const ui = document.querySelector('helena-assistant')?.shadowRoot?.querySelector('helena-assistant-ui')?.shadowRoot;
    if (!ui) throw new Error('no widget UI');
    const w = window as unknown as { partialLines: string[] };
    w.partialLines = [];
    new MutationObserver(() => {
      for (const li of ui.querySelectorAll('li.bot[data-final="false"]')) w.partialLines.push(li.textContent ?? '');
    }).observe(ui, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** The `vapi_call` row of a platform conversation id, as the server recorded it. */
function rowStatus(vapiId: string): string | undefined {
  const db = new Database(site.dbPath);
  try {
    return (db.prepare('SELECT status FROM vapi_call WHERE vapi_id = ?').get(vapiId) as { status: string } | undefined)?.status;
  } finally {
    db.close();
  }
}

/** The assistant's settled lines in the chat. */
const botLines = (page: Page) => widget(page).locator('li.bot[data-final="true"]');

/**
 * The call's connecting stage (on an empty panel, 'Conectando con {name}...') held until
 * `release()`, then the live call.
 */
async function expectConnectThenLive(page: Page, release: () => void, empty = true) {
  await expect(widget(page).getByRole('region', { name: 'Chat con Helena' })).toBeVisible();
  if (empty) await expect(widget(page).getByText('Conectando con Helena...')).toBeVisible();
  // No close control and no 'Finalizar Llamada' while connecting.
  await expect(widget(page).getByRole('button', { name: 'Cerrar chat' })).toHaveCount(0);
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toHaveCount(0);
  release();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByText('Conectando con Helena...')).toBeHidden();
  await expect(widget(page).getByRole('log').getByText(GREETING).last()).toBeVisible({ timeout: 15_000 });
}

/** Holds every `POST /sim/call/web` until `release()`: a platform slow to create the call. */
async function holdCallCreation(page: Page) {
  const releases: Array<() => void> = [];
  await page.route('**/sim/call/web', async (route) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    await route.continue();
  });
  return () => {
    for (const release of releases.splice(0)) release();
  };
}

test('the default flow: the button calls (connecting, live, ended), toggleHelenaChat calls too', async ({ page }) => {
  await countMicrophoneRequests(page);
  const problems = await openHome(page);
  const release = await holdCallCreation(page);
  await launcher(page).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { microphoneRequests: number }).microphoneRequests)).toBeGreaterThan(0);
  await expectConnectThenLive(page, release);
  await shot(page, 'default-1-live');
  const first = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  await expect.poll(() => rowStatus(first!), { timeout: 10_000 }).toBe('active');

  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  await expect(widget(page).getByText('Gracias por la conversación. ¡Hasta luego!')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Nueva Conversación', exact: true })).toBeVisible();
  await expect.poll(() => rowStatus(first!), { timeout: 10_000 }).toBe('inactive');
  // Inactive: the close control is back; closed, only the round button is left.
  await widget(page).getByRole('button', { name: 'Cerrar chat' }).click();
  await expect(widget(page).getByRole('region', { name: 'Chat con Helena' })).toHaveCount(0);
  await expect(launcher(page)).toBeVisible();

  // The host page's event opens the panel (the last conversation still in it) and calls again.
  await page.evaluate(() => window.dispatchEvent(new Event('toggleHelenaChat')));
  await expectConnectThenLive(page, release, false);
  const second = await page.evaluate(() => localStorage.getItem('vapiCallId'));
  expect(second).not.toBe(first);
  await shot(page, 'default-2-toggled');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('a call the platform refuses: the error leaves only the button and is announced; the button calls again', async ({ page }) => {
  const problems = await openHome(page);
  let refused = 0;
  await page.route('**/sim/call/web', async (route) => {
    if (refused++ === 0) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error","statusCode":500}' });
    else await route.continue();
  });
  await launcher(page).click();
  // An error closes the overlay to the round button, and says why (in the page's live region).
  await expect(widget(page).getByRole('status').getByText(/^Error: /)).toBeAttached({ timeout: 15_000 });
  await expect(widget(page).getByRole('region', { name: 'Chat con Helena' })).toHaveCount(0);
  await expect(launcher(page)).toBeVisible();
  await shot(page, 'refused-1-button');
  // Pressed again: the error is cleared and the call goes through.
  await launcher(page).click();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(/Error: /)).toBeVisible();
  expect(refused).toBe(2);
  expect(problems).toEqual({ ...NO_PROBLEMS, http: ['500 POST /sim/call/web'] });
});

test('after the call, a typed line is a text chat: no new call, no microphone, and the answer streams in', async ({ page }) => {
  await countMicrophoneRequests(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  const problems = await openHome(page);
  await startCall(page);
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  const microphone = () => page.evaluate(() => (window as unknown as { microphoneRequests: number }).microphoneRequests);
  const asked = await microphone();
  await recordStreamedLines(page);

  const before = await botLines(page).count();
  await typeMessage(page, '¿Cuánto cuesta?');
  await expect(botLines(page)).toHaveCount(before + 1, { timeout: 15_000 });
  expect(await botLines(page).last().textContent()).toContain(DEMO_LINES.price);
  const partial = await page.evaluate(() => (window as unknown as { partialLines: string[] }).partialLines);
  expect(partial.length).toBeGreaterThan(0);
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toHaveCount(0);
  await shot(page, 'after-call-chat');
  expect(await microphone()).toBe(asked);
  expect(requests.filter((r) => r === 'POST /sim/call/web')).toHaveLength(1);
  expect(requests).toContain('POST /sim/chat/web');
  expect(problems).toEqual(NO_PROBLEMS);
});

/** Switches the page's element to `mode="chat"` (text only) and opens it. */
async function openChatMode(page: Page) {
  await widget(page).evaluate((el) => el.setAttribute('mode', 'chat'));
  await launcher(page).click();
  await expect(widget(page).getByRole('region', { name: 'Chat con Helena' })).toBeVisible();
  await expect(widget(page).getByText('Esperando tu mensaje...')).toBeVisible();
}

test('chat mode: no microphone, no call, the answer streams in, and the lead goes through to the proposal', async ({ page }) => {
  await countMicrophoneRequests(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  const problems = await openHome(page);
  await openChatMode(page);
  await expect.poll(() => focused(page)).toBe('Escribe tu mensaje');
  // Text only: no call button beside 'Enviar'.
  await expect(widget(page).getByRole('button', { name: 'Hablar con Helena' })).toHaveCount(0);
  await recordStreamedLines(page);

  await typeMessage(page, 'Hola, ¿qué hacéis?');
  await expect(botLines(page)).toHaveCount(1, { timeout: 15_000 });
  // The answer arrived in pieces, each shown as it came.
  const partial = await page.evaluate(() => (window as unknown as { partialLines: string[] }).partialLines);
  expect(partial.length).toBeGreaterThan(0);
  expect(await botLines(page).first().textContent()).toContain(partial[0]!.replace(/^Helena: /, '').trim());
  await shot(page, 'chat-1-answer');

  await typeMessage(page, 'Tengo una floristería en Sevilla');
  await expect(botLines(page)).toHaveCount(2, { timeout: 15_000 });
  const lead = { email: 'rosa@floristeria-sevilla.es', name: 'Rosa Martín', cargo: 'Dueña', company: 'Floristería Sevilla' };
  await typeMessage(page, `mi correo es ${lead.email}`);
  const dialog = await prefilledModal(page, lead.email);
  await completeModal(page, dialog, lead, 'chat-2');
  await expect(widget(page).getByText('Enviando propuesta personalizada...')).toBeVisible();
  // The assistant, told by the page, confirms where the proposal went: once, with no second line from the page.
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.proposalOnItsWay.replace('{email}', lead.email))).toBeVisible({ timeout: 15_000 });
  await expect(botLines(page)).toHaveCount(4);
  await expect(widget(page).getByRole('log').getByText(/Propuesta en camino/)).toHaveCount(0);
  await shot(page, 'chat-3-confirmed');

  // A chat has no end-of-call report to wait for: both emails come now, the proposal quoting the visitor.
  await expect
    .poll(async () => (await mailTo(lead.email)).map((m) => m.subject).sort(), { timeout: 15_000 })
    .toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
  expect((await mailTo(lead.email)).find((m) => m.subject === 'Tu propuesta personalizada')!.html).toContain('Tengo una floristería en Sevilla');

  expect(await page.evaluate(() => (window as unknown as { microphoneRequests: number }).microphoneRequests)).toBe(0);
  expect(requests.filter((r) => r.endsWith('/call/web'))).toEqual([]);
  expect(requests.filter((r) => r === 'POST /sim/chat/web').length).toBeGreaterThanOrEqual(4);
  expect(problems).toEqual(NO_PROBLEMS);
});

test('a second request from the same address within the day: nothing is sent, and the visitor is told so, once', async ({ page, context }) => {
  const lead = { email: 'pablo@clinica-dental.es', name: 'Pablo', cargo: 'Director', company: 'Clínica Dental' };
  /** One visitor's chat, in a fresh tab of its own: business, address, the form. */
  const request = async (tab: Page) => {
    await openHome(tab);
    await openChatMode(tab);
    await typeMessage(tab, 'Tengo una clínica dental y quiero atender llamadas fuera de horario');
    // About the business, not the channels answer 'llamadas' would fetch for a question.
    await expect(botLines(tab)).toHaveCount(1, { timeout: 15_000 });
    await expect(botLines(tab).first()).toContainText(DEMO_LINES.businessNoted.replace('{business}', 'una clínica dental'));
    await expect(botLines(tab).first()).not.toContainText(DEMO_LINES.channels);
    await typeMessage(tab, `mi correo es ${lead.email}`);
    await completeModal(tab, await prefilledModal(tab, lead.email), lead, 'held');
  };
  await request(page);
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.proposalOnItsWay.replace('{email}', lead.email))).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await mailTo(lead.email)).length, { timeout: 15_000 }).toBe(2);

  const again = await context.newPage();
  await request(again);
  const told = DEMO_LINES.proposalSentRecently.replace('{email}', lead.email);
  await expect(widget(again).getByRole('log').getByText(told)).toBeVisible({ timeout: 15_000 });
  await expect(widget(again).getByText(`Ya se pidió una propuesta para ${lead.email} hace poco, así que no hemos enviado otra. Revisa tu bandeja de entrada.`)).toBeVisible();
  await expect(widget(again).getByText('Enviando propuesta personalizada...')).toHaveCount(0);
  await expect(widget(again).getByRole('log').getByText(/camino/)).toHaveCount(0);
  await shot(again, 'held-told');
  expect(await mailTo(lead.email)).toHaveLength(2);
});

/** How many vapi_call rows the server holds for a platform conversation id. */
function rowCount(vapiId: string): number {
  const db = new Database(site.dbPath);
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM vapi_call WHERE vapi_id = ?').get(vapiId) as { n: number }).n;
  } finally {
    db.close();
  }
}

test('a reload and a click to another page rejoin the live call: same call, one open row, the conversation so far, new lines appended', async ({ page }) => {
  const problems = await openHome(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/call/web')) calls.push(r.url());
  });
  await startCall(page);
  await typeMessage(page, '¿Funciona en WhatsApp?');
  await expect(widget(page).getByRole('log').getByText('¿Funciona en WhatsApp?')).toBeVisible();
  const vapiCallId = (await page.evaluate(() => localStorage.getItem('vapiCallId')))!;
  await expect.poll(() => rowStatus(vapiCallId), { timeout: 10_000 }).toBe('active');
  const lines = await widget(page).getByRole('log').getByText(GREETING).count();
  expect(lines).toBe(1);

  await page.reload();
  // Back in the same call: 'Finalizar Llamada' without pressing anything, and the same call id.
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(GREETING)).toHaveCount(1);
  await expect(widget(page).getByRole('log').getByText('¿Funciona en WhatsApp?')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vapiCallId'))).toBe(vapiCallId);
  expect(rowStatus(vapiCallId)).toBe('active');
  expect(rowCount(vapiCallId)).toBe(1);
  // New lines join the conversation so far, in the same call.
  await speak(page, '¿Cuánto cuesta?');
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.price, { exact: false })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'rejoin-1-after-reload');

  // Another page of the site (a new document of the same origin).
  await page.goto(site.url + '/?desde=servicios');
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.price, { exact: false })).toBeVisible();
  // The answer was on screen when the page went; its final, which the room may send after the
  // next page joined, settles that line rather than showing it twice.
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.price, { exact: false })).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('vapiCallId'))).toBe(vapiCallId);
  expect(rowCount(vapiCallId)).toBe(1);
  expect(rowStatus(vapiCallId)).toBe('active');
  expect(calls).toHaveLength(1); // one call created, joined three times

  // Hanging up ends it for good: the row closes, and the next reload does not rejoin.
  await widget(page).getByRole('button', { name: 'Finalizar Llamada' }).click();
  await expect(widget(page).getByText('La llamada ha finalizado')).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => rowStatus(vapiCallId), { timeout: 10_000 }).toBe('inactive');
  await page.reload();
  await launcher(page).click();
  await expect(widget(page).getByRole('log').getByText('¿Funciona en WhatsApp?')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Finalizar Llamada' })).toBeVisible({ timeout: 15_000 });
  const next = () => page.evaluate(() => localStorage.getItem('vapiCallId'));
  await expect.poll(async () => (await next()) !== null && (await next()) !== vapiCallId).toBe(true);
  expect(rowCount(vapiCallId)).toBe(1);
  expect(problems).toEqual(NO_PROBLEMS);
});

test('on a phone: the chat in the bottom sheet, by keyboard alone, with no serious axe violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const problems = await openHome(page);
  for (let i = 0; i < 30 && (await focused(page)) !== 'Hablar con Helena'; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Hablar con Helena');
  // Enter calls; the greeting comes, and focus waits in the message box for a typed line.
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('Escribe tu mensaje');
  const box = (await widget(page).getByRole('region', { name: 'Chat con Helena' }).boundingBox())!;
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.width)).toBe(390);
  await expect(widget(page).getByRole('log').getByText(GREETING)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.type('¿Cuánto cuesta?');
  await page.keyboard.press('Enter');
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.price, { exact: false })).toBeVisible({ timeout: 15_000 });
  expect(await focused(page)).toBe('Escribe tu mensaje');
  await shot(page, 'phone-chat');
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  expect(problems).toEqual(NO_PROBLEMS);
});

test('the demo assistant converses: answers questions, stops asking for the email, claims nothing unsent, and its example address prefills nothing', async ({ page }) => {
  const problems = await openHome(page);
  await openChatMode(page);
  const say = async (text: string) => {
    const before = await botLines(page).count();
    await typeMessage(page, text);
    await expect(botLines(page)).toHaveCount(before + 1, { timeout: 15_000 });
    return (await botLines(page).last().textContent())!.replace(/^Helena: /, '');
  };
  expect(await say('Hola, ¿qué hacéis?')).toContain(DEMO_LINES.whatWeDo);
  // A business described is answered about the business, then the address asked for.
  expect(await say('Tengo una clínica dental en Bilbao')).toBe(`${DEMO_LINES.businessNoted.replace('{business}', 'una clínica dental')} ${DEMO_LINES.emailForProposal}`);
  // The retry line quotes an example address aloud: it must never open the form.
  expect(await say('no sé')).toBe(DEMO_LINES.repeatEmail);
  // A question is answered, and after two turns without an address the assistant moves on.
  const price = await say('¿Cuánto cuesta?');
  expect(price).toContain(DEMO_LINES.price);
  expect(price).toContain(DEMO_LINES.offerForm);
  expect(await say('¿Funciona en WhatsApp?')).toBe(DEMO_LINES.channels);
  expect(await say('¿Y en catalán?')).toBe(DEMO_LINES.languages);
  // Agreeing with no address given and nothing sent: no claim that a proposal is on its way.
  expect(await say('sí, envíamela')).not.toMatch(/va de camino|on its way/);
  await expect(emailModal(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('correoUsuario'))).toBeNull();
  await shot(page, 'converses');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('an address that is not one: an inline message, the other fields kept, nothing stored or sent; corrected, it goes', async ({ page }) => {
  const problems = await openHome(page);
  await startCall(page);
  await typeMessage(page, 'Tengo una gestoría, mi correo es eva@gestoria-eva.es');
  const dialog = await prefilledModal(page, 'eva@gestoria-eva.es');
  const email = dialog.getByRole('textbox', { name: 'Tu correo electrónico' });
  await email.fill('eva@gestoria-eva');
  await dialog.getByRole('textbox', { name: 'Nombre completo' }).fill('Eva Sanz');
  await dialog.getByRole('textbox', { name: 'Empresa' }).fill('Gestoría Eva');
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
  await expect(dialog.getByText('Revisa el correo: debe ser como nombre@empresa.com')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue('Eva Sanz');
  await expect(dialog.getByRole('textbox', { name: 'Empresa' })).toHaveValue('Gestoría Eva');
  await expect(widget(page).getByText('Error al guardar envio de propuesta')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('correoUsuario'))).toBeNull();
  expect(await mailTo('eva@gestoria-eva')).toEqual([]);
  await shot(page, 'invalid-address');
  await email.fill('eva@gestoria-eva.es');
  await dialog.getByRole('button', { name: 'Enviar propuestas' }).click();
  await expect(widget(page).getByText('Enviando propuesta personalizada...')).toBeVisible();
  await expect.poll(async () => (await mailTo('eva@gestoria-eva.es')).length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(problems).toEqual(NO_PROBLEMS);
});

test('a browser with no speech: the demo call says that voice needs the real platform, and text works as before', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    for (const name of ['speechSynthesis', 'SpeechSynthesisUtterance', 'SpeechRecognition', 'webkitSpeechRecognition']) delete w[name];
  });
  const problems = await openHome(page);
  await startCall(page);
  await expect(widget(page).getByRole('log').getByText(/la voz necesita la plataforma real/)).toBeVisible();
  await typeMessage(page, '¿Cuánto cuesta?');
  await expect(widget(page).getByRole('log').getByText(DEMO_LINES.price, { exact: false })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'no-speech');
  expect(problems).toEqual(NO_PROBLEMS);
});

test('from the conversation to an accepted proposal: the items the visitor asked for, priced, as a page and a PDF, accepted without JavaScript; the sales inbox and the CRM hear of it', async ({ page, browser }) => {
  const problems = await openHome(page);
  await startCall(page);
  const lead = { email: 'marta@clinica-sol.es', name: 'Marta Sol', cargo: 'Directora', company: 'Clínica Dental Sol' };
  const need = 'Tengo una clínica dental y quiero atender las llamadas fuera de horario';
  await typeMessage(page, need);
  await expect(widget(page).getByRole('log').getByText(need)).toBeVisible();
  const dialog = await typeEmailAndAwaitAnswer(page, `mi correo es ${lead.email}`, lead.email);
  await completeModal(page, dialog, lead, 'accept-1');
  await expectProposalDelivered(page, lead, 'accept-2', 'clínica dental');

  // Chosen from the visitor's words (the demo offer's voice agent, for 'llamadas' and 'fuera de
  // horario'), with the sentence that chose it; nothing the visitor did not ask for.
  const mail = (await mailTo(lead.email)).find((m) => m.subject === 'Tu propuesta personalizada')!;
  expect(mail.html).toContain('Agente de voz');
  expect(mail.html).toContain(`«${need}»`);
  expect(mail.html).not.toContain('Asistente en WhatsApp');

  const callId = await page.evaluate(() => localStorage.getItem('callId'));
  const link = `${site.url}/propuesta/${callId}`;
  const pdf = await page.request.get(`${link}.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The visitor opens the link with JavaScript off: the page, the prices, the acceptance form.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const proposal = await noScript.newPage();
  const csp: string[] = [];
  proposal.on('console', (m) => m.type() === 'error' && csp.push(m.text()));
  expect((await proposal.goto(link))?.status()).toBe(200);
  await expect(proposal.getByRole('rowheader', { name: /Agente de voz/ })).toBeVisible();
  await expect(proposal.getByRole('row', { name: /IVA \(21\s%\)/ })).toBeVisible();
  await expect(proposal.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
  const name = proposal.getByRole('textbox', { name: 'Tu nombre completo' });
  await expect(name).toHaveValue(lead.name);
  await name.fill('Marta Sol Ortega');
  await proposal.getByRole('checkbox', { name: /Confirmo que acepto esta propuesta/ }).check();
  await shot(proposal, 'accept-3-form');
  await proposal.getByRole('button', { name: 'Aceptar propuesta' }).click();
  const today = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(proposal.getByRole('heading', { name: `Propuesta aceptada el ${today}` })).toBeVisible();
  await expect(proposal.getByText(`Propuesta aceptada el ${today} por Marta Sol Ortega.`)).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Aceptar propuesta' })).toHaveCount(0);
  await shot(proposal, 'accept-4-accepted');
  // Every later visit says so.
  await proposal.reload();
  await expect(proposal.getByRole('heading', { name: `Propuesta aceptada el ${today}` })).toBeVisible();
  expect(csp).toEqual([]);
  await noScript.close();

  // The business heard of all of it: two emails to the sales inbox, three signed events to the
  // CRM, each once (the page was opened three times: one view).
  // (The inbox holds every lead of this spec's server: this visitor's are named by their company.)
  await expect
    .poll(async () => (await mailTo(SALES)).map((m) => m.subject).filter((s) => s.endsWith(`: ${lead.company}`)).sort(), { timeout: 15_000 })
    .toEqual([`Nuevo contacto: ${lead.company}`, `Propuesta aceptada: ${lead.company}`]);
  await expect
    .poll(() => crm.verified().filter((e) => e.body.data.callId === callId).map((e) => e.body.type).sort(), { timeout: 15_000 })
    .toEqual(['lead.created', 'proposal.accepted', 'proposal.viewed']);
  const accepted = crm.verified().find((e) => e.body.type === 'proposal.accepted' && e.body.data.callId === callId)!;
  expect(accepted.body.data.name).toBe('Marta Sol Ortega');
  expect(problems).toEqual(NO_PROBLEMS);
});
