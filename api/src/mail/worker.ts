// The mail worker: claims due outbox rows, sends them, records one email_log row per attempt,
// retries with exponential backoff and jitter, marks pdf.email_sent when the proposal is
// delivered. A message whose quick attempts all failed (a provider outage) is not given up: it
// is swept again with long backoff until `sweepMs` after it was queued, so it goes out once the
// provider is back. Stopping waits for the sends in flight, so a graceful restart loses nothing and
// leaves no lease behind; a crash leaves leases that expire and are claimed again. An erasure
// deletes the address's rows: a row erased before its claim is never sent; one already in flight
// is recorded nowhere afterwards.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { nowIso } from '../db';
import type { Transaction, Updateable } from 'kysely';
import type { Database, EmailLogTable, OutboxTable } from '../db/schema';
import { newId } from '../ids';
import type { Logger } from '../log';
import { createLeaseLoop, recordDurably, stillClaimed } from '../queue/leased';
import { claim } from './outbox';
import { SendError, classify, type MailTransport } from './transport';

export interface MailWorkerOptions {
  db: Db;
  log: Logger;
  transport: MailTransport;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  leaseMs: number;
  /** How long after it was queued a message that failed every quick attempt is still retried. */
  sweepMs?: number;
  /** The first long backoff of the sweep; it doubles up to 6 h. */
  sweepBaseMs?: number;
  batchSize?: number;
  owner?: string;
  /** Told each attempt's recorded outcome (metrics). */
  onOutcome?: (outcome: 'sent' | 'retry' | 'failed') => void;
}

export interface MailWorker {
  readonly owner: string;
  start(): void;
  /** Stops claiming and waits for the sends in flight. */
  stop(): Promise<void>;
  /** Wakes the loop now (new rows). */
  nudge(): void;
  /** One claim-and-send round (tests); resolves to the number of rows handled. */
  tick(): Promise<number>;
}

/** Exponential backoff with equal jitter: half fixed, half random. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

const SWEEP_MAX_MS = 6 * 60 * 60 * 1000;

/**
 * When a retryable failure should be tried again, or null to give up: quick backoff for the first
 * maxAttempts attempts, then the long sweep while the message is younger than sweepMs.
 */
export function nextAttemptAt(
  row: Pick<OutboxTable, 'created_at'>,
  attempts: number,
  opts: Pick<MailWorkerOptions, 'retryBaseMs' | 'retryMaxMs' | 'maxAttempts' | 'sweepMs' | 'sweepBaseMs'>,
  now = Date.now(),
): number | null {
  if (attempts < opts.maxAttempts) return now + backoffMs(attempts, opts.retryBaseMs, opts.retryMaxMs);
  const at = now + backoffMs(attempts - opts.maxAttempts + 1, opts.sweepBaseMs ?? 15 * 60 * 1000, SWEEP_MAX_MS);
  return at <= Date.parse(row.created_at) + (opts.sweepMs ?? 0) ? at : null;
}

/**
 * Writes an attempt's outcome on its outbox row and its email_log row. False, writing nothing,
 * when the row is gone: the address was erased while the message was being sent, and nothing
 * about it may be recorded again.
 */
