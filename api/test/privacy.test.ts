// The visitor's privacy rights against the real server, on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL: the footer and one-click unsubscribe headers of every visitor email, /baja and
// /privacidad, erasure (racing the mail worker too), and what the logs may not hold. Expected
// texts and header shapes come from the issue (RFC 8058's header values), not from the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import postmark from 'postmark';
import { pgSchema, registerLead, rpc, startSink, startTestServer, tempDir, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';
import { insertCall } from '../src/calls/queries';
import { ConfigError, loadConfig } from '../src/config';
import { DEMO_OFFER_FILE, loadOffer } from '../src/offer/load';
import { createDatabase } from '../src/db';
import { createLogger } from '../src/log';
import { createPrivacyKeys } from '../src/privacy/keys';
import { retryFailedMail } from '../src/mail/retry';
import { postmarkClientOptions } from '../src/mail/transport';
import type { RunningServer } from '../src/server';

const PUBLIC_URL = 'http://localhost:3000';
const SECRET = 'server-url-secret-0123456789';
const EMAIL_API_KEY = 'privacy-test-email-api-key';
const COMPANY = 'Acme & Hijos';
const ADDRESS = 'Calle Mayor 1, 28013 Madrid';

interface Suite {
  srv: RunningServer;
  sink: SinkServer;
  base: string;
  logs: { level: string; line: string }[];
}

/** A server with its own sink, capturing every log line at info and above. */
function privacySuite(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Suite {
  const suite = {} as Suite;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const tmp = tempDir();
    const schema = dialect === 'postgres' ? await pgSchema('helena_privacy_') : null;
    suite.sink = await startSink();
    suite.logs = [];
    const log = createLogger({ level: 'info', sink: { write: (line: string) => suite.logs.push({ level: JSON.parse(line).level, line }) } });
    suite.srv = await startTestServer(
      {
        ...(schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(tmp.dir, 'privacy.db') }),
        POSTMARK_SERVER_TOKEN: SINK_TOKEN,
        POSTMARK_API_URL: suite.sink.url,
        VAPI_WEBHOOK_SECRET: SECRET,
        EMAIL_API_KEY,
        COMPANY_NAME: COMPANY,
        COMPANY_ADDRESS: ADDRESS,
        PUBLIC_URL,
        ...env,
      },
      { log },
    );
    suite.base = suite.srv.url;
    cleanup = async () => {
      await suite.srv?.close();
      await suite.sink?.close();
      await schema?.drop();
      tmp.cleanup();
    };
  });
  afterAll(() => cleanup());
  return suite;
}

