// The lead's webhooks, on SQLite and PostgreSQL: a real HTTP receiver verifies every delivery with
// the `standardwebhooks` package (the peer a CRM uses), the worker retries, survives restarts,
// shares the queue between instances, and the events go with an erasure.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { createDatabase, type Db } from '../src/db';
import { createLogger } from '../src/log';
import { createMetrics } from '../src/metrics/metrics';
import { enqueueWebhook, type WebhookEvent } from '../src/webhooks/events';
import { createWebhookWorker, type WebhookWorkerOptions } from '../src/webhooks/worker';
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryGapMs } from '../src/webhooks/schedule';
import { eraseAddress, storedData } from '../src/privacy/queries';
import { sweepRetention } from '../src/privacy/retention';
import type { RunningServer } from '../src/server';
import { pgSchema, registerLead, startTestServer, tempDir, waitFor, PG_URL } from './helpers';
import { SECRET, startReceiver, type Receiver } from './webhook-receiver';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A lead's event as the proposal code raises it (its data beyond callId is the proposal's). */
const leadCreated = (callId: string, email: string): WebhookEvent => ({
  type: 'lead.created',
  data: { callId, contact: { email, name: 'Ana Pérez', company: 'Pérez Logística' }, summary: 'Quiere automatizar su centralita.' },
});

/** Queues `event` in a transaction of its own, as a business change would. */
const queue = (db: Db, url: string, event: WebhookEvent) => db.kysely.transaction().execute((tx) => enqueueWebhook(tx, { LEAD_WEBHOOK_URL: url }, event));

const eventRow = (db: Db, id: string) => db.kysely.selectFrom('webhook_event').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const metric = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

