import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import postmark from 'postmark';
import { deliveriesPerOutboxId, registerLead, rpc, startSink, startTestServer, tempDir, waitFor, SINK_TOKEN, type SinkServer } from './helpers';
import { createDatabase } from '../src/db';
import { backoffMs } from '../src/mail/worker';
import { postmarkClientOptions } from '../src/mail/transport';
import { retryFailedMail } from '../src/mail/retry';
import type { RunningServer } from '../src/server';

const EMAIL_API_KEY = 'mail-test-email-api-key';
let sink: SinkServer;
beforeAll(async () => {
  sink = await startSink();
});
afterAll(async () => {
  await sink?.close();
});

const client = (token = SINK_TOKEN) => new postmark.ServerClient(token, postmarkClientOptions(sink.url, 5000));
const msg = (to: string, subject = 'Prueba') => ({ From: 'Helena <propuestas@example.com>', To: to, Subject: subject, HtmlBody: '<p>hola</p>', TextBody: 'hola' });

describe('the Postmark-compatible sink, spoken to by the real postmark client', () => {
  it('accepts a message with Postmark response shape and lists it at /dev/mail.json', async () => {
    const res = await client().sendEmail(msg('ok@example.com', 'Forma'));
    expect(res).toMatchObject({ To: 'ok@example.com', ErrorCode: 0, Message: 'OK' });
    expect(res.MessageID).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.SubmittedAt)).not.toBeNaN();
    const list = await (await fetch(`${sink.url}/dev/mail.json`)).json();
    expect(list[0]).toEqual({
      id: res.MessageID,
      from: 'Helena <propuestas@example.com>',
      to: 'ok@example.com',
      subject: 'Forma',
      html: '<p>hola</p>',
      text: 'hola',
      receivedAt: expect.any(String),
    });
    const page = await fetch(`${sink.url}/dev/mail`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Forma');
  });

  it('answers Postmark errors the client turns into its typed errors', async () => {
    const cases: [string | null, string, string, number, number][] = [
      ['wrong-token', 'ok@example.com', 'InvalidAPIKeyError', 401, 10],
      [null, 'invalid@example.com', 'InvalidEmailRequestError', 422, 300],
      [null, 'not-an-address', 'InvalidEmailRequestError', 422, 300],
      [null, 'inactive@example.com', 'InactiveRecipientsError', 422, 406],
      [null, 'fail-429@example.com', 'RateLimitExceededError', 429, 429],
      [null, 'fail-500@example.com', 'InternalServerError', 500, 0],
      [null, 'fail-503@example.com', 'ServiceUnavailablerError', 503, 0],
    ];
    for (const [token, to, name, statusCode, code] of cases) {
      const err = await client(token ?? SINK_TOKEN).sendEmail(msg(to)).then(() => null, (e) => e);
      expect(err, to).not.toBeNull();
      expect({ to, name: err.name, statusCode: err.statusCode, code: err.code }).toEqual({ to, name, statusCode, code });
    }
    const inactive = await client().sendEmail(msg('inactive@example.com')).catch((e) => e);
    expect(inactive.recipients).toEqual(['inactive@example.com']);
  });

  it('/email/batch answers one result per message', async () => {
    const res = await client().sendEmailBatch([msg('b1@example.com'), msg('inactive@example.com'), msg('b3@example.com')]);
    expect(res.map((r) => r.ErrorCode)).toEqual([0, 406, 0]);
    expect(res[0]!.MessageID).toBeTruthy();
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter and is capped', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(30, 1000, 60_000, () => 1)).toBe(60_000);
  });
});

