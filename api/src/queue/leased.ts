// A table worked as a queue by every instance at once (the mail outbox, the webhook events):
// due rows are claimed with a lease in one atomic statement (FOR UPDATE SKIP LOCKED on
// PostgreSQL), so two instances never hold the same row and a crashed holder's rows come back
// when the lease runs out. The loop keeps a fixed number of deliveries in flight and claims again
// as soon as one finishes, so a slow row holds one slot, never the others.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
import { outageNotice } from '../db/outage-notice';
import type { Logger } from '../log';

/** The tables worked this way: each has status, next_attempt_at, lease_until, claimed_by and updated_at. */
export type LeasedTable = 'outbox' | 'webhook_event';

export interface ClaimOptions {
  owner: string;
  limit: number;
  now: string;
  leaseUntil: string;
  postgres: boolean;
}

/**
 * Claims up to `limit` due rows of `table` for `owner` until `leaseUntil`: pending rows whose
 * time has come, and 'sending' rows whose lease ran out (their holder died). One statement.
 */
export async function claimDue<T extends LeasedTable>(db: Kysely<Database>, table: T, opts: ClaimOptions): Promise<Database[T][]> {
  const t = sql.table(table);
  const due = sql`(status = 'pending' and next_attempt_at <= ${opts.now}) or (status = 'sending' and lease_until < ${opts.now})`;
  const set = sql`status = 'sending', claimed_by = ${opts.owner}, lease_until = ${opts.leaseUntil}, updated_at = ${opts.now}`;
  // PostgreSQL: ARRAY(...) is evaluated once (an InitPlan). A plain `id in (select … limit n for
  // update skip locked)` can be re-run per outer row and claim more than n rows.
  const result = opts.postgres
    ? await sql<Database[T]>`
        update ${t} set ${set}
         where id = any(array(select id from ${t} where ${due} order by next_attempt_at limit ${opts.limit} for update skip locked))
           and (${due})
        returning *`.execute(db)
    : await sql<Database[T]>`
        update ${t} set ${set}
         where id in (select id from ${t} where ${due} order by next_attempt_at limit ${opts.limit})
        returning *`.execute(db);
  return result.rows;
}

/** Whether row `id` of `table` is still being sent by `owner` (its lease not taken over, the row not erased). */
export async function stillClaimed(db: Kysely<Database>, table: LeasedTable, id: string, owner: string): Promise<boolean> {
  const row = (await sql<{ status: string; claimed_by: string | null }>`select status, claimed_by from ${sql.table(table)} where id = ${id}`.execute(db)).rows[0];
  return row?.status === 'sending' && row.claimed_by === owner;
}

export interface LeaseLoopOptions<R> {
  /** Claims up to `limit` due rows (claimDue with this worker's owner and lease). */
  claim(limit: number): Promise<R[]>;
  /** Delivers one claimed row and records the outcome; a rejection is logged, the lease brings the row back. */
  deliver(row: R): Promise<void>;
  /** Deliveries in flight at most. */
  batchSize: number;
  /** How long an idle loop sleeps between claims (a nudge wakes it sooner). */
  pollMs: number;
  log: Logger;
  /** Names the worker in its log lines ('mail worker'). */
  name: string;
}

export interface LeaseLoop {
  start(): void;
  /** Stops claiming and waits for the deliveries in flight. */
  stop(): Promise<void>;
  /** Wakes the loop now (new rows). */
  nudge(): void;
  readonly running: boolean;
  /** Says (at most every 10 s) that the database is away. */
  noteOutage(fields?: Record<string, unknown>): void;
}

export function createLeaseLoop<R>(opts: LeaseLoopOptions<R>): LeaseLoop {
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let nudged = false;
  const noteOutage = outageNotice(opts.log, `${opts.name}: database unavailable, retrying`);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (nudged) {
        nudged = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function run() {
    const inFlight = new Set<Promise<void>>();
    while (running) {
      const free = opts.batchSize - inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const rows = await opts.claim(free);
          claimed = rows.length;
          for (const row of rows) {
            const p: Promise<void> = opts
              .deliver(row)
              .catch((err: unknown) => opts.log.error(`${opts.name} could not deliver`, { err }))
              .finally(() => {
                inFlight.delete(p);
                wake?.();
              });
            inFlight.add(p);
          }
        } catch (err) {
          if (isDatabaseUnavailable(err)) noteOutage();
          else opts.log.error(`${opts.name} could not claim`, { err });
        }
      }
      if (!running) break;
      if (free > 0 && claimed === free) continue; // there may be more due right now
      await sleep(inFlight.size > 0 ? Math.min(opts.pollMs, 1000) : opts.pollMs);
    }
    await Promise.all(inFlight);
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
    nudge() {
      if (wake) wake();
      else nudged = true;
    },
    get running() {
      return running;
    },
    noteOutage,
  };
}

/**
 * Records a delivery's outcome, and while the database is away keeps trying (backing off to 2 s)
 * until shortly before the row's lease ends: the delivery has happened, and a lost record would
 * deliver it again once the lease runs out. A retry first checks the row is still this worker's
 * claim, in case the lost answer was to a commit that went through.
 */
export async function recordDurably(opts: {
  leaseUntil: string | null;
  leaseMs: number;
  loop: Pick<LeaseLoop, 'running' | 'noteOutage'>;
  stillClaimed(): Promise<boolean>;
  record(): Promise<void>;
  fields: Record<string, unknown>;
}): Promise<void> {
  const leaseEnd = (opts.leaseUntil ? Date.parse(opts.leaseUntil) : NaN) || Date.now() + opts.leaseMs;
  const giveUpAt = leaseEnd - Math.min(5_000, opts.leaseMs / 4);
  for (let delay = 100, retry = false; ; delay = Math.min(delay * 2, 2_000), retry = true) {
    try {
      if (retry && !(await opts.stillClaimed())) return;
      return await opts.record();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || !opts.loop.running || Date.now() + delay >= giveUpAt) throw err;
      opts.loop.noteOutage(opts.fields);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** Puts every 'failed' row of `table` back in the queue, due now with fresh attempts; answers how many. */
export async function requeueFailed(db: Kysely<Database>, table: LeasedTable, now: string): Promise<number> {
  const result = await sql`
    update ${sql.table(table)} set status = 'pending', attempts = 0, next_attempt_at = ${now}, lease_until = null, claimed_by = null, updated_at = ${now}
     where status = 'failed'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
