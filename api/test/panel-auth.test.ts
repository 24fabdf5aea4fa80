// Who gets into the owner's panel, over the real server and sink, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: the emailed link (once, 15 minutes, untouched by a scanner's
// GET), the same answer for every address, the session cookie and its ends (idle, age, sign-out,
// a removed owner), 401 without a session, 403 from another origin, the rate limits, and secrets
// stored only as hashes and never logged.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log';
import { issueSigninToken } from '../src/panel/auth/links';
import { createOwnerSession } from '../src/panel/auth/sessions';
import { loggedPath } from '../src/http/access-log';
import type { RunningServer } from '../src/server';
import { startSink, startTestServer, suiteServer, tempDir, testConfig, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';
import { OWNER, panelRpc, postForm, sessionCookieIn, signIn, signinLink, signinMailsTo } from './panel-helpers';

const SECOND_OWNER = 'socio@nexia.example';
const SENT = 'Si esa dirección tiene acceso, te hemos enviado un enlace.';

function authSpecs(dialect: 'sqlite' | 'postgres') {
  let srv: RunningServer;
  let sink: SinkServer;
  let base: string;
  const env = { OWNER_EMAILS: `${OWNER}, ${SECOND_OWNER.toUpperCase()}` };
  const lines: string[] = [];
  const suite = suiteServer(env, 'auth.db', dialect, { log: createLogger({ level: 'info', sink: { write: (line: string) => lines.push(line) } }) });
  beforeAll(() => void ({ srv, sink, base } = suite));

  it('shows the sign-in form at /panel without a session', async () => {
    const res = await fetch(`${base}/panel`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<label for="email">Correo electrónico<\/label>/);
    expect(page).toMatch(/<button class="button" type="submit">Enviarme el enlace<\/button>/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers every address alike, and mails only an owner (subject with the company)', async () => {
    const strangers = ['intruso@example.com', 'Intruso@Example.com'];
    const answers: Array<[number, string]> = [];
    for (const email of [OWNER, ...strangers, SECOND_OWNER]) {
      const res = await postForm(base, '/panel/enlace', { email });
      answers.push([res.status, (await res.text()).replace(/value="[^"]*"/, '')]);
    }
    expect(new Set(answers.map((a) => a[0]))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a[1])).size).toBe(1);
    expect(answers[0]![1]).toContain(SENT);
    await expect.poll(() => signinMailsTo(sink, OWNER), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => signinMailsTo(sink, SECOND_OWNER), { timeout: 15_000 }).toBeGreaterThan(0);
    const mail = sink.sink.messages.find((m) => m.to === OWNER)!;
    expect(mail.subject).toBe(`Tu enlace para entrar al panel de ${testConfig(env).COMPANY_NAME}`);
    expect(sink.sink.messages.filter((m) => m.to.toLowerCase().startsWith('intruso'))).toEqual([]);
  });

  it('a bad address is told so, and nothing is sent', async () => {
    const res = await postForm(base, '/panel/enlace', { email: 'no es un correo' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Escribe una dirección de correo válida');
  });

  it('refuses what a form never sends: a huge body (413), JSON, a header smuggled into the address, two addresses (400), and mails nobody', async () => {
    const before = sink.sink.messages.length;
    expect((await postForm(base, '/panel/enlace', { email: `${'a'.repeat(100_000)}@nexia.example` })).status).toBe(413);
    const json = await fetch(`${base}/panel/enlace`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: OWNER }) });
    expect(json.status).toBe(400);
    expect((await postForm(base, '/panel/enlace', { email: `${OWNER}\r\nBcc: intruso@example.com` })).status).toBe(400);
    const twice = await fetch(`${base}/panel/enlace`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base }, body: `email=${OWNER}&email=intruso@example.com` });
    expect(twice.status).toBe(400);
    expect(sink.sink.messages.length).toBe(before);
  });

  it("signs in with the link: a scanner's GET leaves it usable, 'Entrar' sets a strict cookie, and the link works once", async () => {
    const before = signinMailsTo(sink, OWNER);
    await postForm(base, '/panel/enlace', { email: OWNER });
    const link = await signinLink(sink, OWNER, before);
    // A mail scanner: plain GETs, no cookies, no script.
    for (let i = 0; i < 2; i++) {
      const scanned = await fetch(`${base}${link}`);
      expect(scanned.status).toBe(200);
      expect(await scanned.text()).toMatch(/<button class="button" type="submit">Entrar<\/button>/);
      expect(scanned.headers.get('set-cookie')).toBeNull();
    }
    const entered = await postForm(base, link, {});
    expect(entered.status).toBe(303);
    expect(entered.headers.get('location')).toBe('/panel');
    const setCookie = entered.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^helena_panel=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = sessionCookieIn(entered);
    const me = await panelRpc(base, cookie, 'panel.session.me');
    expect(me.status).toBe(200);
    expect(me.data.email).toBe(OWNER);
    const app = await fetch(`${base}/panel`, { headers: { cookie } });
    expect(await app.text()).toMatch(/<div id="root"><\/div>|El panel no está compilado/);

    const again = await postForm(base, link, {});
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('Este enlace ya no sirve');
    expect((await fetch(`${base}${link}`)).status).toBe(410);
  });

  it('an expired link signs no one in', async () => {
    const token = await issueSigninToken(srv.db, OWNER, Date.now() - 16 * 60_000);
    expect((await fetch(`${base}/panel/entrar/${token}`)).status).toBe(410);
    const res = await postForm(base, `/panel/entrar/${token}`, {});
    expect(res.status).toBe(410);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses another origin with 403: the link, sign-out and every panel mutation', async () => {
    const token = await issueSigninToken(srv.db, OWNER);
    const evil = { origin: 'https://evil.example' };
    expect((await postForm(base, `/panel/entrar/${token}`, {}, evil)).status).toBe(403);
    expect((await postForm(base, `/panel/entrar/${token}`, {}, { origin: '', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The refused POST did not use the link up.
    expect((await postForm(base, `/panel/entrar/${token}`, {})).status).toBe(303);
    const cookie = await signIn(base, sink);
    const mutations: Array<[string, unknown]> = [
      ['panel.leads.setOutcome', { id: 'x', outcome: 'ganada' }],
      ['panel.leads.resend', { id: 'x' }],
      ['panel.leads.export', { id: 'x' }],
      ['panel.leads.erase', { id: 'x', confirmEmail: 'a@b.es' }],
    ];
    for (const [path, input] of mutations) {
      const r = await panelRpc(base, cookie, path, input, { mutation: true, origin: 'https://evil.example' });
      expect(r.status, path).toBe(403);
    }
    expect((await postForm(base, '/panel/logout', {}, { ...evil, cookie })).status).toBe(403);
    expect((await panelRpc(base, cookie, 'panel.session.me')).status).toBe(200);
    expect((await postForm(base, '/panel/enlace', { email: OWNER }, evil)).status).toBe(403);
  });

  it('answers 401 to every panel procedure and download without a valid session', async () => {
    const queries: Array<[string, unknown]> = [
      ['panel.leads.list', {}],
      ['panel.leads.get', { id: 'x' }],
      ['panel.funnel', { from: '2026-01-01', to: '2026-01-31' }],
      ['panel.audit.list', {}],
      ['panel.catalogue.get', undefined],
      ['panel.catalogue.try', { text: 'web' }],
      ['panel.session.me', undefined],
    ];
    for (const cookie of ['', 'helena_panel=forged-session-id-that-is-not-ours-0123456789ab', 'helena_panel=']) {
      for (const [path, input] of queries) expect((await panelRpc(base, cookie, path, input)).status, `${path} ${cookie}`).toBe(401);
      expect((await panelRpc(base, cookie, 'panel.leads.setOutcome', { id: 'x', outcome: 'ganada' }, { mutation: true })).status).toBe(401);
      expect((await fetch(`${base}/panel/leads.csv`, { headers: { cookie } })).status).toBe(401);
      expect((await fetch(`${base}/panel/propuestas/x/v1.pdf`, { headers: { cookie } })).status).toBe(401);
    }
  });

  it("'Cerrar sesión' ends the session on the server", async () => {
    const cookie = await signIn(base, sink);
    const out = await postForm(base, '/panel/logout', {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/helena_panel=;.*Max-Age=0/i);
    expect((await panelRpc(base, cookie, 'panel.session.me')).status).toBe(401);
  });

  it('ends a session after 7 idle days or 30 days in all', async () => {
    const day = 24 * 3600_000;
    const idle = await createOwnerSession(srv.db, OWNER, Date.now() - 8 * day);
    expect((await panelRpc(base, `helena_panel=${idle}`, 'panel.session.me')).status).toBe(401);
    const active = await createOwnerSession(srv.db, OWNER, Date.now() - 6 * day);
    expect((await panelRpc(base, `helena_panel=${active}`, 'panel.session.me')).status).toBe(200);
    const old = await createOwnerSession(srv.db, OWNER, Date.now() - 31 * day);
    await srv.db.kysely.updateTable('owner_session').set({ last_seen_at: new Date().toISOString() }).where('created_at', '<', new Date(Date.now() - 30 * day).toISOString()).execute();
    expect((await panelRpc(base, `helena_panel=${old}`, 'panel.session.me')).status).toBe(401);
  });

  it('stores only hashes of links and sessions, and logs neither', async () => {
    const before = signinMailsTo(sink, OWNER);
    await postForm(base, '/panel/enlace', { email: OWNER });
    const link = await signinLink(sink, OWNER, before);
    const token = link.split('/').at(-1)!;
    await fetch(`${base}${link}`);
    const cookie = sessionCookieIn(await postForm(base, link, {}));
    const sessionId = cookie.split('=')[1]!;
    const stored = JSON.stringify([
      await srv.db.kysely.selectFrom('owner_signin_token').selectAll().execute(),
      await srv.db.kysely.selectFrom('owner_session').selectAll().execute(),
      await srv.db.kysely.selectFrom('outbox').selectAll().execute(),
    ]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(sessionId);
    const logged = lines.join('\n');
    expect(logged).toContain('/panel/entrar/:token');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(sessionId);
    expect(logged).not.toContain(OWNER);
    expect(loggedPath(`/panel/entrar/${token}`)).toBe('/panel/entrar/:token');
  });

  it('limits sign-in requests per address (5 in 15 minutes pass) and per client', async () => {
    const email = 'limite@example.com';
    for (let i = 0; i < 5; i++) expect((await postForm(base, '/panel/enlace', { email })).status).toBe(200);
    const sixth = await postForm(base, '/panel/enlace', { email });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sixth.text()).toContain('Demasiadas solicitudes');
    // Other addresses from the same client until its own budget is spent.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await postForm(base, '/panel/enlace', { email: `otro${i}@example.com` })).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
}

describe('panel sign-in (sqlite)', () => authSpecs('sqlite'));
describe.runIf(!!PG_URL)('panel sign-in (postgres)', () => authSpecs('postgres'));

describe('panel owners and the cookie over https', () => {
  it('refuses the session of an owner removed from OWNER_EMAILS after a restart', async () => {
    const tmp = tempDir();
    const sink = await startSink();
    const env = { DATABASE_PATH: join(tmp.dir, 'owners.db'), POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: sink.url };
    let srv = await startTestServer({ ...env, OWNER_EMAILS: `${OWNER},${SECOND_OWNER}` });
    try {
      const cookie = await signIn(srv.url, sink, SECOND_OWNER);
      const kept = await signIn(srv.url, sink, OWNER);
      await srv.close();
      srv = await startTestServer({ ...env, OWNER_EMAILS: OWNER });
      expect((await panelRpc(srv.url, cookie, 'panel.session.me')).status).toBe(401);
      expect((await panelRpc(srv.url, kept, 'panel.session.me')).status).toBe(200);
      // And no mail for the removed address any more.
      const before = signinMailsTo(sink, SECOND_OWNER);
      expect((await postForm(srv.url, '/panel/enlace', { email: SECOND_OWNER })).status).toBe(200);
      await signIn(srv.url, sink, OWNER);
      expect(signinMailsTo(sink, SECOND_OWNER)).toBe(before);
    } finally {
      await srv.close();
      await sink.close();
      tmp.cleanup();
    }
  });

  it('is off when Postmark is configured and OWNER_EMAILS is not; on by default in demo mode', async () => {
    expect(testConfig({ POSTMARK_SERVER_TOKEN: 'x' }).OWNER_EMAILS).toEqual([]);
    expect(testConfig({}).OWNER_EMAILS).toEqual(['panel@nexia.example']);
    expect(() => testConfig({ OWNER_EMAILS: 'nope' })).toThrow(/OWNER_EMAILS/);
    const tmp = tempDir();
    const srv = await startTestServer({ DATABASE_PATH: join(tmp.dir, 'off.db'), POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: 'http://127.0.0.1:9' });
    try {
      expect((await fetch(`${srv.url}/panel`)).status).toBe(404);
      expect((await panelRpc(srv.url, '', 'panel.session.me')).status).toBe(404);
    } finally {
      await srv.close();
      tmp.cleanup();
    }
  });

  it('names the cookie __Host- and marks it Secure when PUBLIC_URL is https', async () => {
    const tmp = tempDir();
    const sink = await startSink();
    const srv = await startTestServer({
      DATABASE_PATH: join(tmp.dir, 'https.db'),
      POSTMARK_SERVER_TOKEN: SINK_TOKEN,
      POSTMARK_API_URL: sink.url,
      OWNER_EMAILS: OWNER,
      PUBLIC_URL: 'https://panel.nexia.example',
    });
    try {
      const token = await issueSigninToken(srv.db, OWNER);
      const res = await srv.app.request(`https://panel.nexia.example/panel/entrar/${token}`, {
        method: 'POST',
        headers: { origin: 'https://panel.nexia.example', host: 'panel.nexia.example' },
      });
      expect(res.status).toBe(303);
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^__Host-helena_panel=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).not.toMatch(/Domain=/i);
      const cookie = sessionCookieIn(res);
      const me = await srv.app.request('https://panel.nexia.example/api/trpc/panel.session.me', { headers: { cookie, host: 'panel.nexia.example' } });
      expect(me.status).toBe(200);
    } finally {
      await srv.close();
      await sink.close();
      tmp.cleanup();
    }
  });
});