/** Releases held answers (a receiver that has not answered yet). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

interface Target {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

function webhookSpecs(name: 'sqlite' | 'postgres', makeTarget: () => Promise<Target>) {
  describe(`webhooks on ${name}`, () => {
    let target: Target;
    let receiver: Receiver;
    const servers: RunningServer[] = [];
    const workers: { stop(): Promise<void> }[] = [];
    const start = async (env: Record<string, string> = {}) => {
      const s = await startTestServer({ ...target.env, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, ...env });
      servers.push(s);
      return s;
    };
    /** A worker of the test's own over `db`, its schedule compressed `scale` times. */
    const worker = (db: Db, extra: Partial<WebhookWorkerOptions> = {}) => {
      const w = createWebhookWorker({ db, log: createLogger({ level: 'silent' }), target: { url: receiver.url, secret: SECRET }, pollMs: 20, ...extra });
      workers.push(w);
      w.start();
      return w;
    };

    // A database of each test's own: no event of one test is delivered to another's receiver.
    beforeEach(async () => {
      target = await makeTarget();
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await Promise.all(servers.splice(0).map((s) => s.close()));
      await receiver?.close();
      await target?.cleanup();
    });

    it('an event queued with what it reports is delivered once, signed so that standardwebhooks verifies it, and counted in /metrics', async () => {
      receiver = await startReceiver();
      const s = await start();
      const lead = await registerLead(s.url, { email: 'ana.webhook@example.com', name: 'Ana Pérez', company: 'Pérez Logística' });
      const before = new Date().toISOString();
      const id = await queue(s.db, receiver.url, leadCreated(lead.callId, 'ana.webhook@example.com'));
      expect(id).toEqual(expect.any(String));
      s.webhooks!.nudge();
      await waitFor(async () => (await eventRow(s.db, id!)).status === 'delivered');

      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.verified();
      expect(delivery!.id).toBe(id);
      expect(delivery!.body).toEqual({
        type: 'lead.created',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: { callId: lead.callId, contact: { email: 'ana.webhook@example.com', name: 'Ana Pérez', company: 'Pérez Logística' }, summary: 'Quiere automatizar su centralita.' },
      });
      expect(delivery!.body.timestamp >= before).toBe(true);
      const headers = receiver.received[0]!.headers;
      expect(headers['content-type']).toBe('application/json');
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
      // Another key does not verify it: the signature is the secret's.
      expect(() => new Webhook('whsec_' + randomBytes(32).toString('base64')).verify(receiver.received[0]!.body, headers as Record<string, string>)).toThrow();
      // A body changed on the way does not verify either.
      expect(() => new Webhook(SECRET).verify(receiver.received[0]!.body.replace('Ana', 'Eva'), headers as Record<string, string>)).toThrow();

      const row = await eventRow(s.db, id!);
      expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null, call_id: lead.callId });
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metric(metrics, 'helena_webhooks_delivered_total')).toBe(1);
      expect(metric(metrics, 'helena_webhook_events', 'status="pending"')).toBe(0);
      expect(metric(metrics, 'helena_webhook_events', 'status="failed"')).toBe(0);
    });

    it('an event in a transaction that rolls back is never queued; without LEAD_WEBHOOK_URL nothing is queued', async () => {
      receiver = await startReceiver();
      const s = await start({ MAIL_WORKER: 'false' });
      const lead = await registerLead(s.url, { email: 'rollback@example.com' });
      await expect(
        s.db.kysely.transaction().execute(async (tx) => {
          await enqueueWebhook(tx, { LEAD_WEBHOOK_URL: receiver.url }, leadCreated(lead.callId, 'rollback@example.com'));
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');
      expect(await s.db.kysely.transaction().execute((tx) => enqueueWebhook(tx, { LEAD_WEBHOOK_URL: undefined }, leadCreated(lead.callId, 'rollback@example.com')))).toBeNull();
      expect(await s.db.kysely.selectFrom('webhook_event').selectAll().where('call_id', '=', lead.callId).execute()).toEqual([]);
    });

    it('a receiver answering 500 twice and then 200 gets three deliveries with one webhook-id and the same bytes, each verified', async () => {
      receiver = await startReceiver((_r, i) => (i < 2 ? 500 : 200));
      const s = await start({ MAIL_WORKER: 'false' });
      const lead = await registerLead(s.url, { email: 'retry.hook@example.com' });
      const id = await queue(s.db, receiver.url, leadCreated(lead.callId, 'retry.hook@example.com'));
      const scale = 0.01;
      const metrics = createMetrics({ db: s.db });
      worker(s.db, { schedule: { random: () => 0, scale }, onOutcome: (o) => metrics.webhookAttempt(o) });
      await waitFor(async () => (await eventRow(s.db, id!)).status === 'delivered');

      expect(receiver.received).toHaveLength(3);
      const verified = receiver.verified();
      expect(verified.map((v) => v.id)).toEqual([id, id, id]);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      expect(await eventRow(s.db, id!)).toMatchObject({ status: 'delivered', attempts: 3 });
      const text = await metrics.scrape();
      expect(metric(text, 'helena_webhooks_failed_total', 'final="false"')).toBe(2);
      expect(metric(text, 'helena_webhooks_delivered_total')).toBe(1);
    });

    it('a restart between the event and its delivery: the next instance on the same database delivers it, once', async () => {
      receiver = await startReceiver();
      const first = await start({ MAIL_WORKER: 'false' });
      const lead = await registerLead(first.url, { email: 'restart.hook@example.com' });
      const id = await queue(first.db, receiver.url, leadCreated(lead.callId, 'restart.hook@example.com'));
      await first.close();
      expect(receiver.received).toHaveLength(0);

      const second = await start();
      await waitFor(async () => (await eventRow(second.db, id!)).status === 'delivered');
      expect(receiver.verified().map((v) => v.id)).toEqual([id]);
    });

    it('a graceful stop waits for the delivery in flight and records it: the next instance does not send it again', async () => {
      const held = gate();
      let arrived!: () => void;
      const inFlight = new Promise<void>((resolve) => (arrived = resolve));
      receiver = await startReceiver(async () => {
        arrived();
        await held.opened;
        return 204;
      });
      const first = await start();
      const lead = await registerLead(first.url, { email: 'graceful.hook@example.com' });
      const id = await queue(first.db, receiver.url, leadCreated(lead.callId, 'graceful.hook@example.com'));
      first.webhooks!.nudge();
      await inFlight;
      const closing = first.close();
      held.open();
      await closing;

      const second = await start({ MAIL_WORKER: 'false' });
      expect(await eventRow(second.db, id!)).toMatchObject({ status: 'delivered', attempts: 1, lease_until: null });
      expect(receiver.received).toHaveLength(1);
    });

    it('one failing event does not hold back the others: a held answer takes one slot, a refused event waits for its own retry', async () => {
      const held = gate();
      receiver = await startReceiver(async (r) => {
        const data = (JSON.parse(r.body) as { data: { hold?: boolean; refuse?: boolean } }).data;
        if (data.hold) await held.opened;
        return data.refuse ? 503 : 200;
      });
      const s = await start();
      const lead = await registerLead(s.url, { email: 'hol.hook@example.com' });
      const slow = await queue(s.db, receiver.url, { type: 'proposal.viewed', data: { callId: lead.callId, hold: true } });
      const refused = await queue(s.db, receiver.url, { type: 'proposal.viewed', data: { callId: lead.callId, refuse: true } });
      const good = await queue(s.db, receiver.url, { type: 'proposal.accepted', data: { callId: lead.callId } });
      s.webhooks!.nudge();
      await waitFor(async () => (await eventRow(s.db, good!)).status === 'delivered');
      // Delivered while the first event's answer is still awaited and the refused one waits to retry.
      expect((await eventRow(s.db, slow!)).status).toBe('sending');
      const r = await waitFor(async () => {
        const row = await eventRow(s.db, refused!);
        return row.attempts >= 1 && row;
      });
      expect(r).toMatchObject({ status: 'pending', last_error: 'HTTP 503' });
      expect(Date.parse(r.next_attempt_at)).toBeGreaterThan(Date.parse(r.updated_at));
      held.open();
      await waitFor(async () => (await eventRow(s.db, slow!)).status === 'delivered');
    });

    it('an event that failed every attempt is failed; npm run webhooks:retry queues it again, with the same webhook-id', async () => {
      let up = false;
      receiver = await startReceiver(() => (up ? 200 : 500));
      const s = await start({ MAIL_WORKER: 'false' });
      const lead = await registerLead(s.url, { email: 'gaveup.hook@example.com' });
      const id = await queue(s.db, receiver.url, leadCreated(lead.callId, 'gaveup.hook@example.com'));
      const metrics = createMetrics({ db: s.db });
      // The whole schedule (over a day) compressed into well under a second.
      const w = worker(s.db, { schedule: { scale: 1e-6 }, onOutcome: (o) => metrics.webhookAttempt(o) });
      const failed = await waitFor(async () => {
        const row = await eventRow(s.db, id!);
        return row.status === 'failed' && row;
      });
      expect(failed.last_error).toBe('HTTP 500');
      expect(receiver.received.length).toBe(failed.attempts);
      let text = await metrics.scrape();
      expect(metric(text, 'helena_webhooks_failed_total', 'final="true"')).toBe(1);
      expect(metric(text, 'helena_webhook_events', 'status="failed"')).toBe(1);

      up = true;
      const env: NodeJS.ProcessEnv = { ...process.env, ...target.env, LOG_LEVEL: 'silent' };
      if (!target.env.DATABASE_URL) delete env.DATABASE_URL;
      const run = spawnSync('npm', ['run', '--silent', 'webhooks:retry'], { cwd: root, encoding: 'utf8', env });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('1 failed webhook event(s) queued again');
      w.nudge();
      await waitFor(async () => (await eventRow(s.db, id!)).status === 'delivered');
      const ids = receiver.verified().map((v) => v.id);
      expect(new Set(ids)).toEqual(new Set([id]));
      text = await metrics.scrape();
      expect(metric(text, 'helena_webhook_events', 'status="failed"')).toBe(0);
    });

    it('the delivery log names the event, never its body', async () => {
      receiver = await startReceiver((_r, i) => (i === 0 ? 500 : 200));
      const s = await start({ MAIL_WORKER: 'false' });
      const lead = await registerLead(s.url, { email: 'logs.hook@example.com' });
      const id = await queue(s.db, receiver.url, leadCreated(lead.callId, 'logs.hook@example.com'));
      const lines: string[] = [];
      worker(s.db, { log: createLogger({ level: 'debug', sink: { write: (l: string) => lines.push(l) } }), schedule: { scale: 0.001 } });
      await waitFor(async () => (await eventRow(s.db, id!)).status === 'delivered');
      await waitFor(() => lines.some((l) => l.includes('webhook delivered')));
      const all = lines.join('');
      expect(all).toContain(id);
      expect(all).toContain('lead.created');
      for (const personal of ['Ana', 'Pérez', 'centralita', 'logs.hook', receiver.url]) expect(all).not.toContain(personal);
    });

    it('erasure removes the address’s events whatever their state; export lists them; the retention sweep removes them', async () => {
      receiver = await startReceiver();
      const s = await start({ MAIL_WORKER: 'false' });
      const erased = await registerLead(s.url, { email: 'erase.hook@example.com' });
      const kept = await registerLead(s.url, { email: 'keep.hook@example.com' });
      const delivered = await queue(s.db, receiver.url, leadCreated(erased.callId, 'erase.hook@example.com'));
      await s.db.kysely.updateTable('webhook_event').set({ status: 'delivered', delivered_at: new Date().toISOString() }).where('id', '=', delivered!).execute();
      const pending = await queue(s.db, receiver.url, { type: 'proposal.viewed', data: { callId: erased.callId } });
      const other = await queue(s.db, receiver.url, leadCreated(kept.callId, 'keep.hook@example.com'));

      const exported = await storedData(s.db, 'erase.hook@example.com', 'unused-key');
      expect(exported.webhookEvents.map((e) => [e.id, e.status])).toEqual([
        [delivered, 'delivered'],
        [pending, 'pending'],
      ]);
      expect(exported.webhookEvents[0]!.payload).toMatchObject({ type: 'lead.created', data: { contact: { email: 'erase.hook@example.com' } } });

      const counts = await eraseAddress(s.db, 'erase.hook@example.com');
      expect(counts.webhookEvents).toBe(2);
      expect(await s.db.kysely.selectFrom('webhook_event').select('id').execute()).toEqual([{ id: other }]);

      // A year and a day later the sweep finds the other address idle and takes its event too.
      const swept = await sweepRetention({ db: s.db, log: createLogger({ level: 'silent' }), config: { RETENTION_DAYS: 365 } }, Date.now() + 366 * 86_400_000);
      expect(swept.webhookEvents).toBe(1);
      expect(await s.db.kysely.selectFrom('webhook_event').select('id').execute()).toEqual([]);
    });

    if (name === 'postgres') {
      it('two instances on one PostgreSQL database deliver each event exactly once', async () => {
        receiver = await startReceiver();
        const a = await start({ MAIL_WORKER: 'false' });
        const lead = await registerLead(a.url, { email: 'two.hook@example.com' });
        const ids: string[] = [];
        for (let i = 0; i < 40; i++) ids.push((await queue(a.db, receiver.url, { type: 'proposal.viewed', data: { callId: lead.callId, n: i } }))!);
        const open = () => createDatabase({ url: target.env.DATABASE_URL, poolSize: 4 });
        const [dbA, dbB] = await Promise.all([open(), open()]);
        try {
          const wa = worker(dbA, { owner: 'instance-a', batchSize: 4 });
          const wb = worker(dbB, { owner: 'instance-b', batchSize: 4 });
          wa.nudge();
          wb.nudge();
          await waitFor(async () => {
            const rows = await a.db.kysely.selectFrom('webhook_event').select('status').where('status', '!=', 'delivered').execute();
            return rows.length === 0;
          }, 30_000);
          const perId = new Map<string, number>();
          for (const v of receiver.verified()) perId.set(v.id, (perId.get(v.id) ?? 0) + 1);
          expect([...perId.keys()].sort()).toEqual([...ids].sort());
          expect([...perId.values()].every((n) => n === 1)).toBe(true);
        } finally {
          await Promise.all(workers.splice(0).map((w) => w.stop()));
          await dbA.close();
          await dbB.close();
        }
      });
    }
  });
}

