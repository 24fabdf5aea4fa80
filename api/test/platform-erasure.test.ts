// An erasure reaches the voice platform: the person's calls are deleted there too (DELETE
// /call/{id} through @helena/sdk), here on the platform simulator, which honours the deletion.
// When the platform cannot be reached the deletion waits in a durable queue, the command says so,
// and a later run sends it. On SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/simulator/node';
import { npmRun, pgSchema, registerLead, startSink, startTestServer, tempDir, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';
import { createPrivacyKeys } from '../src/privacy/keys';
import type { RunningServer } from '../src/server';

const SCRIPT_TIMEOUT_MS = 120_000;
const PUBLIC_URL = 'http://localhost:3000';

/** A loopback port nothing listens on: the platform, away. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function specs(dialect: 'sqlite' | 'postgres') {
  let sim: PlatformSimulator;
  let simUrl: string;
  let sink: SinkServer;
  let srv: RunningServer;
  let dbEnv: Record<string, string>;
  let cleanup: () => Promise<void> = async () => {};
  const ids = ['call_erase_page', 'call_erase_cli', 'call_kept'];

  beforeAll(async () => {
    const tmp = tempDir();
    const schema = dialect === 'postgres' ? await pgSchema('helena_platform_erasure_') : null;
    dbEnv = schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(tmp.dir, 'erasure.db') };
    sim = createPlatformSimulator({ seed: { call: ids.map((id) => ({ id, type: 'webCall', status: 'ended', startedAt: new Date().toISOString() })) } });
    simUrl = (await sim.listen(0)).url;
    sink = await startSink();
    srv = await startTestServer({
      ...dbEnv,
      POSTMARK_SERVER_TOKEN: SINK_TOKEN,
      POSTMARK_API_URL: sink.url,
      PUBLIC_URL,
      VAPI_PRIVATE_KEY: sim.privateKey,
      VAPI_API_URL: simUrl,
      // Only an erasure's nudge sends deletions here, so the server's timer never races the commands below.
      PLATFORM_ERASURE_POLL_MS: String(24 * 3_600_000),
    });
    cleanup = async () => {
      await srv?.close();
      await sink?.close();
      await sim?.close();
      await schema?.drop();
      tmp.cleanup();
    };
  });
  afterAll(() => cleanup());

  const onPlatform = async (id: string) => (await fetch(`${simUrl}/call/${id}`, { headers: { authorization: `Bearer ${sim.privateKey}` } })).status;
  const owed = async () => (await srv.db.kysely.selectFrom('platform_erasure').select('vapi_id').execute()).map((r) => r.vapi_id);

  it('an erasure from the privacy page deletes the person’s call on the platform, and no other', async () => {
    const email = `pagina-${dialect}@example.com`;
    await registerLead(srv.url, { email, name: 'Paula', vapiId: 'call_erase_page' });
    expect(await onPlatform('call_erase_page')).toBe(200);
    const token = await createPrivacyKeys(srv.db, undefined).tokenFor(email);
    const res = await fetch(`${srv.url}/privacidad/${token}`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(200);
    // The page does not claim the platform's copy is gone: it says it was asked, and will be again.
    expect(await res.text()).toContain('le hemos pedido que la borre');
    await expect.poll(() => onPlatform('call_erase_page'), { timeout: 15_000 }).toBe(404);
    await expect.poll(owed).toEqual([]);
    expect(await onPlatform('call_kept')).toBe(200);
  });

  it('with the platform away, npm run privacy:erase keeps the deletion and says so; a later run sends it', async () => {
    const email = `cli-${dialect}@example.com`;
    await registerLead(srv.url, { email, name: 'Carla', vapiId: 'call_erase_cli' });
    const away = { ...dbEnv, VAPI_PRIVATE_KEY: sim.privateKey, VAPI_API_URL: `http://127.0.0.1:${await closedPort()}` };
    const erased = await npmRun('privacy:erase', [email], away);
    expect(erased.code, erased.stderr).toBe(0);
    const out = JSON.parse(erased.stdout);
    expect(out.erased.conversations).toBe(1);
    expect(out.platformDeletions).toEqual({ deleted: 0, pending: 1 });
    expect(erased.stderr).toContain('1 platform call deletion(s) pending');
    expect(await onPlatform('call_erase_cli')).toBe(200);
    expect(await owed()).toEqual(['call_erase_cli']);

    // The retry waits its turn: a run at once finds nothing due, so it is made due now.
    await srv.db.kysely.updateTable('platform_erasure').set({ next_attempt_at: new Date(0).toISOString() }).execute();
    const back = await npmRun('privacy:purge', [], { ...dbEnv, VAPI_PRIVATE_KEY: sim.privateKey, VAPI_API_URL: simUrl });
    expect(back.code, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout).platformDeletions).toEqual({ deleted: 1, pending: 0 });
    expect(back.stderr).toBe('');
    expect(await onPlatform('call_erase_cli')).toBe(404);
    expect(await owed()).toEqual([]);
    expect(await onPlatform('call_kept')).toBe(200);
  }, SCRIPT_TIMEOUT_MS);
}

describe('platform erasure on SQLite', () => specs('sqlite'));
describe.skipIf(!PG_URL)('platform erasure on PostgreSQL', () => specs('postgres'));