async function settle(
  tx: Transaction<Database>,
  row: OutboxTable,
  set: Updateable<OutboxTable>,
  log: Pick<EmailLogTable, 'status' | 'error_message'>,
  now: string,
): Promise<boolean> {
  const updated = await tx.updateTable('outbox').set(set).where('id', '=', row.id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await tx.insertInto('email_log').values({ id: newId(), pdf_id: row.pdf_id, email: row.to_email, sent_at: now, ...log }).execute();
  return true;
}

export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const owner = opts.owner ?? `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  const batchSize = opts.batchSize ?? 10;
  const k = opts.db.kysely;

  async function record(row: OutboxTable, outcome: { messageId: string } | SendError) {
    const now = nowIso();
    const attempts = row.attempts + 1;
    const gaveUp = await k.transaction().execute(async (tx): Promise<boolean | 'erased'> => {
      if (!(outcome instanceof SendError)) {
        const set = { status: 'sent' as const, attempts, message_id: outcome.messageId, lease_until: null, last_error: null, updated_at: now };
        if (!(await settle(tx, row, set, { status: 'sent', error_message: null }, now))) return 'erased';
        if (row.kind === 'proposal' && row.pdf_id) {
          await tx.updateTable('pdf').set({ email_sent: opts.db.bool(true), updated_at: now }).where('id', '=', row.pdf_id).execute();
        }
        return false;
      }
      const retryAt = outcome.retryable ? nextAttemptAt(row, attempts, opts) : null;
      const giveUp = retryAt === null;
      const detail = `${outcome.statusCode ? `HTTP ${outcome.statusCode}` : 'network'}${outcome.errorCode ? ` ErrorCode ${outcome.errorCode}` : ''}: ${outcome.message}`.slice(0, 1000);
      const set = {
        status: giveUp ? ('failed' as const) : ('pending' as const),
        attempts,
        next_attempt_at: retryAt === null ? now : new Date(retryAt).toISOString(),
        lease_until: null,
        claimed_by: null,
        last_error: detail,
        updated_at: now,
      };
      if (!(await settle(tx, row, set, { status: giveUp ? 'failed' : 'retry', error_message: detail }, now))) return 'erased';
      return giveUp;
    });
    // A message erased in flight counts only if it went: a failed attempt at it is no one's concern now.
    if (gaveUp !== 'erased' || !(outcome instanceof SendError)) opts.onOutcome?.(!(outcome instanceof SendError) ? 'sent' : gaveUp ? 'failed' : 'retry');
    const fields = { outboxId: row.id, kind: row.kind, attempt: attempts };
    if (gaveUp === 'erased') opts.log.info('mail erased while it was being sent', { ...fields, sent: !(outcome instanceof SendError) });
    else if (!(outcome instanceof SendError)) opts.log.info('mail sent', { ...fields, messageId: outcome.messageId });
    else if (gaveUp) opts.log.error('mail failed for good', { ...fields, error: outcome.message, status: outcome.statusCode, hint: 'npm run mail:retry queues it again' });
    else opts.log.warn('mail attempt failed, will retry', { ...fields, error: outcome.message, status: outcome.statusCode, sweep: attempts >= opts.maxAttempts });
  }

  async function claimUpTo(limit: number) {
    const now = new Date();
    return claim(k, {
      owner,
      limit,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + opts.leaseMs).toISOString(),
      postgres: opts.db.dialect === 'postgres',
    });
  }

  async function deliver(row: OutboxTable) {
    let outcome: { messageId: string } | SendError;
    try {
      outcome = await opts.transport.send(row);
    } catch (err) {
      outcome = err instanceof SendError ? err : classify(err);
    }
    try {
      await recordDurably({
        leaseUntil: row.lease_until,
        leaseMs: opts.leaseMs,
        loop,
        stillClaimed: () => stillClaimed(k, 'outbox', row.id, owner),
        record: () => record(row, outcome),
        fields: { outboxId: row.id },
      });
    } catch (err) {
      // The lease will expire and the row will be claimed again.
      opts.log.error('could not record a mail attempt', { outboxId: row.id, err });
    }
  }

  async function tick(): Promise<number> {
    const rows = await claimUpTo(batchSize);
    await Promise.all(rows.map(deliver));
    return rows.length;
  }

  // Keeps up to batchSize sends in flight: a slow message holds one slot, not the round.
  const loop = createLeaseLoop({ claim: claimUpTo, deliver, batchSize, pollMs: opts.pollMs, log: opts.log, name: 'mail worker' });

  return {
    owner,
    start: () => loop.start(),
    stop: () => loop.stop(),
    nudge: () => loop.nudge(),
    tick,
  };
}
