// Retention and the operator's scripts, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: the
// periodic sweep with a fractional RETENTION_DAYS against rows back-dated in the database, and
// `npm run privacy:export|erase|purge` run as a person would, against the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { npmRun, pgSchema, registerLead, rpc, startSink, startTestServer, tempDir, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';
import type { RunningServer } from '../src/server';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each script is a fresh `npm run` with tsx: seconds each on a busy machine. */
const SCRIPT_TIMEOUT_MS = 120_000;

interface Suite {
  srv: RunningServer;
  sink: SinkServer;
  /** The database settings the scripts get. */
  dbEnv: Record<string, string>;
}

function suiteFor(dialect: 'sqlite' | 'postgres', env: Record<string, string>): Suite {
  const suite = {} as Suite;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const tmp = tempDir();
    const schema = dialect === 'postgres' ? await pgSchema('helena_retention_') : null;
    suite.dbEnv = schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(tmp.dir, 'retention.db') };
    suite.sink = await startSink();
    suite.srv = await startTestServer({ ...suite.dbEnv, POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: suite.sink.url, ...env });
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

let seq = 0;
const unique = (local: string) => `${local}-${Date.now().toString(36)}-${++seq}@example.com`;

/** A lead whose two emails have been sent (so the worker writes nothing more about it). */
async function sentLead(s: Suite, email: string, name: string) {
  const l = await registerLead(s.srv.url, { email, name, company: `${name} SL`, summary: `${name} quiere vender más` });
  expect((await rpc(s.srv.url, 'proposal.send', { callId: l.callId, token: l.token })).status).toBe(200);
  await expect
    .poll(async () => (await s.srv.db.kysely.selectFrom('outbox').select('status').where('to_email', '=', email).execute()).map((r) => r.status), { timeout: 15_000 })
    .toEqual(['sent', 'sent']);
  return l;
}

/** Moves every timestamp about `email` (and its conversation) `ageMs` into the past. */
async function backdate(s: Suite, email: string, vapiCallId: string, ageMs: number) {
  const at = new Date(Date.now() - ageMs).toISOString();
  const k = s.srv.db.kysely;
  const customer = await k.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await k.transaction().execute(async (tx) => {
    await tx.updateTable('customer').set({ created_at: at, updated_at: at }).where('id', '=', customer.id).execute();
    await tx.updateTable('lead_submission').set({ created_at: at }).where('customer_id', '=', customer.id).execute();
    await tx.updateTable('call').set({ created_at: at, updated_at: at }).where('customer_id', '=', customer.id).execute();
    await tx.updateTable('vapi_call').set({ created_at: at, updated_at: at }).where('id', '=', vapiCallId).execute();
    await tx.updateTable('pdf').set({ created_at: at, updated_at: at }).where('email', '=', email).execute();
    await tx.updateTable('outbox').set({ created_at: at, updated_at: at }).where('to_email', '=', email).execute();
    await tx.updateTable('email_log').set({ sent_at: at }).where('email', '=', email).execute();
  });
}

async function anonymousConversation(s: Suite) {
  const vc = await rpc(s.srv.url, 'vapi_call.create', { vapi_id: `anon-${Date.now()}-${++seq}`, initial_data: { note: 'sin correo' }, status: 'inactive' });
  expect(vc.status).toBe(200);
  return vc.body.result.data.id as string;
}

const customerCount = async (s: Suite, email: string) => (await s.srv.db.kysely.selectFrom('customer').select('id').where('email', '=', email).execute()).length;
const conversationCount = async (s: Suite, id: string) => (await s.srv.db.kysely.selectFrom('vapi_call').select('id').where('id', '=', id).execute()).length;