describe('the mail pipeline with faults', () => {
  let tmp: ReturnType<typeof tempDir>;
  let srv: RunningServer | null = null;
  afterEach(async () => {
    await srv?.close();
    srv = null;
    tmp?.cleanup();
  });
  const start = async (env: Record<string, string> = {}, dbFile?: string) => {
    srv = await startTestServer({
      DATABASE_PATH: dbFile ?? join(tmp.dir, 'helena.db'),
      POSTMARK_SERVER_TOKEN: SINK_TOKEN,
      POSTMARK_API_URL: sink.url,
      EMAIL_API_KEY,
      MAIL_MAX_ATTEMPTS: '4',
      ...env,
    });
    return srv;
  };
  const logsFor = (s: RunningServer, email: string) =>
    s.db.kysely.selectFrom('email_log').selectAll().where('email', '=', email).orderBy('sent_at').execute();
  const deliveredTo = (to: string) => sink.sink.messages.filter((m) => m.to === to);

  it('503s are retried with backoff until delivered; one email_log row per attempt', async () => {
    tmp = tempDir();
    const s = await start();
    const lead = await registerLead(s.url, { email: 'flaky-2@example.com', name: 'Flaky', company: 'Flaky SL' });
    await rpc(s.url, 'proposal.send', { callId: lead.callId, token: lead.token });
    await waitFor(async () => {
      const pdf = await s.db.kysely.selectFrom('pdf').select('email_sent').where('call_id', '=', lead.callId).executeTakeFirst();
      return pdf && Boolean(pdf.email_sent) && deliveredTo('flaky-2@example.com').length === 2;
    });
    const logs = await waitFor(async () => {
      const rows = await logsFor(s, 'flaky-2@example.com');
      return rows.filter((l) => l.status === 'sent').length === 2 && rows;
    });
    expect(logs.filter((l) => l.status === 'retry')).toHaveLength(4);
    expect(logs.filter((l) => l.status === 'sent')).toHaveLength(2);
    expect(logs.find((l) => l.status === 'retry')!.error_message).toContain('HTTP 503');
    const outbox = await s.db.kysely.selectFrom('outbox').select(['status', 'attempts']).where('to_email', '=', 'flaky-2@example.com').execute();
    expect(outbox).toEqual([{ status: 'sent', attempts: 3 }, { status: 'sent', attempts: 3 }]);
  });

  it('without a sweep (MAIL_SWEEP_HOURS=0) a failing message gives up after MAIL_MAX_ATTEMPTS; a 422 gives up at once', async () => {
    tmp = tempDir();
    const s = await start({ MAIL_SWEEP_HOURS: '0' });
    const down = await registerLead(s.url, { email: 'fail-503@example.com' });
    const gone = await registerLead(s.url, { email: 'inactive@example.com' });
    await rpc(s.url, 'proposal.send', { callId: down.callId, token: down.token });
    await rpc(s.url, 'proposal.send', { callId: gone.callId, token: gone.token });
    await waitFor(async () => {
      const rows = await s.db.kysely.selectFrom('outbox').select('status').where('to_email', 'in', ['fail-503@example.com', 'inactive@example.com']).execute();
      return rows.length === 4 && rows.every((r) => r.status === 'failed');
    });
    const downLogs = await logsFor(s, 'fail-503@example.com');
    expect(downLogs.map((l) => l.status).sort()).toEqual(['failed', 'failed', ...Array(6).fill('retry')]);
    const goneLogs = await logsFor(s, 'inactive@example.com');
    expect(goneLogs.map((l) => l.status)).toEqual(['failed', 'failed']);
    expect(goneLogs[0]!.error_message).toContain('ErrorCode 406');
    const pdf = await s.db.kysely.selectFrom('pdf').select('email_sent').where('call_id', '=', gone.callId).executeTakeFirstOrThrow();
    expect(Boolean(pdf.email_sent)).toBe(false);
  });

  it('an outage longer than every quick attempt: the sweep sends it once the provider is back; npm run mail:retry re-queues a failed one', async () => {
    tmp = tempDir();
    const s = await start({ MAIL_SWEEP_HOURS: '72', MAIL_SWEEP_BASE_MS: '50' });
    // flaky-7: the provider refuses the first 7 sends of each message (MAIL_MAX_ATTEMPTS is 4 here).
    const lead = await registerLead(s.url, { email: 'flaky-7@example.com' });
    await rpc(s.url, 'proposal.send', { callId: lead.callId, token: lead.token });
    await waitFor(() => deliveredTo('flaky-7@example.com').length === 2, 20_000);
    // The sink has the mail before the worker has written its 'sent' row: wait for the log too.
    const logs = await waitFor(async () => {
      const rows = await logsFor(s, 'flaky-7@example.com');
      return rows.filter((l) => l.status === 'sent').length === 2 && rows;
    });
    expect(logs.filter((l) => l.status === 'sent')).toHaveLength(2);
    expect(logs.filter((l) => l.status === 'failed')).toHaveLength(0);
    expect(logs.filter((l) => l.status === 'retry')).toHaveLength(14);

    // A message that did fail for good (a 422) goes out again by hand once the cause is fixed.
    const r = await fetch(`${s.url}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
      body: JSON.stringify({ to: 'inactive@example.com', subject: 'Reactivada', html: '<p>otra vez</p>' }),
    });
    const { messageId } = await r.json();
    const status = async () => (await s.db.kysely.selectFrom('outbox').select('status').where('id', '=', messageId).executeTakeFirstOrThrow()).status;
    await waitFor(async () => (await status()) === 'failed');
    const before = (await logsFor(s, 'inactive@example.com')).length;
    expect(await retryFailedMail(s.db)).toBeGreaterThanOrEqual(1);
    // Queued again: the worker makes a new attempt (refused again here, the address is still inactive).
    await waitFor(async () => (await logsFor(s, 'inactive@example.com')).length > before);
  });

  it('with the default send timeout, a provider that takes 3 s to answer gets exactly one copy', async () => {
    tmp = tempDir();
    const s = await start({ MAIL_SEND_TIMEOUT_MS: undefined as unknown as string });
    const r = await fetch(`${s.url}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
      body: JSON.stringify({ to: 'slow-3000@example.com', subject: 'Despacio', html: '<p>despacio</p>' }),
    });
    const { messageId } = await r.json();
    await waitFor(async () => (await s.db.kysely.selectFrom('outbox').select('status').where('id', '=', messageId).executeTakeFirstOrThrow()).status === 'sent', 20_000);
    expect(deliveredTo('slow-3000@example.com')).toHaveLength(1);
    expect((await logsFor(s, 'slow-3000@example.com')).map((l) => l.status)).toEqual(['sent']);
  });

  it('a send that times out is retried; it can only be duplicated when the timed-out attempt was accepted', async () => {
    tmp = tempDir();
    const s = await start({ MAIL_SEND_TIMEOUT_MS: '150' });
    const r = await fetch(`${s.url}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
      body: JSON.stringify({ to: 'slowonce-400@example.com', subject: 'Lento', html: '<p>lento</p>' }),
    });
    const { messageId } = await r.json();
    await waitFor(async () => {
      const row = await s.db.kysely.selectFrom('outbox').select('status').where('id', '=', messageId).executeTakeFirstOrThrow();
      return row.status === 'sent';
    });
    const logs = await logsFor(s, 'slowonce-400@example.com');
    expect(logs.map((l) => l.status)).toEqual(['retry', 'sent']);
    expect(logs[0]!.error_message).toMatch(/timeout/i);
    // The sink accepted the first attempt after the client had given up: this is the
    // duplicate window documented in api/README.md. Nothing is lost.
    await waitFor(() => deliveredTo('slowonce-400@example.com').length === 2);
  });

  it('a graceful restart in the middle of the queue loses nothing and sends nothing twice', async () => {
    tmp = tempDir();
    const dbFile = join(tmp.dir, 'restart.db');
    // Postmark behind a door the test opens: the first batch stays in flight until the stop has
    // begun, so the stop always finds a batch sending and the rest pending, however fast or slow
    // the machine (the test once raced the queue draining while it was still posting).
    const door = await heldSink(sink.url);
    let s = await start({ MAIL_BATCH_SIZE: '5', POSTMARK_API_URL: door.url, MAIL_SEND_TIMEOUT_MS: '120000' }, dbFile);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await fetch(`${s.url}/api/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
        body: JSON.stringify({ to: `cola@r${i}.example.com`, subject: `Cola ${i}`, html: `<p>${i}</p>` }),
      });
      ids.push((await r.json()).messageId);
    }
    // A batch of 5 is at the door.
    await waitFor(() => door.waiting() === 5);
    const stopping = s.close();
    srv = null;
    door.open();
    await stopping;
    await door.close();
    const afterStop = await createDatabase({ path: dbFile });
    const mid = await afterStop.kysely.selectFrom('outbox').select(['status']).where('id', 'in', ids).execute();
    await afterStop.close();
    // The batch in flight finished; nothing was claimed once the stop began.
    expect(mid.filter((r) => r.status === 'sent')).toHaveLength(5);
    expect(mid.filter((r) => r.status === 'pending')).toHaveLength(25);

    s = await start({ MAIL_BATCH_SIZE: '5' }, dbFile);
    await waitFor(async () => {
      const rows = await s.db.kysely.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'sent');
    }, 60_000);
    const counts = deliveriesPerOutboxId(sink.sink.messages, ids);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  }, 90_000);
});

