// `npm run webhooks:retry`: re-queues every webhook event that was given up, in the configured
// database, then exits. A running server delivers them, each with its original webhook-id.
import { runOnDatabase } from '../db/cli';
import { retryFailedWebhooks } from './retry';

await runOnDatabase(
  'webhooks:retry',
  async (db) => `${await retryFailedWebhooks(db)} failed webhook event(s) queued again; a running server delivers them on its next round.`,
);
