// A PostgreSQL schema of its own on a server others share (tests, the benches), so runs never see
// each other's rows; its `url` selects it through search_path.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function schemaOf(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = prefix + randomBytes(6).toString('hex');
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create schema ${schema}`);
  const u = new URL(serverUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { url: u.toString(), drop: () => run(`drop schema if exists ${schema} cascade`) };
}
