// The proposal domain's SQL: the call a proposal is about, the mail caps' counts, and the pdf row
// with its two outbox messages written in one transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import type { ProposalDocument } from './document';
import type { RenderedVersion } from './versions';
import { enqueue, type OutboxMessage } from '../mail/outbox';

export interface ProposalSource {
  call_id: string;
  transaction: string;
  email: string;
  lead_name: string | null;
  lead_cargo: string | null;
  lead_company: string | null;
  vapi_id: string | null;
  token_hash: string | null;
  vapi_call_id: string | null;
  /** The platform's end-of-call report, when it has arrived. */
  report_summary: string | null;
  reported_at: string | null;
  /** The visitor's words the report brought (JSON, read through `storedWords`). */
  visitor_words: unknown;
  /** The report's turns with their times (JSON, read through `storedConversation`). */
  conversation: unknown;
  /** The visitor's language, as their widget said (else null: the site's). */
  locale: string | null;
}

export function findProposalSource(db: Db, callId: string): Promise<ProposalSource | undefined> {
  return db.kysely
    .selectFrom('call')
    .innerJoin('customer', 'customer.id', 'call.customer_id')
    .leftJoin('vapi_call', 'vapi_call.id', 'call.vapi_call_id')
    .select([
      'call.id as call_id',
      'call.transaction as transaction',
      'customer.email as email',
      'call.lead_name as lead_name',
      'call.lead_cargo as lead_cargo',
      'call.lead_company as lead_company',
      'vapi_call.vapi_id as vapi_id',
      'vapi_call.token_hash as token_hash',
      'vapi_call.id as vapi_call_id',
      'vapi_call.summary as report_summary',
      'vapi_call.reported_at as reported_at',
      'vapi_call.visitor_words as visitor_words',
      'vapi_call.conversation as conversation',
      'vapi_call.locale as locale',
    ])
    .where('call.id', '=', callId)
    .executeTakeFirst();
}

export async function hasProposal(db: Db, callId: string): Promise<boolean> {
  return !!(await db.kysely.selectFrom('pdf').select('id').where('call_id', '=', callId).executeTakeFirst());
}

/** Proposal messages queued since `sinceIso`, to `to` when given, else to anyone. */
export async function proposalsQueuedSince(db: Db, sinceIso: string, to?: string): Promise<number> {
  let q = db.kysely
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('kind', '=', 'proposal')
    .where('created_at', '>', sinceIso);
  if (to !== undefined) q = q.where('to_email', '=', to);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewProposal {
  pdfId: string;
  transaction: string;
  callId: string;
  content: string;
  /** The document's JSON and its PDF. */
  document: string;
  pdfFile: Buffer | null;
  email: string;
  expiresAt: string;
  now: string;
  /** Empty when a cap holds the mail back: the page exists, nothing is sent. */
  messages: OutboxMessage[];
  /** The proposal message (the last one) waits for this conversation's end-of-call report. */
  waitsForReportOf?: string;
  /** More to write in the same transaction (what the sales team is told). */
  alsoInTransaction?: (tx: Transaction<Database>) => Promise<void>;
}

/** The pdf row and its messages, atomically. A second proposal for the call is a unique violation. */
export async function insertProposal(db: Db, p: NewProposal): Promise<void> {
  await db.kysely.transaction().execute(async (tx) => {
    await tx
      .insertInto('pdf')
      .values({
        id: p.pdfId,
        transaction: p.transaction,
        call_id: p.callId,
        content: p.content,
        document: p.document,
        pdf_file: p.pdfFile,
        version: 1,
        lead_created_at: (eb) => eb.selectFrom('call').select('created_at').where('id', '=', p.callId),
        email: p.email,
        email_sent: db.bool(false),
        expires_at: p.expiresAt,
        created_at: p.now,
        updated_at: p.now,
      })
      .execute();
    await keepCurrentVersion(tx, p.callId, p.now);
    const ids = p.messages.length ? await enqueue(tx, p.messages) : [];
    const proposalOutboxId = ids.at(-1);
    if (p.waitsForReportOf && proposalOutboxId) {
      await tx
        .insertInto('proposal_wait')
        .values({ outbox_id: proposalOutboxId, call_id: p.callId, vapi_call_id: p.waitsForReportOf, created_at: p.now })
        .execute();
    }
    await p.alsoInTransaction?.(tx);
  });
}

/** A proposal as stored: its current version's document and PDF, validity and acceptance. */
export interface StoredProposal {
  id: string;
  call_id: string;
  email: string;
  content: string;
  document: unknown;
  pdf_file: Buffer | null;
  version: number;
  expires_at: string;
  accepted_at: string | null;
  accepted_name: string | null;
  accepted_version: number | null;
  first_viewed_at: string | null;
  created_at: string;
}

export function findStoredProposal(db: Db, callId: string): Promise<StoredProposal | undefined> {
  return db.kysely
    .selectFrom('pdf')
    .select(['id', 'call_id', 'email', 'content', 'document', 'pdf_file', 'version', 'expires_at', 'accepted_at', 'accepted_name', 'accepted_version', 'first_viewed_at', 'created_at'])
    .where('call_id', '=', callId)
    .executeTakeFirst();
}

/**
 * Stores `doc` as the version after `fromVersion`, unless the row moved on meanwhile (another
 * instance, or the visitor accepted): answers whether it was stored.
 */
export async function saveVersion(
  q: Kysely<Database> | Transaction<Database>,
  db: Db,
  callId: string,
  fromVersion: number,
  doc: ProposalDocument,
  rendered: RenderedVersion,
  now: string,
): Promise<boolean> {
  const r = await q
    .updateTable('pdf')
    .set({ content: rendered.content, document: db.json(doc), pdf_file: rendered.pdf, version: doc.version, updated_at: now })
    .where('call_id', '=', callId)
    .where('version', '=', fromVersion)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await keepCurrentVersion(q, callId, now);
  return true;
}

/**
 * Copies call `callId`'s proposal as it stands now into its versions, so the owner sees every
 * version the visitor may have seen, each with its PDF. Called in the write's own transaction
 * (or right after its single statement).
 */
export async function keepCurrentVersion(q: Kysely<Database> | Transaction<Database>, callId: string, now: string): Promise<void> {
  await q
    .insertInto('proposal_version')
    .columns(['pdf_id', 'version', 'document', 'pdf_file', 'created_at'])
    .expression((eb) => eb.selectFrom('pdf').select(['id', 'version', 'document', 'pdf_file', eb.val(now).as('created_at')]).where('call_id', '=', callId))
    .execute();
}
