// The privacy domain's SQL: the unsubscribe list (keyed hashes only), everything stored about one
// address, its erasure in one transaction, and the retention sweep's choice of what is idle.
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../db';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import { normalizeAddress } from './keys';
import { queuePlatformErasures } from './platform-erasure';
import type { Executor } from '../db/executor';

/**
 * Records an unsubscribe and cancels the mail still waiting (or failed) for that address, in one
 * transaction. Answers how many messages were cancelled. Unsubscribing twice changes nothing.
 */
export async function recordUnsubscribe(db: Db, addressKey: string, email: string): Promise<number> {
  const now = nowIso();
  return db.kysely.transaction().execute(async (tx) => {
    await tx.insertInto('mail_unsubscribe').values({ address_key: addressKey, created_at: now }).onConflict((oc) => oc.column('address_key').doNothing()).execute();
    const cancelled = await tx
      .updateTable('outbox')
      .set({ status: 'cancelled', last_error: 'unsubscribed', updated_at: now })
      .where('to_email', '=', normalizeAddress(email))
      // Failed ones too: `npm run mail:retry` would otherwise queue them again.
      .where('status', 'in', ['pending', 'failed'])
      .executeTakeFirst();
    return Number(cancelled.numUpdatedRows);
  });
}

/** Whether the address with this keyed hash unsubscribed. */
export async function isUnsubscribed(db: Db, addressKey: string): Promise<boolean> {
  return !!(await db.kysely.selectFrom('mail_unsubscribe').select('address_key').where('address_key', '=', addressKey).executeTakeFirst());
}

/** Everything stored about one address (the conversation's update-token hash left out). */
export interface StoredData {
  email: string;
  unsubscribed: boolean;
  customers: Database['customer'][];
  leadSubmissions: Database['lead_submission'][];
  calls: Database['call'][];
  conversations: Omit<Selectable<Database['vapi_call']>, 'token_hash'>[];
  /** Each proposal with its document (the chosen items and the words that chose them), its acceptance and its PDF (base64). */
  proposals: (Omit<Selectable<Database['pdf']>, 'pdf_file' | 'email_sent'> & { email_sent: boolean; pdf_file: string | null })[];
  emails: Database['outbox'][];
  emailLog: Database['email_log'][];
  /** The webhook events about the address's calls, each body parsed. */
  webhookEvents: (Omit<Database['webhook_event'], 'payload'> & { payload: unknown })[];
}

/** The rows that belong to an address, by id. */
interface Owned {
  customerIds: string[];
  callIds: string[];
  conversationIds: string[];
  pdfIds: string[];
  outboxIds: string[];
}

async function ownedBy(db: Executor, email: string): Promise<Owned> {
  const customerIds = (await db.selectFrom('customer').select('id').where('email', '=', email).execute()).map((r) => r.id);
  const calls = customerIds.length ? await db.selectFrom('call').select(['id', 'vapi_call_id']).where('customer_id', 'in', customerIds).execute() : [];
  const callIds = calls.map((c) => c.id);
  const conversationIds = [...new Set(calls.flatMap((c) => (c.vapi_call_id ? [c.vapi_call_id] : [])))];
  let pdfs = db.selectFrom('pdf').select('id').where('email', '=', email);
  if (callIds.length) pdfs = db.selectFrom('pdf').select('id').where((eb) => eb.or([eb('email', '=', email), eb('call_id', 'in', callIds)]));
  const pdfIds = (await pdfs.execute()).map((r) => r.id);
  // Mail to the address, about its proposals, and the sales team's copies of its leads (Reply-To).
  const outbox = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) => eb.or([eb('to_email', '=', email), eb('reply_to', '=', email), ...(pdfIds.length ? [eb('pdf_id', 'in', pdfIds)] : [])]));
  const outboxIds = (await outbox.execute()).map((r) => r.id);
  return { customerIds, callIds, conversationIds, pdfIds, outboxIds };
}

