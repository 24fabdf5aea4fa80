// The database suite, on SQLite (always) and on PostgreSQL (when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createDatabase, migrate, ownSchema, type Db } from '../src/db';
import { claim, enqueue } from '../src/mail/outbox';
import { createMailWorker } from '../src/mail/worker';
import { createLogger } from '../src/log';
import type { OutboxTable } from '../src/db/schema';
import { deliveriesPerOutboxId, pgSchema, registerLead, rpc, startSink, startTestServer, tempDir, waitFor, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';
import type { RunningServer } from '../src/server';

if (!PG_URL) console.log('[api db suite] TEST_DATABASE_URL is unset: the PostgreSQL half of the database suite is skipped (CI sets it).');

const SPEC_FIELDS: Record<string, string[]> = {
  customer: ['id', 'email', 'name', 'cargo', 'company', 'pag_web', 'created_at', 'updated_at'],
  vapi_call: ['id', 'vapi_id', 'initial_data', 'status', 'created_at', 'updated_at'],
  call: ['id', 'transaction', 'customer_id', 'vapi_call_id', 'status', 'duration', 'transcript', 'summary', 'created_at', 'updated_at'],
  pdf: ['id', 'transaction', 'call_id', 'content', 'email', 'email_sent', 'expires_at', 'created_at', 'updated_at'],
  email_log: ['id', 'pdf_id', 'email', 'sent_at', 'status', 'error_message'],
};
const EMAIL_API_KEY = 'db-suite-email-api-key';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Each table's columns. On PostgreSQL only this database's own schema, read from
 * information_schema: Kysely's introspection scans every schema on the server and fails when
 * another test file drops its schema meanwhile.
 */
async function columnsByTable(db: Db, dialect: 'sqlite' | 'postgres'): Promise<Map<string, string[]>> {
  if (dialect === 'sqlite') return new Map((await db.kysely.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]));
  const rows = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = ${await ownSchema(db.kysely)} order by ordinal_position`.execute(db.kysely);
  const out = new Map<string, string[]>();
  for (const r of rows.rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
  return out;
}

interface Target {
  /** env for startTestServer */
  env: Record<string, string>;
  /** a second, independent connection to the same database */
  open(): Promise<Db>;
  cleanup(): Promise<void>;
}

function suite(name: 'sqlite' | 'postgres', makeTarget: () => Promise<Target>) {
  describe(`database suite: ${name}`, () => {
    let target: Target;
    let sink: SinkServer;
    let srv: RunningServer;
    let base: string;

    beforeAll(async () => {
      target = await makeTarget();
      sink = await startSink();
      srv = await startTestServer({ ...target.env, POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: sink.url, EMAIL_API_KEY });
      base = srv.url;
    });
    afterAll(async () => {
      await srv?.close();
      await sink?.close();
      await target?.cleanup();
    });

    it('migrations create the spec tables with exactly their fields (plus the token hash, the submitter snapshot and the platform report), and run again as a no-op', async () => {
      const byName = await columnsByTable(srv.db, name);
      const report = ['transcript', 'summary', 'duration', 'ended_reason', 'recording_url', 'reported_at'];
      const extras: Record<string, string[]> = {
        vapi_call: ['token_hash', ...report, 'visitor_words', 'conversation', 'locale'],
        pdf: ['document', 'pdf_file', 'version', 'accepted_at', 'accepted_name', 'accepted_version', 'first_viewed_at', 'lead_created_at'],
        // The owner's panel: the folded search text and the owner's outcome.
        call: ['lead_name', 'lead_cargo', 'lead_company', 'ended_reason', 'recording_url', 'search_key', 'outcome', 'outcome_note', 'outcome_at'],
      };
      for (const [table, fields] of Object.entries(SPEC_FIELDS)) {
        const extra = extras[table] ?? [];
        expect(new Set(byName.get(table)), table).toEqual(new Set([...fields, ...extra]));
      }
      expect(byName.has('outbox')).toBe(true);
      expect(byName.has('lead_submission')).toBe(true);
      await migrate(srv.db.kysely, srv.db.dialect);
      expect(srv.db.dialect).toBe(name);
      const ready = await (await fetch(`${base}/readyz`)).json();
      expect(ready).toMatchObject({ status: 'ready', database: name });
    });

    it('customer.upsert: lower-cased key, concurrent upserts make one row, the first values stay, every answer is a new id', async () => {
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          rpc(base, 'customer.upsert', { email: i % 2 ? 'Conc@Example.com' : 'conc@example.COM', name: 'Conchi', company: 'Conc SA' }),
        ),
      );
      expect(ids.every((r) => r.status === 200)).toBe(true);
      expect(new Set(ids.map((r) => r.body.result.data.id)).size).toBe(20);
      const rows = await srv.db.kysely.selectFrom('customer').selectAll().where('email', '=', 'conc@example.com').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Conchi', company: 'Conc SA', cargo: null });
      expect(rows[0]!.created_at).toMatch(ISO);
      expect(rows[0]!.updated_at).toMatch(ISO);
      const submissions = await srv.db.kysely.selectFrom('lead_submission').select('id').where('customer_id', '=', rows[0]!.id).execute();
      expect(submissions).toHaveLength(20);
    });

    it('JSON is validated in and parsed out; a duplicate platform call id is a conflict, a known email is not', async () => {
      const data = { start_time: '2026-11-22T10:00:00.000Z', nested: { list: [1, 'dos', null, true], 'ñandú': 'ü €' } };
      const c = await rpc(base, 'vapi_call.create', { vapi_id: `json-${name}`, initial_data: data, status: 'active' });
      expect(c.status).toBe(200);
      const got = await rpc(base, 'vapi_call.getByVapiId', { vapi_id: `json-${name}` }, { method: 'GET' });
      expect(got.body.result.data.initial_data).toEqual(data);
      const bad = await rpc(base, 'vapi_call.create', { vapi_id: `json2-${name}`, initial_data: { a: 'nul\u0000' }, status: 'active' });
      expect(bad.status).toBe(400);
      const arr = await rpc(base, 'vapi_call.create', { vapi_id: `json3-${name}`, initial_data: [1, 2], status: 'active' });
      expect(arr.status).toBe(400);
      const dup = await rpc(base, 'vapi_call.create', { vapi_id: `json-${name}`, initial_data: {}, status: 'active' });
      expect(dup.status).toBe(409);
      const dupCustomer = await rpc(base, 'customer.create', { email: 'conc@example.com' });
      expect(dupCustomer.status).toBe(200);
      const lone = await rpc(base, 'vapi_call.create', { vapi_id: `json4-${name}`, initial_data: { a: 'x\ud800y' }, status: 'active' });
      expect(lone.status).toBe(400);
    });

    it('proposal.send is idempotent under concurrency; delivery sets the boolean pdf.email_sent', async () => {
      const lead = await registerLead(base, { email: `idem-${name}@example.com`, name: 'Idem' });
      const results = await Promise.all(Array.from({ length: 8 }, () => rpc(base, 'proposal.send', { callId: lead.callId, token: lead.token })));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      const pdfs = await srv.db.kysely.selectFrom('pdf').selectAll().where('call_id', '=', lead.callId).execute();
      expect(pdfs).toHaveLength(1);
      const outbox = await srv.db.kysely.selectFrom('outbox').select('id').where('pdf_id', '=', pdfs[0]!.id).execute();
      expect(outbox).toHaveLength(2);
      expect(pdfs[0]!.expires_at).toMatch(ISO);
      await waitFor(async () => {
        const p = await srv.db.kysely.selectFrom('pdf').select('email_sent').where('id', '=', pdfs[0]!.id).executeTakeFirstOrThrow();
        return p.email_sent === true || p.email_sent === 1;
      });
      // The flag follows the proposal's mail; the confirmation is delivered on its own, and its
      // attempt (one email_log row each) may still be under way when the flag is set.
      const logs = await waitFor(async () => {
        const rows = await srv.db.kysely.selectFrom('email_log').selectAll().where('pdf_id', '=', pdfs[0]!.id).execute();
        return rows.length >= 2 && rows;
      });
      expect(logs.map((l) => l.status)).toEqual(['sent', 'sent']);
      expect(logs[0]!.sent_at).toMatch(ISO);
    });

    it('two workers on two connections never claim the same row', async () => {
      const a = await target.open();
      const b = await target.open();
      await srv.worker?.stop(); // the suite server's own worker would be a third claimant
      try {
        const tag = randomBytes(4).toString('hex');
        const ids = await enqueue(
          a.kysely,
          Array.from({ length: 60 }, (_, i) => ({ kind: 'api' as const, to: `claim-${tag}-${i}@example.com`, from: 'x@example.com', subject: 's', html: 'h' })),
        );
        const sent: string[] = [];
        const transport = {
          send: async (row: OutboxTable) => {
            sent.push(row.id);
            await new Promise((r) => setTimeout(r, 2));
            return { messageId: row.id };
          },
        };
        const logged: string[] = [];
        const log = createLogger({ level: 'error', sink: { write: (l: string) => logged.push(l) } });
        const opts = { log, transport, pollMs: 10, retryBaseMs: 10, retryMaxMs: 10, maxAttempts: 3, leaseMs: 60_000, batchSize: 7 };
        const w1 = createMailWorker({ ...opts, db: a, owner: 'w1' });
        const w2 = createMailWorker({ ...opts, db: b, owner: 'w2' });
        for (let round = 0; round < 40; round++) {
          const [n1, n2] = await Promise.all([w1.tick(), w2.tick()]);
          if (n1 + n2 === 0) break;
        }
        const mine = sent.filter((id) => ids.includes(id));
        expect(logged, logged.join('\n')).toEqual([]);
        expect(mine).toHaveLength(60);
        expect(new Set(mine).size).toBe(60);
        const rows = await a.kysely.selectFrom('outbox').select(['status', 'claimed_by']).where('id', 'in', ids).execute();
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
        expect(new Set(rows.map((r) => r.claimed_by))).toEqual(new Set(['w1', 'w2']));
      } finally {
        srv.worker?.start();
        await a.close();
        await b.close();
      }
    });

    it('a claim takes at most its limit, and concurrent claims are disjoint', async () => {
      const a = await target.open();
      const b = await target.open();
      await srv.worker?.stop();
      try {
        const tag = randomBytes(4).toString('hex');
        await a.kysely.updateTable('outbox').set({ status: 'sent' }).where('status', 'in', ['pending', 'sending']).execute();
        const ids = await enqueue(
          a.kysely,
          Array.from({ length: 20 }, (_, i) => ({ kind: 'api' as const, to: `limit-${tag}-${i}@example.com`, from: 'x@example.com', subject: 's', html: 'h' })),
        );
        const now = new Date();
        const o = (owner: string) => ({ owner, limit: 7, now: now.toISOString(), leaseUntil: new Date(now.getTime() + 60_000).toISOString(), postgres: name === 'postgres' });
        const [r1, r2] = await Promise.all([claim(a.kysely, o('c1')), claim(b.kysely, o('c2'))]);
        expect(r1.length).toBe(7);
        expect(r2.length).toBe(7);
        const all = [...r1, ...r2].map((r) => r.id);
        expect(new Set(all).size).toBe(14);
        expect(all.every((id) => ids.includes(id))).toBe(true);
        const r3 = await claim(a.kysely, o('c3'));
        expect(r3.length).toBe(6);
        await a.kysely.updateTable('outbox').set({ status: 'sent' }).where('id', 'in', ids).execute();
      } finally {
        srv.worker?.start();
        await a.close();
        await b.close();
      }
    });

    it('rate limits: two instances on PostgreSQL share one budget; on SQLite each process counts its own', async () => {
      const env = { ...target.env, POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: sink.url, RATE_LIMIT_PER_MINUTE: '6', TRUST_PROXY: 'true' };
      const [a, b] = [await startTestServer(env), await startTestServer(env)];
      try {
        // A client address of its own (through the trusted proxy header), so no other test shares the budget.
        const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++) {
          const r = await rpc(i % 2 ? b.url : a.url, 'customer.upsert', { email: `shared-${name}-${i}@example.com` }, { headers: { 'x-forwarded-for': client } });
          statuses.push(r.status);
        }
        // 6 a minute: shared, the seventh and eighth are refused whichever instance gets them;
        // counted apart, each instance would take 4 and refuse none.
        expect(statuses).toEqual(name === 'postgres' ? [200, 200, 200, 200, 200, 200, 429, 429] : Array(8).fill(200));
        if (name === 'postgres') {
          // The shared table counts by a keyed hash: no row holds the client's address.
          const { rows } = await sql<{ key: string }>`select key from rate_limit`.execute(a.db.kysely);
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.map((r) => r.key).join('\n')).not.toContain(client);
        }
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('two server instances on one database deliver every message exactly once', async () => {
      const second = await startTestServer({ ...target.env, POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: sink.url, EMAIL_API_KEY, MAIL_BATCH_SIZE: '4' });
      try {
        const ids: string[] = [];
        for (let i = 0; i < 40; i++) {
          const via = i % 2 ? second.url : base;
          const r = await fetch(`${via}/api/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` },
            body: JSON.stringify({ to: `slow-20@two-${name}-${i}.example.com`, subject: `Dos ${i}`, html: `<p>${i}</p>` }),
          });
          ids.push((await r.json()).messageId);
        }
        const rows = await waitFor(async () => {
          const r = await srv.db.kysely.selectFrom('outbox').select(['status', 'claimed_by']).where('id', 'in', ids).execute();
          return r.every((x) => x.status === 'sent') && r;
        }, 20_000);
        const counts = deliveriesPerOutboxId(sink.sink.messages, ids);
        expect(counts.size).toBe(40);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        expect(new Set(rows.map((r) => r.claimed_by)).size).toBeGreaterThanOrEqual(1);
      } finally {
        await second.close();
      }
    });

    it('an expired lease is claimed again', async () => {
      const db = await target.open();
      try {
        // Written already held by a dead worker, in one transaction: a row visible as pending for
        // a moment could be claimed and sent by the suite server's worker before it was 'dead''s.
        const id = await db.kysely.transaction().execute(async (tx) => {
          const [queued = ''] = await enqueue(tx, [{ kind: 'api', to: 'lease@example.com', from: 'x@example.com', subject: 's', html: 'h' }]);
          await tx.updateTable('outbox').set({ status: 'sending', claimed_by: 'dead', lease_until: '2000-01-01T00:00:00.000Z' }).where('id', '=', queued).execute();
          return queued;
        });
        const got: string[] = [];
        const w = createMailWorker({
          db,
          log: createLogger({ level: 'silent' }),
          transport: { send: (row) => (got.push(row.id), Promise.resolve({ messageId: 'm' })) },
          pollMs: 10,
          retryBaseMs: 10,
          retryMaxMs: 10,
          maxAttempts: 3,
          leaseMs: 1000,
          owner: 'alive',
        });
        // Whoever claims it (this worker or the suite server's), the dead holder's row is sent.
        const row = await waitFor(async () => {
          await w.tick();
          const r = await db.kysely.selectFrom('outbox').select(['status', 'claimed_by']).where('id', '=', id).executeTakeFirstOrThrow();
          return r.status === 'sent' && r;
        });
        expect(row.claimed_by).not.toBe('dead');
        if (row.claimed_by === 'alive') expect(got).toContain(id);
      } finally {
        await db.close();
      }
    });
  });
}

suite('sqlite', () => {
  const tmp = tempDir();
  const path = join(tmp.dir, 'suite.db');
  return Promise.resolve({
    env: { DATABASE_PATH: path },
    open: () => createDatabase({ path }),
    cleanup: () => Promise.resolve(tmp.cleanup()),
  });
});

describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => {
  suite('postgres', async () => {
    const schema = await pgSchema();
    return { env: { DATABASE_URL: schema.url }, open: () => createDatabase({ url: schema.url, poolSize: 4 }), cleanup: () => schema.drop() };
  });
});

describe.runIf(!!PG_URL)('PostgreSQL shared with other schemas', () => {
  // Other tenants or test runs create and drop their schemas on the same server at any moment;
  // Kysely's migrator scans every schema first, and a drop during that scan used to fail the
  // start-up with 'schema "<theirs>" does not exist' (once in a clean CI run).
  it('migrates fresh schemas while other schemas come and go', async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    let stop = false;
    let churned = 0;
    const churn = (async () => {
      while (!stop) {
        const other = `helena_churn_${randomBytes(4).toString('hex')}`;
        await admin.query(`create schema ${other}; create table ${other}.t (id serial primary key, x text)`);
        await admin.query(`drop schema ${other} cascade`);
        churned++;
        // Several drops a second: far more than test files or tenants ever make, yet not a drop
        // during every scan of a machine this loaded.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      for (let i = 0; i < 25; i++) {
        const schema = await pgSchema('helena_migrate_');
        const db = await createDatabase({ url: schema.url, poolSize: 1 });
        await db.close();
        await schema.drop();
      }
    } finally {
      stop = true;
      await churn;
      await admin.end();
    }
    expect(churned).toBeGreaterThan(0);
  }, 180_000);
});