/** Runs `npm run <script> -- args` in the repository, as an operator would. */
function retentionSpecs(dialect: 'sqlite' | 'postgres') {
  describe('the periodic sweep (RETENTION_DAYS=0.5)', () => {
    const s = suiteFor(dialect, { RETENTION_DAYS: '0.5', RETENTION_SWEEP_MS: '200' });

    it('erases leads, their conversations and mail idle for longer, and conversations nobody left an address in; keeps what is younger', async () => {
      const old = unique('old');
      const recent = unique('recent');
      const inside = unique('inside');
      const oldLead = await sentLead(s, old, 'Olga');
      const recentLead = await sentLead(s, recent, 'Rita');
      const insideLead = await sentLead(s, inside, 'Inés');
      const oldAnonymous = await anonymousConversation(s);
      const newAnonymous = await anonymousConversation(s);

      // Half a day is the limit: two days ago goes, 0.4 days ago (under half a day) stays.
      await backdate(s, inside, insideLead.vapiCallId, 0.4 * DAY_MS);
      await backdate(s, old, oldLead.vapiCallId, 2 * DAY_MS);
      await s.srv.db.kysely.updateTable('vapi_call').set({ updated_at: new Date(Date.now() - 2 * DAY_MS).toISOString() }).where('id', '=', oldAnonymous).execute();

      await expect.poll(() => customerCount(s, old), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => conversationCount(s, oldAnonymous), { timeout: 15_000 }).toBe(0);
      const k = s.srv.db.kysely;
      expect(await k.selectFrom('outbox').select('id').where('to_email', '=', old).execute()).toEqual([]);
      expect(await k.selectFrom('email_log').select('id').where('email', '=', old).execute()).toEqual([]);
      expect(await k.selectFrom('pdf').select('id').where('email', '=', old).execute()).toEqual([]);
      expect(await conversationCount(s, oldLead.vapiCallId)).toBe(0);

      expect(await customerCount(s, recent)).toBe(1);
      expect(await customerCount(s, inside)).toBe(1);
      expect(await conversationCount(s, recentLead.vapiCallId)).toBe(1);
      expect(await conversationCount(s, insideLead.vapiCallId)).toBe(1);
      expect(await conversationCount(s, newAnonymous)).toBe(1);
      expect((await k.selectFrom('outbox').select('id').where('to_email', '=', inside).execute()).length).toBe(2);
    });
  });

  describe('npm run privacy:export, privacy:erase, privacy:purge', () => {
    // The server's own sweep keeps a year: only the script's RETENTION_DAYS erases here.
    const s = suiteFor(dialect, {});

    it('export prints everything stored as JSON; erase removes it and says what; an unknown address is not an error', async () => {
      const email = unique('dora');
      const l = await sentLead(s, email, 'Dora');
      const exported = await npmRun('privacy:export', [email.toUpperCase()], s.dbEnv);
      expect(exported.code, exported.stderr).toBe(0);
      const data = JSON.parse(exported.stdout);
      expect(data.email).toBe(email);
      expect(data.customers.map((c: { name: string }) => c.name)).toEqual(['Dora']);
      expect(data.leadSubmissions.map((c: { company: string }) => c.company)).toEqual(['Dora SL']);
      expect(data.calls.map((c: { id: string }) => c.id)).toEqual([l.callId]);
      expect(data.conversations.map((c: { id: string }) => c.id)).toEqual([l.vapiCallId]);
      expect(data.conversations[0]).not.toHaveProperty('token_hash');
      expect(data.proposals).toHaveLength(1);
      expect(data.emails.map((m: { subject: string }) => m.subject).sort()).toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
      expect(data.emailLog.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent']);

      const erased = await npmRun('privacy:erase', [email], s.dbEnv);
      expect(erased.code, erased.stderr).toBe(0);
      expect(JSON.parse(erased.stdout)).toEqual({
        email,
        erased: { customers: 1, leadSubmissions: 1, calls: 1, conversations: 1, proposals: 1, emails: 2, emailLog: 2, webhookEvents: 0 },
        unsubscribeKept: false,
        // No platform key here: the conversation's deletion on the platform stays owed, and is said.
        platformDeletions: { deleted: 0, pending: expect.any(Number) },
      });
      expect(erased.stderr).toMatch(/\d+ platform call deletion\(s\) pending/);
      expect(await customerCount(s, email)).toBe(0);

      const again = await npmRun('privacy:erase', [email], s.dbEnv);
      expect(again.code).toBe(0);
      expect(Object.values(JSON.parse(again.stdout).erased)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
      const empty = JSON.parse((await npmRun('privacy:export', [email], s.dbEnv)).stdout);
      expect([empty.customers, empty.conversations, empty.emails, empty.emailLog]).toEqual([[], [], [], []]);
    }, SCRIPT_TIMEOUT_MS);

    it('a bad address or a missing one gets a clear message and exit code 2', async () => {
      const bad = await npmRun('privacy:erase', ['no-es-un-correo'], s.dbEnv);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('"no-es-un-correo" is not a valid email address');
      const none = await npmRun('privacy:export', [], s.dbEnv);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('usage: npm run privacy:export');
    }, SCRIPT_TIMEOUT_MS);

    it('purge runs the sweep once with the configured RETENTION_DAYS', async () => {
      const email = unique('pura');
      const l = await sentLead(s, email, 'Pura');
      await backdate(s, email, l.vapiCallId, 3 * DAY_MS);
      const purged = await npmRun('privacy:purge', [], { ...s.dbEnv, RETENTION_DAYS: '1.5' });
      expect(purged.code, purged.stderr).toBe(0);
      const out = JSON.parse(purged.stdout);
      expect(out.retentionDays).toBe(1.5);
      expect(out.erased.addresses).toBeGreaterThanOrEqual(1);
      expect(await customerCount(s, email)).toBe(0);
    }, SCRIPT_TIMEOUT_MS);
  });
}

describe('SQLite', () => retentionSpecs('sqlite'));
describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => retentionSpecs('postgres'));