webhookSpecs('sqlite', async () => {
  const tmp = tempDir();
  return { env: { DATABASE_PATH: join(tmp.dir, 'helena.db') }, cleanup: async () => tmp.cleanup() };
});

describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => {
  webhookSpecs('postgres', async () => {
    const schema = await pgSchema();
    return { env: { DATABASE_URL: schema.url }, cleanup: () => schema.drop() };
  });
});

describe('the retry schedule, from its requirements', () => {
  // Attempt n+1 follows attempt n by webhookRetryGapMs(n); the jitter draws between its extremes.
  const attemptTimes = (random: () => number, attempts: number) => {
    const times = [0];
    for (let n = 1; n < attempts; n++) times.push(times[n - 1]! + webhookRetryGapMs(n, random));
    return times;
  };
  const TIMEOUT_S = 10;

  it('the first three attempts fall within one minute, even with the longest jitter and two attempts that time out', () => {
    const [first, , third] = attemptTimes(() => 1, 3);
    expect(third! - first! + 2 * TIMEOUT_S * 1000).toBeLessThanOrEqual(60_000);
  });

  it('then the gaps grow, and attempts go on for at least 24 hours even with the shortest jitter', () => {
    const shortest = attemptTimes(() => 0, WEBHOOK_MAX_ATTEMPTS);
    expect(shortest[shortest.length - 1]).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    // No gap is shorter than the one before it, at either end of the jitter.
    for (let n = 1; n < WEBHOOK_MAX_ATTEMPTS - 1; n++) {
      for (const random of [() => 0, () => 1]) expect(webhookRetryGapMs(n + 1, random)).toBeGreaterThanOrEqual(webhookRetryGapMs(n, random));
    }
    // After the first minute's attempts, even the shortest gap is longer than any gap among them.
    expect(webhookRetryGapMs(3, () => 0)).toBeGreaterThanOrEqual(webhookRetryGapMs(2, () => 1));
    expect(webhookRetryGapMs(4, () => 0)).toBeGreaterThan(webhookRetryGapMs(2, () => 1));
  });

  it('the jitter spreads retries: two draws of one gap differ', () => {
    expect(webhookRetryGapMs(5, () => 0)).toBeLessThan(webhookRetryGapMs(5, () => 1));
  });
});

