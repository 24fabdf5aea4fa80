// Each way the lead server could be abused, tried as an attacker would, against a real server
// on 127.0.0.1 (and, for the demo mount, the SDK's real simulator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { networkInterfaces } from 'node:os';
import { request as httpRequest } from 'node:http';
import { registerLead, rpc, startSink, startTestServer, tempDir, waitFor, SINK_TOKEN, type SinkServer } from './helpers';
import { createLogger } from '../src/log';
import { createDemo, type Demo } from '../src/site/demo';
import type { RunningServer } from '../src/server';

type LogLine = { level: string; msg: string } & Record<string, unknown>;

function capturedLogger() {
  const lines: LogLine[] = [];
  return { lines, log: createLogger({ level: 'info', sink: { write: (l: string) => lines.push(JSON.parse(l)) } }) };
}

let tmp: ReturnType<typeof tempDir>;
let sink: SinkServer;
let srv: RunningServer;
const logs = capturedLogger();

beforeAll(async () => {
  tmp = tempDir();
  sink = await startSink();
  srv = await startTestServer(
    {
      DATABASE_PATH: join(tmp.dir, 'attacks.db'),
      POSTMARK_SERVER_TOKEN: SINK_TOKEN,
      POSTMARK_API_URL: sink.url,
      ALLOWED_ORIGINS: 'https://cliente.example',
      MAIL_PROPOSALS_PER_HOUR: '4',
    },
    { log: logs.log },
  );
});
afterAll(async () => {
  await srv?.close();
  await sink?.close();
  tmp?.cleanup();
});

const mailTo = (to: string) => sink.sink.messages.filter((m) => m.to === to);
const ok = (r: { status: number; body: any }) => {
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.result.data;
};

describe('mail relay', () => {
  it('the chain upsert → call without a conversation → proposal.send sends nothing (403)', async () => {
    const customer = ok(await rpc(srv.url, 'customer.upsert', { email: 'victima@example.com', name: 'Compra ya en https://malo.example' }));
    const call = ok(await rpc(srv.url, 'calls.createWithVerification', { transaction: 'propuesta-1', customer_id: customer.id, status: 'completada', summary: 'https://malo.example' }));
    const noToken = await rpc(srv.url, 'proposal.send', { callId: call.id });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.data.code).toBe('FORBIDDEN');
    const madeUp = await rpc(srv.url, 'proposal.send', { callId: call.id, token: 'x'.repeat(43) });
    expect(madeUp.status).toBe(403);
    expect(await srv.db.kysely.selectFrom('outbox').select('id').where('to_email', '=', 'victima@example.com').execute()).toEqual([]);
  });

  it("linking another visitor's conversation needs its token: getByVapiId's id alone is refused", async () => {
    const victim = await registerLead(srv.url, { email: 'dueno@example.com', vapiId: 'vapi-del-dueno' });
    const found = ok(await rpc(srv.url, 'vapi_call.getByVapiId', { vapi_id: 'vapi-del-dueno' }, { method: 'GET' }));
    expect(found.id).toBe(victim.vapiCallId);
    const attacker = ok(await rpc(srv.url, 'customer.upsert', { email: 'atacante@example.com' }));
    for (const token of [undefined, 'y'.repeat(43)]) {
      const r = await rpc(srv.url, 'calls.createWithVerification', {
        transaction: 'propuesta-2',
        customer_id: attacker.id,
        vapi_call_id: found.id,
        ...(token ? { vapi_call_token: token } : {}),
        status: 'completada',
      });
      expect(r.status).toBe(403);
    }
    // Nor can the victim's call row be mailed without the victim's token.
    expect((await rpc(srv.url, 'proposal.send', { callId: victim.callId, token: 'z'.repeat(43) })).status).toBe(403);
  });

  it('subjects are fixed; names, roles and companies reach mail short and without links, controls or bidi overrides', async () => {
    const lead = await registerLead(srv.url, {
      email: 'texto@example.com',
      name: 'Gana dinero en https://malo.example/x ahora' + ' relleno'.repeat(15),
      cargo: 'CEO\u202Egnp.exe',
      company: 'www.malo.example Acme\r\nBcc: otro@example.com',
      summary: 'Haz clic en https://malo.example/pago',
    });
    ok(await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token }));
    const mails = await waitFor(() => mailTo('texto@example.com').length >= 2 && mailTo('texto@example.com'));
    expect(mails.map((m) => m.subject).sort()).toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
    for (const m of mails) {
      for (const body of [m.html, m.text]) {
        expect(body).not.toContain('malo.example');
        expect(body).not.toContain('\u202E');
        expect(body).not.toContain('otro@example.com');
      }
    }
    // The browser's summary is stored, never mailed.
    const row = await srv.db.kysely.selectFrom('call').select('summary').where('id', '=', lead.callId).executeTakeFirstOrThrow();
    expect(row.summary).toBe('Haz clic en https://malo.example/pago');
    const proposal = mails.find((m) => m.subject === 'Tu propuesta personalizada')!;
    // "Hola, " + at most 60 characters of the name.
    const greeting = /Hola, ([^:<\n]*)/.exec(proposal.text)![1]!;
    expect(Array.from(greeting).length).toBeLessThanOrEqual(60);
    expect(greeting.startsWith('Gana dinero en ahora')).toBe(true);
  });
});

