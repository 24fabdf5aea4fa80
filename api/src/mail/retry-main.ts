// `npm run mail:retry`: re-queues every failed message in the configured database (the same
// DATABASE_URL / DATABASE_PATH the server uses), then exits. A running server sends them.
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db';
import { retryFailedMail } from './retry';

try {
  const config = loadConfig();
  const db = await createDatabase({ url: config.DATABASE_URL, path: config.DATABASE_PATH, poolSize: 1 });
  try {
    const n = await retryFailedMail(db);
    process.stdout.write(`${n} failed message(s) queued again; a running server sends them on its next round.\n`);
  } finally {
    await db.close();
  }
} catch (err) {
  process.stderr.write((err instanceof ConfigError ? err.message : `mail:retry failed: ${String((err as Error)?.message ?? err)}`) + '\n');
  process.exit(1);
}
