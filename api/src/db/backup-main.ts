// `npm run db:backup -- <file> [--force]`: an online copy of the SQLite database the server uses
// (DATABASE_PATH), safe while it serves. Paths are taken from where npm was run. With
// DATABASE_URL (PostgreSQL) it says to use pg_dump instead.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupSqlite } from './backup';

const USAGE = 'usage: npm run db:backup -- <file> [--force]';

function fail(message: string): never {
  process.stderr.write(message + '\n');
  process.exit(1);
}

try {
  // npm runs workspace scripts in the workspace; relative paths mean the caller's directory.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  const unknown = files.filter((a) => a.startsWith('-'));
  if (unknown.length) fail(`unknown option ${unknown.join(' ')}\n${USAGE}`);
  if (files.length !== 1) fail(USAGE);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    fail('DATABASE_URL is set: this is a PostgreSQL database. Back it up with pg_dump (see "Backup and restore" in api/README.md).');
  }
  const r = await backupSqlite({ source: resolve(cwd, config.DATABASE_PATH), target: resolve(cwd, files[0]!), force });
  process.stdout.write(`backup written to ${r.target}: ${r.bytes} bytes, ${r.pages} pages, integrity_check ok, ${Math.round(r.ms)} ms\n`);
} catch (err) {
  if (err instanceof ConfigError || err instanceof BackupError) fail(err.message);
  fail(`db:backup failed: ${String((err as Error)?.message ?? err)}`);
}
