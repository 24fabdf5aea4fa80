// The webhook worker: claims due events with a lease (queue/leased.ts: several instances on
// PostgreSQL deliver each event once), posts each with its stored body and id, and records the
// outcome; a failure is retried on the schedule of schedule.ts, and an event that failed every
// attempt is 'failed' until `npm run webhooks:retry`. Deliveries run side by side, so one slow or
// failing receiver answer holds one slot and never the events behind it. Stopping waits for the
// attempts in flight; a crash leaves leases that expire, and those events are sent again with the
// same webhook-id (at least once: the receiver deduplicates by it). An erasure deletes an
// address's events: one erased in flight is recorded nowhere afterwards.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { nowIso } from '../db';
import type { WebhookEventTable } from '../db/schema';
import type { Logger } from '../log';
import { claimDue, createLeaseLoop, recordDurably, stillClaimed } from '../queue/leased';
import { eventPoster, type AttemptOutcome, type PostEvent, type WebhookTarget } from './send';
import { nextWebhookAttemptAt } from './schedule';

/** An attempt's lasting outcome, for the metrics. */
export type WebhookOutcome = 'delivered' | 'retry' | 'failed';

/** The receiver's answer is awaited this long at most. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookWorkerOptions {
  db: Db;
  log: Logger;
  target: WebhookTarget;
  /** How often an idle worker looks for due events (it is also woken by new ones). */
  pollMs: number;
  /** How long a claimed event stays with this worker; well above the timeout. Default 60 s. */
  leaseMs?: number;
  /** Attempts in flight at most. Default 10. */
  batchSize?: number;
  /** Default WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  owner?: string;
  /** The retry schedule's jitter and scale (tests compress the schedule). */
  schedule?: { random?: () => number; scale?: number };
  /** Told each attempt's recorded outcome (metrics). */
  onOutcome?: (outcome: WebhookOutcome) => void;
  /** Overrides the HTTP attempt (tests). */
  post?: PostEvent;
}

export interface WebhookWorker {
  readonly owner: string;
  start(): void;
  /** Stops claiming and waits for the attempts in flight. */
  stop(): Promise<void>;
  /** Wakes the loop now (new events). */
  nudge(): void;
}

export function createWebhookWorker(opts: WebhookWorkerOptions): WebhookWorker {
  const owner = opts.owner ?? `wh-${process.pid}-${randomBytes(4).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const post = opts.post ?? eventPoster(opts.target, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const k = opts.db.kysely;

  /** Writes the outcome; 'erased' when the event is gone (its address was erased meanwhile). */
  async function record(row: WebhookEventTable, outcome: AttemptOutcome): Promise<WebhookOutcome | 'erased'> {
    const now = nowIso();
    const attempts = row.attempts + 1;
    const retryAt = outcome.delivered ? null : nextWebhookAttemptAt(attempts, Date.now(), opts.schedule);
    const result: WebhookOutcome = outcome.delivered ? 'delivered' : retryAt === null ? 'failed' : 'retry';
    const updated = await k
      .updateTable('webhook_event')
      .set({
        status: result === 'retry' ? 'pending' : result,
        attempts,
        next_attempt_at: retryAt === null ? now : new Date(retryAt).toISOString(),
        lease_until: null,
        claimed_by: null,
        last_error: outcome.delivered ? null : outcome.error,
        delivered_at: outcome.delivered ? now : null,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 0 ? 'erased' : result;
  }

  function report(row: WebhookEventTable, outcome: AttemptOutcome, result: WebhookOutcome | 'erased') {
    // The id and type only: the body is the lead's personal data.
    const fields = { eventId: row.id, type: row.type, attempt: row.attempts + 1, status: outcome.status };
    if (result === 'erased') return opts.log.info('webhook event erased while it was being delivered', { ...fields, delivered: outcome.delivered });
    opts.onOutcome?.(result);
    if (outcome.delivered) opts.log.info('webhook delivered', fields);
    else if (result === 'failed') opts.log.error('webhook failed for good', { ...fields, error: outcome.error, hint: 'npm run webhooks:retry queues it again' });
    else opts.log.warn('webhook attempt failed, will retry', { ...fields, error: outcome.error });
  }

  async function deliver(row: WebhookEventTable) {
    const outcome = await post(row);
    // Unset when a retried record finds the event no longer this worker's: it was recorded already.
    const recorded: { result?: WebhookOutcome | 'erased' } = {};
    try {
      await recordDurably({
        leaseUntil: row.lease_until,
        leaseMs,
        loop,
        stillClaimed: () => stillClaimed(k, 'webhook_event', row.id, owner),
        record: async () => {
          recorded.result = await record(row, outcome);
        },
        fields: { eventId: row.id },
      });
    } catch (err) {
      // The lease will expire and the event will be claimed again.
      return opts.log.error('could not record a webhook attempt', { eventId: row.id, err });
    }
    if (recorded.result) report(row, outcome, recorded.result);
  }

  const claim = (limit: number) => {
    const now = new Date();
    return claimDue(k, 'webhook_event', {
      owner,
      limit,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      postgres: opts.db.dialect === 'postgres',
    });
  };

  const loop = createLeaseLoop({ claim, deliver, batchSize: opts.batchSize ?? 10, pollMs: opts.pollMs, log: opts.log, name: 'webhook worker' });

  return {
    owner,
    start: () => loop.start(),
    stop: () => loop.stop(),
    nudge: () => loop.nudge(),
  };
}