/** Everything stored about `email`: the lead, its conversations with their transcripts, the mail. */
export async function storedData(db: Db, email: string, addressKey: string): Promise<StoredData> {
  const e = normalizeAddress(email);
  const k = db.kysely;
  const o = await ownedBy(k, e);
  const byIds = <T>(ids: string[], q: () => Promise<T[]>) => (ids.length ? q() : Promise.resolve([] as T[]));
  const [customers, leadSubmissions, calls, conversations, proposals, emails, emailLog, unsubscribed, webhookEvents] = await Promise.all([
    byIds(o.customerIds, () => k.selectFrom('customer').selectAll().where('id', 'in', o.customerIds).orderBy('created_at').execute()),
    byIds(o.customerIds, () => k.selectFrom('lead_submission').selectAll().where('customer_id', 'in', o.customerIds).orderBy('created_at').execute()),
    byIds(o.callIds, () => k.selectFrom('call').selectAll().where('id', 'in', o.callIds).orderBy('created_at').execute()),
    byIds(o.conversationIds, async () =>
      (await k.selectFrom('vapi_call').selectAll().where('id', 'in', o.conversationIds).orderBy('created_at').execute()).map(
        ({ token_hash: _hidden, ...row }) => ({ ...row, initial_data: db.parseJson(row.initial_data), visitor_words: db.parseJson(row.visitor_words), conversation: db.parseJson(row.conversation) }),
      ),
    ),
    byIds(o.pdfIds, () => k.selectFrom('pdf').selectAll().where('id', 'in', o.pdfIds).orderBy('created_at').execute()),
    byIds(o.outboxIds, () => k.selectFrom('outbox').selectAll().where('id', 'in', o.outboxIds).orderBy('created_at').execute()),
    k.selectFrom('email_log').selectAll().where('email', '=', e).orderBy('sent_at').execute(),
    isUnsubscribed(db, addressKey),
    byIds(o.callIds, async () =>
      (await k.selectFrom('webhook_event').selectAll().where('call_id', 'in', o.callIds).orderBy('created_at').execute()).map((w) => ({ ...w, payload: db.parseJson(w.payload) })),
    ),
  ]);
  return {
    email: e,
    unsubscribed,
    customers,
    leadSubmissions,
    calls,
    conversations,
    proposals: proposals.map((p) => ({
      ...p,
      email_sent: Boolean(p.email_sent),
      document: db.parseJson(p.document),
      pdf_file: p.pdf_file ? Buffer.from(p.pdf_file).toString('base64') : null,
    })),
    emails,
    emailLog,
    webhookEvents,
  };
}

/** What an erasure removed, by kind. */
export interface ErasedCounts {
  customers: number;
  leadSubmissions: number;
  calls: number;
  conversations: number;
  proposals: number;
  emails: number;
  emailLog: number;
  webhookEvents: number;
}

/** An erasure that found nothing. */
export const NOTHING_ERASED: ErasedCounts = { customers: 0, leadSubmissions: 0, calls: 0, conversations: 0, proposals: 0, emails: 0, emailLog: 0, webhookEvents: 0 };

const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);

/**
 * Every time something about an address was written, one row each (address, when). Both
 * databases push an outer `where email = …` down into each branch.
 */
const ACTIVITY = sql`
  select email, updated_at as at from customer
  union all select c.email, s.created_at from lead_submission s join customer c on c.id = s.customer_id
  union all select c.email, ca.updated_at from call ca join customer c on c.id = ca.customer_id
  union all select c.email, vc.updated_at from vapi_call vc join call ca on ca.vapi_call_id = vc.id join customer c on c.id = ca.customer_id
  union all select email, updated_at from pdf
  union all select to_email, updated_at from outbox
  union all select reply_to, updated_at from outbox where reply_to is not null
  union all select c.email, w.updated_at from webhook_event w join call ca on ca.id = w.call_id join customer c on c.id = ca.customer_id
  union all select email, sent_at from email_log`;

/** The latest time anything about `email` was written, or null when nothing is stored. */
async function lastActivityOf(db: Executor, email: string): Promise<string | null> {
  const row = await sql<{ last: string | null }>`select max(at) as last from (${ACTIVITY}) activity where email = ${email}`.execute(db);
  return row.rows[0]?.last ?? null;
}

/**
 * Erases everything stored about `email` in one transaction: the customer, its lead submissions,
 * its calls, their conversations (transcripts and reports) and the Server URL deliveries about
 * them, the proposals, every outbox row (pending ones included) to it or replying to it (the
 * sales team's copies), its email log rows, and the webhook events about its calls, delivered or
 * not. The
 * unsubscribe list is not touched: it holds keyed hashes only. With `idleBefore`, nothing is
 * erased when anything about the address is newer (the retention sweep racing a new lead).
 */
export async function eraseAddress(
  db: Db,
  email: string,
  opts: { idleBefore?: string; alsoInTransaction?: (tx: Transaction<Database>) => Promise<void> } = {},
): Promise<ErasedCounts> {
  // A proposal committed between this transaction's reads and its deletes still refers to a
  // call about to go: the delete then breaks a foreign key, and a fresh attempt sees that row too.
  for (let attempt = 1; ; attempt++) {
    try {
      return await eraseOnce(db, normalizeAddress(email), opts);
    } catch (err) {
      if (attempt >= 3 || !db.isForeignKeyViolation(err)) throw err;
    }
  }
}

