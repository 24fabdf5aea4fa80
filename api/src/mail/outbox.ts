// The mail outbox: rows written in the same transaction as the business change, sent later by
// the worker. Claiming is one atomic statement with a lease (queue/leased.ts), so two instances
// never hold the same row and a crashed holder's rows come back.
import type { Kysely, Transaction } from 'kysely';
import type { Database, OutboxKind, OutboxTable } from '../db/schema';
import { nowIso } from '../db';
import { newId } from '../ids';
import type { MailHeader } from '../privacy/links';
import { claimDue, type ClaimOptions } from '../queue/leased';

export interface OutboxMessage {
  kind: OutboxKind;
  pdfId?: string | null;
  to: string;
  from: string;
  subject: string;
  html: string;
  text?: string | null;
  attachments?: { filename: string; content: string; contentType: string }[] | null;
  /** Sent as they are (List-Unsubscribe for a visitor). */
  headers?: MailHeader[];
  /** Replies go here (Postmark's ReplyTo): the visitor, on the sales team's copy of a lead. */
  replyTo?: string | null;
  /** Not sent before this time (ISO-8601); default now. */
  notBefore?: string;
}

/** A message as an outbox row, pending from `now` (or its notBefore). */
export function outboxRow(m: OutboxMessage, now: string): OutboxTable {
  return {
    id: newId(),
    kind: m.kind,
    pdf_id: m.pdfId ?? null,
    to_email: m.to,
    from_email: m.from,
    subject: m.subject,
    html: m.html,
    text: m.text ?? null,
    attachments: m.attachments && m.attachments.length ? JSON.stringify(m.attachments) : null,
    headers: m.headers && m.headers.length ? JSON.stringify(m.headers) : null,
    reply_to: m.replyTo ?? null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: m.notBefore ?? now,
    lease_until: null,
    claimed_by: null,
    message_id: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
}

export async function enqueue(db: Kysely<Database> | Transaction<Database>, msgs: OutboxMessage[]): Promise<string[]> {
  const now = nowIso();
  const rows = msgs.map((m) => outboxRow(m, now));
  if (rows.length) await db.insertInto('outbox').values(rows).execute();
  return rows.map((r) => r.id);
}

/** Claims up to `limit` due outbox rows for `owner` until `leaseUntil` (see claimDue). */
export function claim(db: Kysely<Database>, opts: ClaimOptions): Promise<OutboxTable[]> {
  return claimDue(db, 'outbox', opts);
}