describe('mail caps', () => {
  it('one proposal per recipient per 24 h: the second sends nothing and says one went to the address recently; the log says why', async () => {
    const first = await registerLead(srv.url, { email: 'repetida@example.com' });
    ok(await rpc(srv.url, 'proposal.send', { callId: first.callId, token: first.token }));
    await waitFor(() => mailTo('repetida@example.com').length >= 2);
    const second = await registerLead(srv.url, { email: 'repetida@example.com' });
    const r = await rpc(srv.url, 'proposal.send', { callId: second.callId, token: second.token });
    expect(r.status).toBe(200);
    expect(r.body.result.data).toEqual({ status: 'sent-recently' });
    const held = logs.lines.find((l) => l.msg === 'proposal mail held back' && l.callId === second.callId);
    expect(held?.reason).toMatch(/MAIL_PER_RECIPIENT/);
    const queued = await srv.db.kysely.selectFrom('outbox').select('id').where('to_email', '=', 'repetida@example.com').execute();
    expect(queued).toHaveLength(2);
  });

  it('a global hourly cap (MAIL_PROPOSALS_PER_HOUR=4 here): past it nothing is queued, and the answer says not sent', async () => {
    const before = await srv.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'proposal').execute();
    const answers: unknown[] = [];
    for (let i = 0; before.length + answers.length < 6; i++) {
      const lead = await registerLead(srv.url, { email: `tope${i}@example.com` });
      const r = await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token });
      expect(r.status).toBe(200);
      answers.push(r.body.result.data);
    }
    const proposals = await srv.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'proposal').execute();
    expect(proposals).toHaveLength(4);
    // Each send either queued one of the 4 or was held, and said so: never 'sent-recently' for a new address.
    const queued = answers.filter((a) => (a as { status: string }).status === 'queued').length;
    expect(queued).toBe(4 - before.length);
    expect(answers.slice(queued)).toEqual(Array(answers.length - queued).fill({ status: 'not-sent' }));
    expect(logs.lines.some((l) => l.msg === 'proposal mail held back' && /MAIL_PROPOSALS_PER_HOUR/.test(String(l.reason)))).toBe(true);
  });
});

describe('tampering and enumeration', () => {
  it("an upsert with someone else's address changes neither their stored lead nor their proposal", async () => {
    const victim = await registerLead(srv.url, { email: 'lead@example.com', name: 'Lucía', company: 'Lucía SL' });
    const attack = ok(await rpc(srv.url, 'customer.upsert', { email: 'lead@example.com', name: 'Hackeado', company: 'Malo SA' }));
    const known = ok(await rpc(srv.url, 'customer.create', { email: 'lead@example.com' }));
    const stored = await srv.db.kysely.selectFrom('customer').selectAll().where('email', '=', 'lead@example.com').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Lucía', company: 'Lucía SL' });
    // No answer carries the customer's stable id.
    expect([victim.customerId, attack.id, known.id]).not.toContain(stored.id);
    ok(await rpc(srv.url, 'proposal.send', { callId: victim.callId, token: victim.token }));
    const pdf = await srv.db.kysely.selectFrom('pdf').select('content').where('call_id', '=', victim.callId).executeTakeFirstOrThrow();
    expect(pdf.content).toContain('Lucía');
    expect(pdf.content).not.toContain('Hackeado');
  });
});

