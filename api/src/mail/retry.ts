// Re-queues messages that failed for good (a rejected address since fixed, an outage longer than
// the sweep): they go out on the worker's next round, with a fresh set of quick attempts (the
// sweep still counts from when each was first queued). `npm run mail:retry` runs it.
import type { Db } from '../db';
import { nowIso } from '../db';

/** Puts every failed outbox row back in the queue with fresh attempts; answers how many. */
export async function retryFailedMail(db: Db): Promise<number> {
  const now = nowIso();
  const result = await db.kysely
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null, claimed_by: null, updated_at: now })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