/** A door in front of `target`: every request waits at it until `open()`, then goes through. */
async function heldSink(target: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const server = createServer((req, res) => {
    waiting++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    const forward = async () => {
      await opened;
      const headers = Object.fromEntries(['content-type', 'accept', 'x-postmark-server-token'].flatMap((h) => (req.headers[h] ? [[h, String(req.headers[h])]] : [])));
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    };
    req.on('end', () => void forward());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    waiting: () => waiting,
    open,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a crash (SIGKILL) in the middle of the queue', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const spawnServer = (env: Record<string, string>) =>
    new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
        if (m) resolve({ child, url: m[1]! });
      });
      child.stderr.on('data', (d) => (out += d));
      child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });

  it('every message is delivered after a restart; only those in flight at the kill may be sent twice', async () => {
    const tmp = tempDir();
    try {
      const env = {
        DATABASE_PATH: join(tmp.dir, 'crash.db'),
        POSTMARK_SERVER_TOKEN: SINK_TOKEN,
        POSTMARK_API_URL: sink.url,
        EMAIL_API_KEY,
        MAIL_POLL_MS: '50',
        MAIL_LEASE_MS: '1500',
        MAIL_SEND_TIMEOUT_MS: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
      };
      const first = await spawnServer(env);
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        const r = await fetch(`${first.url}/api/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
          body: JSON.stringify({ to: `slow-300@k${i}.example.com`, subject: `Caída ${i}`, html: `<p>${i}</p>` }),
        });
        ids.push((await r.json()).messageId);
      }
      const db = await createDatabase({ path: env.DATABASE_PATH });
      let inFlight: string[] = [];
      await waitFor(async () => {
        const rows = await db.kysely.selectFrom('outbox').select('id').where('status', '=', 'sending').execute();
        inFlight = rows.map((r) => r.id);
        return inFlight.length > 0;
      });
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const leftSending = (await db.kysely.selectFrom('outbox').select('id').where('status', '=', 'sending').execute()).map((r) => r.id);

      const second = await spawnServer(env);
      await waitFor(async () => {
        const rows = await db.kysely.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
        return rows.every((r) => r.status === 'sent');
      }, 25_000);
      await db.close();
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));

      const counts = deliveriesPerOutboxId(sink.sink.messages, ids);
      expect(counts.size).toBe(ids.length); // nothing lost
      const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
      expect(twice.every((id) => leftSending.includes(id))).toBe(true); // duplicates only inside the window
      expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    } finally {
      tmp.cleanup();
    }
  }, 60_000);
});
