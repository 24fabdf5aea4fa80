import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Agent, request as httpRequest } from 'node:http';
import { registerLead, rpc, startTestServer, tempDir, waitFor, SINK_TOKEN, suiteServer } from './helpers';

const EMAIL_API_KEY = 'k'.repeat(8) + '-test-email-api-key';
const suite = suiteServer({
  EMAIL_API_KEY,
  ALLOWED_ORIGINS: 'https://cliente.example, https://otra.example',
});

describe('POST /api/email is never an open relay', () => {
  const mail = { to: 'destino@example.com', subject: 'Hola', html: '<p>Hola</p>' };
  const post = (headers: Record<string, string>, body: unknown = mail) =>
    fetch(`${suite.base}/api/email`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('401 without a bearer token, with a wrong one, or with another scheme', async () => {
    const headerSets: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-key-wrong-key-wrong' }, { authorization: `Basic ${EMAIL_API_KEY}` }, { authorization: 'Bearer' }];
    for (const h of headerSets) {
      const r = await post(h);
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ error: 'Unauthorized' });
    }
    expect(suite.sink.sink.messages.some((m) => m.to === 'destino@example.com')).toBe(false);
  });

  it('with the key: validated, queued through the outbox, delivered', async () => {
    const bad = await post({ authorization: `Bearer ${EMAIL_API_KEY}` }, { to: 'no-es-correo', subject: '', html: '' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Datos no válidos/);
    const r = await post({ authorization: `Bearer ${EMAIL_API_KEY}` }, {
      ...mail,
      attachments: [{ filename: 'hola.txt', content: Buffer.from('hola').toString('base64'), contentType: 'text/plain' }],
    });
    expect(r.status).toBe(200);
    const { messageId } = await r.json();
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    const got = await waitFor(() => suite.sink.sink.messages.find((m) => m.to === 'destino@example.com'));
    expect(got.attachments).toEqual([{ Name: 'hola.txt', ContentType: 'text/plain', size: 4 }]);
    const row = await suite.srv.db.kysely.selectFrom('outbox').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
    expect(row.kind).toBe('api');
  });

  it('is disabled (404) when EMAIL_API_KEY is unset', async () => {
    const t2 = tempDir();
    const other = await startTestServer({ DATABASE_PATH: join(t2.dir, 'h.db'), POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: suite.sink.url });
    try {
      for (const auth of [undefined, 'Bearer ', 'Bearer undefined']) {
        const r = await fetch(`${other.url}/api/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          body: JSON.stringify(mail),
        });
        expect(r.status).toBe(404);
      }
    } finally {
      await other.close();
      t2.cleanup();
    }
  });
});

describe('vapi_call.update needs its token', () => {
  it('refuses no token (400) and a wrong token (403), and leaves the row alone', async () => {
    const c = await rpc(suite.base, 'vapi_call.create', { vapi_id: 'sec-1', initial_data: { a: 1 }, status: 'active' });
    const { id, token } = c.body.result.data;
    const none = await rpc(suite.base, 'vapi_call.update', { id, status: 'inactive', initial_data: { hacked: true } });
    expect(none.status).toBe(400);
    const wrong = await rpc(suite.base, 'vapi_call.update', { id, token: token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'), status: 'inactive', initial_data: { hacked: true } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.data.code).toBe('FORBIDDEN');
    const other = await rpc(suite.base, 'vapi_call.create', { vapi_id: 'sec-2', initial_data: {}, status: 'active' });
    const crossed = await rpc(suite.base, 'vapi_call.update', { id, token: other.body.result.data.token, status: 'inactive' });
    expect(crossed.status).toBe(403);
    const got = await rpc(suite.base, 'vapi_call.getByVapiId', { vapi_id: 'sec-1' }, { method: 'GET' });
    expect(got.body.result.data).toMatchObject({ status: 'active', initial_data: { a: 1 } });
    const row = await suite.srv.db.kysely.selectFrom('vapi_call').select('token_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
  });
});

describe('user values are escaped', () => {
  it('<script> in a name arrives escaped in the emails and on the page', async () => {
    const evil = '<script>alert(1)</script>';
    const lead = await registerLead(suite.base, {
      email: 'xss@example.com',
      name: `Eve ${evil}`,
      cargo: '"><img src=x onerror=alert(2)>',
      company: 'Evil & Co <b>',
      summary: `Resumen ${evil}`,
    });
    await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token });
    const mails = await waitFor(() => {
      const m = suite.sink.sink.messages.filter((x) => x.to === 'xss@example.com');
      return m.length === 2 && m;
    });
    for (const m of mails) {
      expect(m.html).not.toContain('<script>');
      expect(m.html).not.toContain('<img src=x');
      expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(m.html).not.toContain('<b>');
      expect(m.subject).not.toMatch(/[\r\n]/);
    }
    const page = await (await fetch(`${suite.base}/propuesta/${lead.callId}`)).text();
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('Evil &amp; Co &lt;b&gt;');

    const inbox = await (await fetch(`${suite.sink.url}/dev/mail`)).text();
    expect(inbox).not.toContain('<script>');
  });
});

describe('the proposal page', () => {
  it('is noindex + no-store, uses a served stylesheet and no inline script or style', async () => {
    const lead = await registerLead(suite.base, { email: 'page@example.com', name: 'Pía', company: 'Pía SA' });
    await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token });
    const r = await fetch(`${suite.base}/propuesta/${lead.callId}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-robots-tag')).toContain('noindex');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await r.text();
    expect(body).not.toMatch(/<script|<style|style="/);
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(body)![1];
    const cssRes = await fetch(suite.base + css);
    expect(cssRes.status).toBe(200);
    expect(cssRes.headers.get('content-type')).toContain('text/css');
    expect(cssRes.headers.get('cache-control')).toContain('immutable');
  });

  it('404 for unknown, malformed and expired ids', async () => {
    expect((await fetch(`${suite.base}/propuesta/01900000-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${suite.base}/propuesta/not-a-uuid`)).status).toBe(404);
    const lead = await registerLead(suite.base, { email: 'caducada@example.com', name: 'Caducada' });
    await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token });
    await suite.srv.db.kysely.updateTable('pdf').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('call_id', '=', lead.callId).execute();
    const r = await fetch(`${suite.base}/propuesta/${lead.callId}`);
    expect(r.status).toBe(404);
    expect(r.headers.get('x-robots-tag')).toContain('noindex');
    expect(await r.text()).toContain('Propuesta no disponible');
  });
});

describe('CORS allow-list', () => {
  it('an allowed origin and PUBLIC_URL get CORS headers', async () => {
    for (const origin of ['https://cliente.example', 'http://localhost:3000']) {
      const r = await rpc(suite.base, 'customer.upsert', { email: 'cors@example.com' }, { headers: { origin } });
      expect(r.status).toBe(200);
      expect(r.headers.get('access-control-allow-origin')).toBe(origin);
      const pre = await fetch(`${suite.base}/api/trpc/customer.upsert`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');
    }
  });

  it('a foreign origin gets no CORS headers, and its mutations are refused', async () => {
    const origin = 'https://atacante.example';
    const pre = await fetch(`${suite.base}/api/trpc/customer.upsert`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    for (const [k] of pre.headers) expect(k).not.toMatch(/^access-control-/);
    const q = await rpc(suite.base, 'vapi_call.getByVapiId', { vapi_id: 'x' }, { method: 'GET', headers: { origin } });
    for (const [k] of q.headers) expect(k).not.toMatch(/^access-control-/);
    const m = await rpc(suite.base, 'customer.upsert', { email: 'foreign@example.com' }, { headers: { origin } });
    expect(m.status).toBe(403);
    for (const [k] of m.headers) expect(k).not.toMatch(/^access-control-/);
    const row = await suite.srv.db.kysely.selectFrom('customer').select('id').where('email', '=', 'foreign@example.com').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('body limit', () => {
  it('413 for a body over 64 KB (with Content-Length)', async () => {
    const r = await rpc(suite.base, 'customer.upsert', { email: 'big@example.com', name: 'x'.repeat(70 * 1024) });
    expect(r.status).toBe(413);
    expect(r.body.error.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('413 for a chunked body over 64 KB', async () => {
    const port = new URL(suite.base).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/trpc/customer.upsert', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      const chunk = 'x'.repeat(8 * 1024);
      req.write('{"email":"big@example.com","name":"');
      for (let i = 0; i < 10; i++) req.write(chunk);
      req.end('"}');
    });
    expect(status).toBe(413);
  });

  it('a refused body closes its connection, so a client that reuses connections is not broken', async () => {
    // The 413 is sent before the body is read: left on a kept-alive socket, the unread bytes
    // would be parsed as the next request, and the client's next call on it would fail.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = new URL(suite.base).port;
    const send = (body: string) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, agent, method: 'POST', path: '/api/trpc/customer.upsert', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const refused = await send(JSON.stringify({ email: 'big@example.com', name: 'x'.repeat(200 * 1024) }));
      expect(refused).toEqual({ status: 413, connection: 'close' });
      expect((await send(JSON.stringify({ email: 'after@example.com', website: '' }))).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('413 on /api/email too', async () => {
    const r = await fetch(`${suite.base}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
      body: JSON.stringify({ to: 'a@example.com', subject: 's', html: 'x'.repeat(65 * 1024) }),
    });
    expect(r.status).toBe(413);
  });
});

describe('batching', () => {
  it('a batched call is refused', async () => {
    const r = await fetch(`${suite.base}/api/trpc/customer.upsert,customer.upsert?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 0: { email: 'b1@example.com' }, 1: { email: 'b2@example.com' } }),
    });
    expect(r.status).toBe(400);
    const q = await fetch(`${suite.base}/api/trpc/vapi_call.getByVapiId?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { vapi_id: 'x' } }))}`);
    expect(q.status).toBe(400);
    const rows = await suite.srv.db.kysely.selectFrom('customer').select('id').where('email', 'in', ['b1@example.com', 'b2@example.com']).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('headers and errors', () => {
  it('secure headers are set and errors carry no stack trace', async () => {
    const r = await rpc(suite.base, 'customer.upsert', { email: 'nope' });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(JSON.stringify(r.body)).not.toContain('stack');
    expect(r.body.error.data.issues[0].path).toBe('email');
  });
});

describe('rate limits', () => {
  it('429 past RATE_LIMIT_PER_MINUTE, stricter on proposal.send and /api/email', async () => {
    const t2 = tempDir();
    const limited = await startTestServer({
      DATABASE_PATH: join(t2.dir, 'h.db'),
      POSTMARK_SERVER_TOKEN: SINK_TOKEN,
      POSTMARK_API_URL: suite.sink.url,
      RATE_LIMIT_PER_MINUTE: '12',
      EMAIL_API_KEY,
    });
    try {
      // strict: ceil(12 / 6) = 2 a minute, however the URL spells the procedure
      const sends: number[] = [];
      const ghost = { callId: '01900000-0000-7000-8000-000000000000', token: 'x'.repeat(43) };
      for (const path of ['proposal.send', 'proposal.send/', 'proposal%2Esend']) sends.push((await rpc(limited.url, path, ghost)).status);
      expect(sends).toEqual([404, 404, 429]);

      // Every mutation counts against the 12 a minute: the three sends, then nine more.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await rpc(limited.url, 'customer.upsert', { email: `rl${i}@example.com` })).status);
      expect(statuses).toEqual([...Array(9).fill(200), 429]);
      const over = await rpc(limited.url, 'customer.upsert', { email: 'rl-over@example.com' });
      expect(over.status).toBe(429);
      expect(over.body.error.data.code).toBe('TOO_MANY_REQUESTS');
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);

      const mails: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await fetch(`${limited.url}/api/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        mails.push(r.status);
      }
      expect(mails).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
      t2.cleanup();
    }
  });
});
