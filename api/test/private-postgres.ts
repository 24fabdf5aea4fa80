// A PostgreSQL server of one test's own (initdb + pg_ctl into a temp dir, on a free loopback
// port), so the test may stop and start it without touching the cluster other tests share.
// Run as root (CI), the binaries run as the `postgres` user on a directory it owns.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl (PG_BIN overrides), or null. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // No packaged PostgreSQL on this machine.
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every session is ended, as in a restart for an upgrade. */
  stop(): Promise<void>;
  /** `pg_ctl start`, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (immediately) and deletes its files. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: timeoutMs, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${[cmd, ...args].join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Initialises and starts a private server; throws (with the tool's output) when it cannot. */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'helena-private-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (asRoot) {
    const ids = (await run('id', ['-u', 'postgres'])).trim();
    const gid = (await run('id', ['-g', 'postgres'])).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  // As root the tools refuse to run; they run as the postgres user instead.
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);
  const port = await freePort();
  await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // fsync off: a test database, thrown away afterwards. The socket goes in the test's own dir.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => tool('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', logFile, '-o', options]).then(() => {});
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => tool('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', data]).then(() => {}),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await tool('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'immediate', '-D', data]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
