// The server's warm-up before it listens: the whole lead flow through a scratch copy of the app,
// each step answered as the widget expects, and nothing of it in the server's own database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db';
import { warmUp } from '../src/warm-up';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('warmUp', () => {
  it('runs every step of the lead flow, and leaves the configured database empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-warm-up-'));
    dirs.push(dir);
    const path = join(dir, 'helena.db');
    const config = loadConfig({ DATABASE_PATH: path, PUBLIC_URL: 'http://127.0.0.1:3999', LOG_LEVEL: 'silent' });
    const db = await createDatabase({ path });
    try {
      // A step answering otherwise than the real flow (an error status, no result) throws.
      const report = await warmUp(config, { flows: 4, concurrency: 2, maxMs: Number.POSITIVE_INFINITY });
      expect(report.flows).toBe(4);
      const k = db.kysely;
      for (const table of ['customer', 'vapi_call', 'call', 'pdf', 'outbox', 'email_log'] as const) {
        const row = await k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(Number(row.n), table).toBe(0);
      }
    } finally {
      await db.close();
    }
  }, 120_000);

  it('is on by default and can be turned off', () => {
    expect(loadConfig({}).WARM_UP_FLOWS).toBeGreaterThan(0);
    expect(loadConfig({ WARM_UP_FLOWS: '0' }).WARM_UP_FLOWS).toBe(0);
  });
});
