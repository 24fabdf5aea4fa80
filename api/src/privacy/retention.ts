// The retention sweep: everything about an address whose last activity (a lead, a conversation, a
// proposal, a message) is older than RETENTION_DAYS is erased as an erasure request would, and so
// are conversations nobody left an address in. Each instance runs it periodically; erasing twice
// is harmless, so instances need not coordinate.
import type { Config } from '../config';
import type { Db } from '../db';
import type { Logger } from '../log';
import { startPeriodic, type Periodic } from '../queue/periodic';
import { eraseAddress, eraseIdleConversations, idleAddresses, NOTHING_ERASED, type ErasedCounts } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** What one sweep erased: the erasure's counts summed over the addresses, and the anonymous conversations. */
export interface SweepResult extends ErasedCounts {
  addresses: number;
  /** Conversations without a lead, erased for their age. */
  anonymousConversations: number;
}

/** What the sweep needs: the database, a logger, the retention period. */
export interface SweepDeps {
  db: Db;
  log: Logger;
  config: Pick<Config, 'RETENTION_DAYS'>;
}

/** The oldest last-activity time kept at `now`. */
export const retentionCutoff = (days: number, now = Date.now()): string => new Date(now - days * DAY_MS).toISOString();

/** Runs the sweep once; answers what it erased (counts only). */
export async function sweepRetention(deps: SweepDeps, now = Date.now()): Promise<SweepResult> {
  const cutoff = retentionCutoff(deps.config.RETENTION_DAYS, now);
  const total: SweepResult = { ...NOTHING_ERASED, addresses: 0, anonymousConversations: 0 };
  for (;;) {
    const batch = await idleAddresses(deps.db, cutoff, BATCH);
    let progress = false;
    for (const email of batch) {
      // Checked again inside the erasure's transaction: a lead that came in meanwhile is kept.
      const erased = await eraseAddress(deps.db, email, { idleBefore: cutoff });
      const any = Object.values(erased).some((n) => n > 0);
      if (any) total.addresses++;
      progress ||= any;
      for (const key of Object.keys(erased) as (keyof ErasedCounts)[]) total[key] += erased[key];
    }
    if (batch.length < BATCH || !progress) break;
  }
  total.anonymousConversations = await eraseIdleConversations(deps.db, cutoff);
  return total;
}

/** Sweeps now and then every `everyMs` until stopped; logs what went, never whose. */
export function startRetentionSweeper(deps: SweepDeps, everyMs: number): Periodic {
  return startPeriodic(
    async () => {
      const r = await sweepRetention(deps);
      if (r.addresses || r.anonymousConversations) deps.log.info('retention sweep', { retentionDays: deps.config.RETENTION_DAYS, ...r });
    },
    everyMs,
    (err) => deps.log.error('retention sweep failed', { err }),
  );
}
