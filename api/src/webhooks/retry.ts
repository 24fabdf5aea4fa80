// Re-queues events that were given up (a receiver down for longer than the schedule, since
// fixed): each gets a fresh schedule from now. `npm run webhooks:retry` runs it.
import type { Db } from '../db';
import { nowIso } from '../db';
import { requeueFailed } from '../queue/leased';

/** Puts every failed webhook event back in the queue with fresh attempts; answers how many. */
export function retryFailedWebhooks(db: Db): Promise<number> {
  return requeueFailed(db.kysely, 'webhook_event', nowIso());
}
