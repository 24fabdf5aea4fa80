// Re-queues messages that failed for good (a rejected address since fixed, an outage longer than
// the sweep): they go out on the worker's next round, with a fresh set of quick attempts (the
// sweep still counts from when each was first queued). `npm run mail:retry` runs it.
import type { Db } from '../db';
import { nowIso } from '../db';
import { requeueFailed } from '../queue/leased';

/** Puts every failed outbox row back in the queue with fresh attempts; answers how many. */
export function retryFailedMail(db: Db): Promise<number> {
  return requeueFailed(db.kysely, 'outbox', nowIso());
}
