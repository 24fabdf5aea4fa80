// An online copy of the SQLite database through SQLite's backup API (better-sqlite3's
// db.backup()): it copies pages while the server keeps writing, restarting where a write
// changed a copied page, so the copy is one consistent moment of the database, never a torn
// file. The copy goes to a temporary name beside the target and is renamed into place once it
// has passed `PRAGMA integrity_check`.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SqliteDatabase } from './sqlite';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  target: string;
  bytes: number;
  pages: number;
  ms: number;
}

/** Copies the SQLite database `source` to `target` while it is in use. */
export async function backupSqlite(opts: { source: string; target: string; force?: boolean }): Promise<BackupResult> {
  const source = resolve(opts.source);
  const target = resolve(opts.target);
  if (!existsSync(source)) throw new BackupError(`no database at ${source} (DATABASE_PATH)`);
  if (source === target) throw new BackupError('the backup must go to another file than the database itself');
  const dir = dirname(target);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BackupError(`the directory ${dir} does not exist`);
  if (existsSync(target)) {
    if (statSync(target).isDirectory()) throw new BackupError(`${target} is a directory; name a file`);
    if (!opts.force) throw new BackupError(`${target} already exists; pass --force to replace it`);
  }
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  const started = performance.now();
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // The server's writers hold the lock for a moment at a time; wait for them as the server does.
    db.pragma('busy_timeout = 5000');
    const { totalPages } = await db.backup(partial);
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    let check: unknown;
    try {
      check = copy.pragma('integrity_check', { simple: true });
    } finally {
      copy.close();
    }
    if (check !== 'ok') throw new BackupError(`the copy failed PRAGMA integrity_check: ${String(check)}`);
    renameSync(partial, target);
    return { target, bytes: statSync(target).size, pages: totalPages, ms: performance.now() - started };
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`backup failed: ${(err as Error)?.message ?? String(err)}`);
  } finally {
    db.close();
  }
}
