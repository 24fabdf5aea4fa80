// The operator's one-shot scripts (`npm run mail:retry`, `npm run webhooks:retry`): open the
// configured database (the same DATABASE_URL / DATABASE_PATH the server uses), do one thing, print
// one line, exit. A bad configuration prints its ConfigError lines; anything else one line.
import { ConfigError, loadConfig } from '../config';
import { createDatabase, type Db } from './index';

/** Runs `task` on the configured database and prints its answer; exit code 1 on a failure. */
export async function runOnDatabase(name: string, task: (db: Db) => Promise<string>): Promise<void> {
  try {
    const config = loadConfig();
    const db = await createDatabase({ url: config.DATABASE_URL, path: config.DATABASE_PATH, poolSize: 1 });
    try {
      process.stdout.write((await task(db)) + '\n');
    } finally {
      await db.close();
    }
  } catch (err) {
    process.stderr.write((err instanceof ConfigError ? err.message : `${name} failed: ${String((err as Error)?.message ?? err)}`) + '\n');
    process.exit(1);
  }
}