async function eraseOnce(db: Db, e: string, opts: Parameters<typeof eraseAddress>[2] & object): Promise<ErasedCounts> {
  const { idleBefore } = opts;
  return db.kysely.transaction().execute(async (tx) => {
    if (idleBefore) {
      const last = await lastActivityOf(tx, e);
      if (last === null || last >= idleBefore) return { ...NOTHING_ERASED };
    }
    const o = await ownedBy(tx, e);
    const erased = { ...NOTHING_ERASED };
    const waits = [
      ...(o.outboxIds.length ? [tx.deleteFrom('proposal_wait').where('outbox_id', 'in', o.outboxIds)] : []),
      ...(o.callIds.length ? [tx.deleteFrom('proposal_wait').where('call_id', 'in', o.callIds)] : []),
      ...(o.conversationIds.length ? [tx.deleteFrom('proposal_wait').where('vapi_call_id', 'in', o.conversationIds)] : []),
    ];
    for (const q of waits) await q.execute();
    erased.emailLog = count(
      await tx
        .deleteFrom('email_log')
        .where((eb) => (o.pdfIds.length ? eb.or([eb('email', '=', e), eb('pdf_id', 'in', o.pdfIds)]) : eb('email', '=', e)))
        .executeTakeFirst(),
    );
    if (o.outboxIds.length) erased.emails = count(await tx.deleteFrom('outbox').where('id', 'in', o.outboxIds).executeTakeFirst());
    // Whatever their state: a pending event about an erased lead is never delivered.
    if (o.callIds.length) erased.webhookEvents = count(await tx.deleteFrom('webhook_event').where('call_id', 'in', o.callIds).executeTakeFirst());
    if (o.pdfIds.length) await tx.deleteFrom('proposal_version').where('pdf_id', 'in', o.pdfIds).execute();
    if (o.pdfIds.length) erased.proposals = count(await tx.deleteFrom('pdf').where('id', 'in', o.pdfIds).executeTakeFirst());
    if (o.callIds.length) erased.calls = count(await tx.deleteFrom('call').where('id', 'in', o.callIds).executeTakeFirst());
    if (o.conversationIds.length) {
      // Another address's lead on the same conversation keeps its lead, not this conversation's words.
      await tx
        .updateTable('call')
        .set({ vapi_call_id: null, transcript: null, summary: null, recording_url: null, updated_at: nowIso() })
        .where('vapi_call_id', 'in', o.conversationIds)
        .execute();
      const vapiIds = (await tx.selectFrom('vapi_call').select('vapi_id').where('id', 'in', o.conversationIds).execute()).map((r) => r.vapi_id);
      if (vapiIds.length) await tx.deleteFrom('vapi_event_delivery').where('vapi_id', 'in', vapiIds).execute();
      // The platform's own record of each conversation goes too, once it answers.
      await queuePlatformErasures(tx, vapiIds);
      erased.conversations = count(await tx.deleteFrom('vapi_call').where('id', 'in', o.conversationIds).executeTakeFirst());
    }
    if (o.customerIds.length) {
      erased.leadSubmissions = count(await tx.deleteFrom('lead_submission').where('customer_id', 'in', o.customerIds).executeTakeFirst());
      erased.customers = count(await tx.deleteFrom('customer').where('id', 'in', o.customerIds).executeTakeFirst());
    }
    await opts.alsoInTransaction?.(tx);
    return erased;
  });
}

/** Addresses whose last activity is before `cutoff` (ISO-8601), at most `limit` of them. */
export async function idleAddresses(db: Db, cutoff: string, limit: number): Promise<string[]> {
  const rows = await sql<{ email: string }>`
    select email from (${ACTIVITY}) activity group by email having max(at) < ${cutoff} order by email limit ${limit}`.execute(db.kysely);
  return rows.rows.map((r) => r.email);
}

/**
 * Erases conversations nobody left an address in whose last activity is before `cutoff`, and the
 * Server URL deliveries received before it. Answers how many conversations went.
 */
export async function eraseIdleConversations(db: Db, cutoff: string): Promise<number> {
  return db.kysely.transaction().execute(async (tx) => {
    await tx.deleteFrom('vapi_event_delivery').where('received_at', '<', cutoff).execute();
    const gone = await tx
      .deleteFrom('vapi_call')
      .where('updated_at', '<', cutoff)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('call').select('call.id').whereRef('call.vapi_call_id', '=', 'vapi_call.id'))))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('proposal_wait').select('proposal_wait.outbox_id').whereRef('proposal_wait.vapi_call_id', '=', 'vapi_call.id'))),
      )
      .returning('vapi_id')
      .execute();
    await queuePlatformErasures(tx, gone.map((r) => r.vapi_id));
    return gone.length;
  });
}