describe('HTTP edges', () => {
  const rawRequest = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const u = new URL(srv.url);
      const req = httpRequest({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it("refuses a Host that is neither PUBLIC_URL's nor a loopback name (DNS rebinding)", async () => {
    const evil = await rawRequest('/api/trpc/vapi_call.getByVapiId?input=%7B%22vapi_id%22%3A%22x%22%7D', { host: 'rebind.attacker.example:3000' });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).error.data.code).toBe('FORBIDDEN');
    expect((await rawRequest('/healthz', { host: 'rebind.attacker.example' })).status).toBe(403);
    for (const host of ['localhost:3000', '127.0.0.1', 'localhost', 'app.localhost:8080']) {
      expect((await rawRequest('/healthz', { host })).status, host).toBe(200);
    }
  });

  it('a refused origin: tRPC error shape, and one log line per origin naming ALLOWED_ORIGINS', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await rpc(srv.url, 'customer.upsert', { email: 'cors@example.com' }, { headers: { origin: 'https://olvidado.example' } });
      expect(r.status).toBe(403);
      expect(r.body.error.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
      expect(typeof r.body.error.message).toBe('string');
    }
    const lines = logs.lines.filter((l) => l.msg === 'origin refused' && l.origin === 'https://olvidado.example');
    expect(lines).toHaveLength(1);
    expect(String(lines[0]!.hint)).toContain('ALLOWED_ORIGINS');
  });

  it("a client that hangs up mid-body is logged at info as 'client aborted', never as a 500", async () => {
    const before = logs.lines.length;
    const u = new URL(srv.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: u.hostname,
        port: u.port,
        path: '/api/trpc/customer.upsert',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '5000' },
      });
      req.on('error', () => resolve());
      req.write('{"email":"corta');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const aborted = await waitFor(() => logs.lines.slice(before).find((l) => l.msg === 'client aborted'));
    expect(aborted.level).toBe('info');
    expect(logs.lines.slice(before).filter((l) => l.level === 'error')).toEqual([]);
    expect(logs.lines.slice(before).some((l) => l.msg === 'request' && l.status === 500)).toBe(false);
  });

  it('/dev/* does not exist outside demo mode', async () => {
    expect((await fetch(`${srv.url}/dev/mail.json`)).status).toBe(404);
    expect((await fetch(`${srv.url}/dev/mail`)).status).toBe(404);
  });
});

const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe.runIf(!!externalAddress)('/dev/mail in demo mode, on every interface (HOST=0.0.0.0)', () => {
  it('answers a loopback client and no one else', async () => {
    const t = tempDir();
    // PUBLIC_URL names the external address, so the Host guard lets it through.
    const open = await startTestServer(
      { DATABASE_PATH: join(t.dir, 'h.db'), HOST: '0.0.0.0', PUBLIC_URL: `http://${externalAddress}:3000` },
      { devMail: true },
    );
    try {
      expect((await fetch(`http://127.0.0.1:${open.port}/dev/mail.json`)).status).toBe(200);
      expect((await fetch(`http://${externalAddress}:${open.port}/healthz`)).status).toBe(200);
      // Same server, same Host rules: only the client's address differs.
      expect((await fetch(`http://${externalAddress}:${open.port}/dev/mail.json`)).status).toBe(404);
      expect((await fetch(`http://${externalAddress}:${open.port}/dev/mail`)).status).toBe(404);
    } finally {
      await open.close();
      t.cleanup();
    }
  });
});

describe('the demo simulator mounted at /sim', () => {
  let demo: Demo;
  let site: RunningServer;
  let t: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    t = tempDir();
    demo = createDemo();
    site = await startTestServer(
      { DATABASE_PATH: join(t.dir, 'demo.db'), RATE_LIMIT_PER_MINUTE: '20' },
      { mounts: [demo.mount], platform: demo.platform, onServer: (server) => demo.onServer(server), devMail: true },
    );
  });
  afterAll(async () => {
    await site?.close();
    await demo?.close();
    t?.cleanup();
  });

  it("refuses the well-known key; its private key is random; its test controls are not served", async () => {
    expect(demo.privateKey).not.toBe('demo-private-key');
    expect(demo.privateKey.length).toBeGreaterThanOrEqual(24);
    expect(createDemo().privateKey).not.toBe(demo.privateKey);
    const wellKnown = await fetch(`${site.url}/sim/call`, { headers: { authorization: 'Bearer demo-private-key' } });
    expect(wellKnown.status).toBe(401);
    const own = await fetch(`${site.url}/sim/call`, { headers: { authorization: `Bearer ${demo.privateKey}` } });
    expect(own.status).toBe(200);
    const faults = await fetch(`${site.url}/sim/_simulator/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.privateKey}`, 'content-type': 'application/json' },
      body: '{"count":5}',
    });
    expect(faults.status).toBe(404);
  });

  it("a demo proposal is checked against the simulator's call records", async () => {
    const call = await fetch(`${site.url}/sim/call/web`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: 'demo-assistant' }),
    });
    expect(call.status).toBe(201);
    const { id } = await call.json();
    const lead = await registerLead(site.url, { email: 'demo-sim@example.com', vapiId: id });
    expect((await rpc(site.url, 'proposal.send', { callId: lead.callId, token: lead.token })).status).toBe(200);
    const fake = await registerLead(site.url, { email: 'demo-fake@example.com', vapiId: 'not-a-simulator-call' });
    expect((await rpc(site.url, 'proposal.send', { callId: fake.callId, token: fake.token })).status).toBe(403);
  });

  it("has the API's body limit and rate limits", async () => {
    const big = await fetch(`${site.url}/sim/call/web`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: 'demo-assistant', metadata: { pad: 'x'.repeat(100_000) } }),
    });
    expect(big.status).toBe(413);
    // RATE_LIMIT_PER_MINUTE=20 writes a minute, per client.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await fetch(`${site.url}/sim/call/web`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' });
      statuses.push(r.status);
    }
    // The earlier tests here spent part of the budget; once it is gone, every write is refused.
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses.slice(0, first).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
  });
});
