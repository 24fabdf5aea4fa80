// `npm run mail:retry`: re-queues every failed message in the configured database, then exits.
// A running server sends them.
import { runOnDatabase } from '../db/cli';
import { retryFailedMail } from './retry';

await runOnDatabase('mail:retry', async (db) => `${await retryFailedMail(db)} failed message(s) queued again; a running server sends them on its next round.`);