async function report(s: Suite, vapiId: string, transcript: string) {
  const res = await fetch(`${s.base}/api/vapi/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
    body: JSON.stringify({
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        startedAt: new Date(Date.now() - 60_000).toISOString(),
        endedAt: new Date().toISOString(),
        artifact: { transcript, messages: [] },
        analysis: { summary: 'Quiere un asistente para su tienda.' },
        call: { id: vapiId },
      },
    }),
  });
  expect(res.status).toBe(200);
}

let seq = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${++seq}@example.com`;

/** A lead with its proposal queued; answers its ids. */
async function lead(s: Suite, email: string, extra: { name?: string; company?: string; summary?: string } = {}) {
  const vapiId = `vapi-${Date.now()}-${++seq}`;
  const l = await registerLead(s.base, { email, vapiId, ...extra });
  const sent = await rpc(s.base, 'proposal.send', { callId: l.callId, token: l.token });
  expect(sent.status).toBe(200);
  return { ...l, vapiId, answer: sent.body.result.data as unknown };
}

const messagesTo = (s: Suite, to: string) => s.sink.sink.messages.filter((m) => m.to === to);
const header = (m: { headers: { Name: string; Value: string }[] }, name: string) => m.headers.find((h) => h.Name === name)?.Value;
/** The token of an email's one-click unsubscribe header. */
function tokenOf(m: { headers: { Name: string; Value: string }[] }): string {
  const value = header(m, 'List-Unsubscribe') ?? '';
  const match = new RegExp(`^<${PUBLIC_URL}/baja/([A-Za-z0-9_-]+)>$`).exec(value);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe token in ${value}`);
  return match[1];
}
async function firstMailTo(s: Suite, to: string) {
  await expect.poll(() => messagesTo(s, to).length).toBeGreaterThan(0);
  return messagesTo(s, to)[0]!;
}

const form = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body,
});

/** Every row, in any table, that still holds `email`. */
async function rowsHolding(s: Suite, email: string): Promise<number> {
  const k = s.srv.db.kysely;
  const counts = await Promise.all([
    k.selectFrom('customer').select('id').where('email', '=', email).execute(),
    k.selectFrom('outbox').select('id').where('to_email', '=', email).execute(),
    k.selectFrom('email_log').select('id').where('email', '=', email).execute(),
    k.selectFrom('pdf').select('id').where('email', '=', email).execute(),
  ]);
  return counts.reduce((n, rows) => n + rows.length, 0);
}

function privacySpecs(dialect: 'sqlite' | 'postgres') {
  const s = privacySuite(dialect);

  it('every visitor email names the sender, says why, links /baja and /privacidad, and carries the one-click headers', async () => {
    const email = unique('ana');
    const l = await lead(s, email, { name: 'Ana', company: 'Tienda Ana' });
    const confirmation = await firstMailTo(s, email);
    await report(s, l.vapiId, 'AI: Hola.\nUser: Necesito ayuda con mi tienda.');
    await expect.poll(() => messagesTo(s, email).length).toBe(2);
    const token = tokenOf(confirmation);
    for (const m of messagesTo(s, email)) {
      expect(header(m, 'List-Unsubscribe')).toBe(`<${PUBLIC_URL}/baja/${token}>`);
      expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(m.html).toContain('Acme &amp; Hijos');
      expect(m.html).not.toContain('Acme & Hijos');
      expect(m.html).toContain(ADDRESS);
      expect(m.html).toContain(`href="${PUBLIC_URL}/baja/${token}"`);
      expect(m.html).toContain(`href="${PUBLIC_URL}/privacidad/${token}"`);
      expect(m.html).toMatch(/Recibes este correo porque/);
      expect(m.text).toContain(`${PUBLIC_URL}/baja/${token}`);
      expect(m.text).toContain(`${PUBLIC_URL}/privacidad/${token}`);
      expect(m.text).toContain(`${COMPANY} · ${ADDRESS}`);
    }
    // The token neither shows the address nor can be read without the key.
    expect(token).not.toContain(email.split('@')[0]);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(email.split('@')[0]);
    // The key is the database's: another instance (or a restart) makes the same token.
    expect(await createPrivacyKeys(s.srv.db, undefined).tokenFor(email)).toBe(token);
  });

  it('GET /baja shows a button and changes nothing; the one-click POST unsubscribes at once, from any origin', async () => {
    const email = unique('baja');
    await lead(s, email, { name: 'Berta' });
    const token = tokenOf(await firstMailTo(s, email));
    const unsubscribes = () => s.srv.db.kysely.selectFrom('mail_unsubscribe').selectAll().execute();
    const before = (await unsubscribes()).length;

    const page = await fetch(`${s.base}/baja/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');
    const html = await page.text();
    expect(html).toMatch(/<form method="post">/);
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await unsubscribes()).length).toBe(before);

    const wrongBody = await fetch(`${s.base}/baja/${token}`, form('hola=1'));
    expect(wrongBody.status).toBe(400);
    expect((await unsubscribes()).length).toBe(before);

    // A mail provider's one-click POST: form-encoded, from another origin.
    const oneClick = await fetch(`${s.base}/baja/${token}`, form('List-Unsubscribe=One-Click', { origin: 'https://mail.example.net' }));
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Te hemos dado de baja');
    const rows = await unsubscribes();
    expect(rows.length).toBe(before + 1);
    expect(JSON.stringify(rows)).not.toContain(email.split('@')[0]);
    // Twice is fine.
    expect((await fetch(`${s.base}/baja/${token}`, form('List-Unsubscribe=One-Click'))).status).toBe(200);
    expect((await unsubscribes()).length).toBe(before + 1);
    expect(await (await fetch(`${s.base}/baja/${token}`)).text()).toContain('Ya te has dado de baja');
  });

  it('after unsubscribing nothing is queued to the address: proposal.send answers not-sent (no reason given), the waiting proposal is cancelled, the log names the reason', async () => {
    const email = unique('quiet');
    const first = await lead(s, email);
    const token = tokenOf(await firstMailTo(s, email));
    // The proposal email is still waiting for the call's report.
    const waiting = await s.srv.db.kysely.selectFrom('outbox').select(['id', 'status']).where('to_email', '=', email).where('kind', '=', 'proposal').executeTakeFirstOrThrow();
    expect(waiting.status).toBe('pending');
    expect((await fetch(`${s.base}/baja/${token}`, form('List-Unsubscribe=One-Click'))).status).toBe(200);
    const cancelled = await s.srv.db.kysely.selectFrom('outbox').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('cancelled');

    const rowsBefore = (await s.srv.db.kysely.selectFrom('outbox').select('id').where('to_email', '=', email).execute()).length;
    // Whoever typed the address learns only that nothing was sent, not that it unsubscribed.
    expect((await lead(s, email, { name: 'Otra vez' })).answer).toEqual({ status: 'not-sent' });
    const rowsAfter = (await s.srv.db.kysely.selectFrom('outbox').select('id').where('to_email', '=', email).execute()).length;
    expect(rowsAfter).toBe(rowsBefore);
    const held = s.logs.filter((l) => l.line.includes('proposal mail held back') && l.line.includes('unsubscribed'));
    expect(held.length).toBeGreaterThan(0);
    for (const l of held) expect(l.line).not.toContain(email);

    // The report releases nothing for a cancelled message; the address gets no proposal email.
    await report(s, first.vapiId, 'AI: Adiós.');
    const other = unique('after-quiet');
    await lead(s, other);
    await firstMailTo(s, other);
    expect(messagesTo(s, email).map((m) => m.subject)).toEqual(['Hemos recibido tu solicitud']);

    // POST /api/email refuses the address too.
    const api = await fetch(`${s.base}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
      body: JSON.stringify({ to: email, subject: 'Novedades', html: '<p>Hola</p>' }),
    });
    expect(api.status).toBe(409);
  });

  it('an unsubscribe also cancels failed mail, so npm run mail:retry cannot send it again', async () => {
    // The sink refuses invalid@… for good: the confirmation ends 'failed'.
    const email = `invalid@${unique('dominio').split('@')[0]}.example`;
    await lead(s, email);
    const confirmation = () => s.srv.db.kysely.selectFrom('outbox').select('status').where('to_email', '=', email).where('kind', '=', 'confirmation').executeTakeFirstOrThrow();
    await expect.poll(async () => (await confirmation()).status, { timeout: 15_000 }).toBe('failed');
    const token = await createPrivacyKeys(s.srv.db, undefined).tokenFor(email);
    expect((await fetch(`${s.base}/baja/${token}`, form('List-Unsubscribe=One-Click'))).status).toBe(200);
    expect((await confirmation()).status).toBe('cancelled');
    await retryFailedMail(s.srv.db);
    expect((await confirmation()).status).toBe('cancelled');
  });

  it('mail sent through POST /api/email carries the same footer and headers', async () => {
    const email = unique('api');
    const res = await fetch(`${s.base}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
      body: JSON.stringify({ to: email, subject: 'Novedades', html: '<html><body><p>Hola</p></body></html>' }),
    });
    expect(res.status).toBe(200);
    const m = await firstMailTo(s, email);
    const token = tokenOf(m);
    expect(m.html).toMatch(new RegExp(`<p>Hola</p>[\\s\\S]*/privacidad/${token}[\\s\\S]*</body></html>$`));
    expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('a token that is not ours gets the same 404 page for GET and POST, on both paths', async () => {
    const email = unique('forged');
    await lead(s, email);
    const token = tokenOf(await firstMailTo(s, email));
    const flipped = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
    const unsubscribes = async () => (await s.srv.db.kysely.selectFrom('mail_unsubscribe').selectAll().execute()).length;
    const before = await unsubscribes();
    const bodies = new Set<string>();
    for (const t of ['x', 'not-a-token', flipped, 'A'.repeat(80), '%00', 'a'.repeat(2000)]) {
      for (const path of ['baja', 'privacidad']) {
        const get = await fetch(`${s.base}/${path}/${t}`);
        const post = await fetch(`${s.base}/${path}/${t}`, form('List-Unsubscribe=One-Click'));
        expect([get.status, post.status], `${path}/${t.slice(0, 30)}`).toEqual([404, 404]);
        bodies.add(await get.text());
        bodies.add(await post.text());
      }
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('Enlace no válido');
    expect(await unsubscribes()).toBe(before);
    expect(await rowsHolding(s, email)).toBeGreaterThan(0);
  });

  it('/privacidad shows what is stored, escaped; its POST erases everything but the unsubscribe; the page then says nothing is stored', async () => {
    const email = unique('eva');
    const l = await lead(s, email, { name: 'Eva <i>López</i>', company: 'Eva & Co', summary: 'quiero más ventas' });
    const token = tokenOf(await firstMailTo(s, email));
    await report(s, l.vapiId, 'AI: Hola.\nUser: Vendo <b>muebles</b> en Sevilla.');
    await expect.poll(() => messagesTo(s, email).length).toBe(2);

    const page = await fetch(`${s.base}/privacidad/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('Eva &lt;i&gt;López&lt;/i&gt;');
    expect(html).toContain('Eva &amp; Co');
    expect(html).toContain('Vendo &lt;b&gt;muebles&lt;/b&gt; en Sevilla.');
    expect(html).not.toContain('<b>muebles');
    expect(html).toContain('Tu propuesta personalizada');
    expect(html).toContain('Borrar mis datos');

    // Another site's form cannot erase.
    const foreignForms: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null', 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreignForms) {
      const foreign = await fetch(`${s.base}/privacidad/${token}`, form('', headers));
      expect(foreign.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await rowsHolding(s, email)).toBeGreaterThan(0);

    expect((await fetch(`${s.base}/baja/${token}`, form('List-Unsubscribe=One-Click'))).status).toBe(200);
    const erase = await fetch(`${s.base}/privacidad/${token}`, form('', { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }));
    expect(erase.status).toBe(200);
    const erasedHtml = await erase.text();
    expect(erasedHtml).toContain('Hemos borrado tus datos');
    // This server has no platform to ask: the page says the platform's copy is still to go, not that it was asked.
    expect(erasedHtml).toContain('su borrado queda pendiente');
    expect(erasedHtml).not.toContain('le hemos pedido que la borre');

    expect(await rowsHolding(s, email)).toBe(0);
    const k = s.srv.db.kysely;
    expect(await k.selectFrom('vapi_call').select('id').where('id', '=', l.vapiCallId).execute()).toEqual([]);
    expect(await k.selectFrom('call').select('id').where('id', '=', l.callId).execute()).toEqual([]);
    expect(await k.selectFrom('lead_submission').select('id').where('id', '=', l.customerId).execute()).toEqual([]);
    expect(await k.selectFrom('vapi_event_delivery').select('id').where('vapi_id', '=', l.vapiId).execute()).toEqual([]);
    // The unsubscribe survives, as a keyed hash.
    const keys = createPrivacyKeys(s.srv.db, undefined);
    expect(await k.selectFrom('mail_unsubscribe').select('address_key').where('address_key', '=', await keys.addressKey(email)).execute()).toHaveLength(1);

    const after = await (await fetch(`${s.base}/privacidad/${token}`)).text();
    expect(after).toContain('no guarda ningún dato');
    expect(after).not.toContain('Borrar mis datos');
    // The old proposal link is gone too.
    expect((await fetch(`${s.base}/propuesta/${l.callId}`)).status).toBe(404);
  });

  it('an erased address can still unsubscribe; its pending mail is never sent', async () => {
    const email = unique('gone');
    const l = await lead(s, email);
    const token = tokenOf(await firstMailTo(s, email));
    expect((await fetch(`${s.base}/privacidad/${token}`, form(''))).status).toBe(200);
    // The proposal email was waiting: its report now finds nothing to release.
    await report(s, l.vapiId, 'AI: Adiós.');
    const later = unique('later');
    await lead(s, later);
    await firstMailTo(s, later);
    expect(messagesTo(s, email)).toHaveLength(1);
    expect(await rowsHolding(s, email)).toBe(0);

    const unsubscribe = await fetch(`${s.base}/baja/${token}`, form('List-Unsubscribe=One-Click'));
    expect(unsubscribe.status).toBe(200);
    const keys = createPrivacyKeys(s.srv.db, undefined);
    expect(await s.srv.db.kysely.selectFrom('mail_unsubscribe').select('address_key').where('address_key', '=', await keys.addressKey(email)).execute()).toHaveLength(1);
    expect(await rowsHolding(s, email)).toBe(0);
  });

  it('an erasure that races a send in flight: the message may arrive, but nothing about the address is recorded afterwards', async () => {
    // The sink answers slow-<ms>@ after that long: the erasure lands while the send is in flight.
    const email = 'slow-1500@example.com';
    const l = await lead(s, email);
    const k = s.srv.db.kysely;
    await expect.poll(async () => (await k.selectFrom('outbox').select('status').where('to_email', '=', email).where('kind', '=', 'confirmation').executeTakeFirst())?.status).toBe('sending');
    const token = await createPrivacyKeys(s.srv.db, undefined).tokenFor(email);
    expect((await fetch(`${s.base}/privacidad/${token}`, form(''))).status).toBe(200);
    expect(await rowsHolding(s, email)).toBe(0);
    await expect.poll(() => s.logs.some((x) => x.line.includes('mail erased while it was being sent')), { timeout: 15_000 }).toBe(true);
    // Postmark had it already: it arrives, which is the documented window.
    expect(s.sink.sink.requests.some((r) => r.to === email)).toBe(true);
    expect(await rowsHolding(s, email)).toBe(0);
    expect(await k.selectFrom('call').select('id').where('id', '=', l.callId).execute()).toEqual([]);
  });
}

describe('SQLite', () => privacySpecs('sqlite'));
describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => privacySpecs('postgres'));

describe('the sink holds the Headers to the shape Postmark accepts', () => {
  let sink: SinkServer;
  beforeAll(async () => {
    sink = await startSink();
  });
  afterAll(() => sink.close());
  const send = (headers: unknown) =>
    fetch(`${sink.url}/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-postmark-server-token': SINK_TOKEN },
      body: JSON.stringify({ From: 'a@example.com', To: 'b@example.com', Subject: 'x', TextBody: 'x', Headers: headers }),
    });

  it('[{Name, Value}] is accepted; anything else is a 422 with ErrorCode 300', async () => {
    const client = new postmark.ServerClient(SINK_TOKEN, postmarkClientOptions(sink.url, 5000));
    const ok = await client.sendEmail({ From: 'a@example.com', To: 'ok@example.com', Subject: 'x', TextBody: 'x', Headers: [{ Name: 'List-Unsubscribe', Value: '<https://x.example/baja/t>' }] });
    expect(ok.ErrorCode).toBe(0);
    for (const bad of ['List-Unsubscribe: x', { Name: 'A', Value: 'b' }, [{ name: 'A', value: 'b' }], [{ Name: 'A', Value: 1 }], [{ Name: 'A B', Value: 'b' }], [{ Name: 'A', Value: 'b\r\nBcc: c@example.com' }]]) {
      const res = await send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect((await res.json()).ErrorCode).toBe(300);
    }
  });
});

describe('configuration', () => {
  it('RETENTION_DAYS takes fractions, defaults to 365 and refuses zero, negatives and words', () => {
    expect(loadConfig({}).RETENTION_DAYS).toBe(365);
    expect(loadConfig({ RETENTION_DAYS: '0.25' }).RETENTION_DAYS).toBe(0.25);
    for (const bad of ['0', '-1', 'un año', 'Infinity']) {
      expect(() => loadConfig({ RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
    }
  });

  it("COMPANY_NAME defaults to MAIL_FROM's display name, else the offer's company; PRIVACY_SECRET must be long", () => {
    expect(loadConfig({ MAIL_FROM: '"Acme, S.L." <propuestas@acme.es>' }).COMPANY_NAME).toBe('Acme, S.L.');
    expect(loadConfig({ MAIL_FROM: 'propuestas@acme.es' }).COMPANY_NAME).toBe(loadOffer(DEMO_OFFER_FILE).company.name);
    expect(loadConfig({ MAIL_FROM: 'Acme <propuestas@acme.es>', COMPANY_NAME: 'Acme Ibérica' }).COMPANY_NAME).toBe('Acme Ibérica');
    expect(() => loadConfig({ PRIVACY_SECRET: 'short' })).toThrow(ConfigError);
  });
});

describe('a write racing an erasure', () => {
  const dialects: ['sqlite' | 'postgres', boolean][] = [
    ['sqlite', true],
    ['postgres', !!PG_URL],
  ];
  for (const [dialect, enabled] of dialects) {
    it.runIf(enabled)(`${dialect}: a call whose customer was erased meanwhile is not inserted and is answered as not found, not as an error`, async () => {
      const tmp = tempDir();
      const schema = dialect === 'postgres' ? await pgSchema('helena_fk_') : null;
      const db = await createDatabase(schema ? { url: schema.url } : { path: join(tmp.dir, 'fk.db') });
      try {
        const gone = { customer_id: '019a0000-0000-7000-8000-000000000000', email: 'gone@example.com', name: null, cargo: null, company: null };
        expect(await insertCall(db, gone, { transaction: 't', status: 'completada', summary: null, vapi_call_id: null, duration: null })).toBeNull();
      } finally {
        await db.close();
        await schema?.drop();
        tmp.cleanup();
      }
    });
  }
});
