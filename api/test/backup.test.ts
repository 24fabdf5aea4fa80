// `npm run db:backup`: the real command, run while a real server writes to its SQLite file.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteDatabase } from '../src/db';
import { rpc, startTestServer, tempDir } from './helpers';

const root = fileURLToPath(new URL('../../', import.meta.url));

function dbBackup(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The environment a person has, minus any database setting of this machine's.
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_|TEST_DATABASE_URL)/.test(k)));
    execFile('npm', ['run', '-s', 'db:backup', '--', ...args], { cwd: root, env: { ...base, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run db:backup', () => {
  it('copies the database while the server writes: the copy is intact and holds every lead acknowledged before it began; a server starts on it', async () => {
    const t = tempDir();
    const dbFile = join(t.dir, 'helena.db');
    const copy = join(t.dir, 'backup.db');
    let srv = await startTestServer({ DATABASE_PATH: dbFile });
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let n = 0; writing; n++) {
        const r = await rpc(srv.url, 'customer.upsert', { email: `backup-${w}-${n}@example.com`, name: `Lead ${w}-${n}` });
        expect(r.status).toBe(200);
        acknowledged.push(r.body.result.data.id as string);
      }
    };
    try {
      const load = Promise.all([0, 1, 2, 3].map(writer));
      await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(200);
      const before = [...acknowledged];
      const run = await dbBackup([copy], { DATABASE_PATH: dbFile });
      const during = acknowledged.length - before.length;
      writing = false;
      await load;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('integrity_check ok');
      // The writes went on while the backup ran.
      expect(during).toBeGreaterThan(0);

      const c = new SqliteDatabase(copy, { readonly: true, fileMustExist: true });
      try {
        expect(c.pragma('integrity_check', { simple: true })).toBe('ok');
        const ids = new Set(c.prepare('select id from lead_submission').pluck().all() as string[]);
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        c.close();
      }

      // Restore, as documented: stop the server, replace the file (and drop its -wal/-shm), start.
      await srv.close();
      for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
      copyFileSync(copy, dbFile);
      srv = await startTestServer({ DATABASE_PATH: dbFile });
      const restored = await srv.db.kysely.selectFrom('lead_submission').select('id').execute();
      const have = new Set(restored.map((r) => r.id));
      expect(before.filter((id) => !have.has(id))).toEqual([]);
      // And it serves: a new lead is stored.
      expect((await rpc(srv.url, 'customer.upsert', { email: 'after-restore@example.com' })).status).toBe(200);
    } finally {
      writing = false;
      await srv.close();
      t.cleanup();
    }
  }, 120_000);

  it('refuses to overwrite without --force, says what is wrong with a bad path, and points PostgreSQL to pg_dump', async () => {
    const t = tempDir();
    const dbFile = join(t.dir, 'helena.db');
    const srv = await startTestServer({ DATABASE_PATH: dbFile });
    await srv.close();
    try {
      const existing = join(t.dir, 'existing.db');
      writeFileSync(existing, 'keep me');
      const refused = await dbBackup([existing], { DATABASE_PATH: dbFile });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('already exists; pass --force');
      expect(existsSync(existing)).toBe(true);

      const forced = await dbBackup([existing, '--force'], { DATABASE_PATH: dbFile });
      expect(forced.code).toBe(0);
      const c = new SqliteDatabase(existing, { readonly: true, fileMustExist: true });
      expect(c.pragma('integrity_check', { simple: true })).toBe('ok');
      c.close();

      const noDir = await dbBackup([join(t.dir, 'no-such-dir', 'b.db')], { DATABASE_PATH: dbFile });
      expect(noDir.code).toBe(1);
      expect(noDir.stderr).toContain('does not exist');

      const noDb = await dbBackup([join(t.dir, 'b.db')], { DATABASE_PATH: join(t.dir, 'missing.db') });
      expect(noDb.code).toBe(1);
      expect(noDb.stderr).toContain('no database at');

      const usage = await dbBackup([], { DATABASE_PATH: dbFile });
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('usage: npm run db:backup -- <file> [--force]');

      const pgUrl = await dbBackup([join(t.dir, 'b.db')], { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db' });
      expect(pgUrl.code).toBe(1);
      expect(pgUrl.stderr).toContain('pg_dump');
      expect(existsSync(join(t.dir, 'b.db'))).toBe(false);
    } finally {
      t.cleanup();
    }
  }, 120_000);
});