describe('configuration', () => {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const startWith = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', ...env }, encoding: 'utf8', timeout: 20_000 });

  it.each([
    ['a LEAD_WEBHOOK_URL that is not http(s)', { LEAD_WEBHOOK_URL: 'ftp://crm.example.com/hook', LEAD_WEBHOOK_SECRET: SECRET }, 'LEAD_WEBHOOK_URL: must be an http(s) URL'],
    ['a secret that is not whsec_ + base64', { LEAD_WEBHOOK_URL: 'https://crm.example.com/hook', LEAD_WEBHOOK_SECRET: 'not-a-standard-secret' }, 'LEAD_WEBHOOK_SECRET: must be "whsec_" followed by the key in base64'],
    ['a secret whose key is not base64', { LEAD_WEBHOOK_URL: 'https://crm.example.com/hook', LEAD_WEBHOOK_SECRET: 'whsec_%%%%' }, 'LEAD_WEBHOOK_SECRET: must be "whsec_" followed by the key in base64'],
    ['a URL without its secret', { LEAD_WEBHOOK_URL: 'https://crm.example.com/hook' }, 'LEAD_WEBHOOK_SECRET: must be set when LEAD_WEBHOOK_URL is'],
    ['a secret without its URL', { LEAD_WEBHOOK_SECRET: SECRET }, 'LEAD_WEBHOOK_URL: must be set when LEAD_WEBHOOK_SECRET is'],
    ['an invalid SALES_EMAIL', { SALES_EMAIL: 'ventas@example.com, ventas-at-example.com' }, 'SALES_EMAIL: "ventas-at-example.com" is not an email address'],
  ])('%s stops the start with one clear line, exit 1, no stack trace and no secret', (_what, env, line) => {
    const r = startWith(env);
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.trim())).toEqual([expect.stringContaining(`Invalid configuration: ${line}`)]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain(SECRET.slice(6));
    expect(r.stderr).not.toContain('not-a-standard-secret');
  });
});
