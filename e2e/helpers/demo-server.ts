// The product as `npm start` runs it, in-process: the configuration from an environment, the site
// composition (demo site, widget bundle, the platform simulator at /sim with its rooms) and the
// server (tRPC over SQLite, the mail worker, the local Postmark sink at /dev/mail). Only the
// database file (a temporary one) and the port (a free one, known before start) differ from a
// fresh `npm start`.
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@helena/api/config';
import { createLogger } from '@helena/api/log';
import { startServer } from '@helena/api/server';
import { composeSite } from '@helena/api/site';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface DemoServer {
  /** http://127.0.0.1:{port}: the URL the server prints at start, and the default PUBLIC_URL the emails link to. */
  url: string;
  /** The SQLite file the server uses. */
  dbPath: string;
  demo: boolean;
  /** The visitor speaks in the demo call's room (the simulator's in-process hook). */
  speak(callId: string, text: string): boolean;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `npm start` builds the widget first; here it is built only when no bundle exists yet. */
function ensureWidgetBuilt() {
  if (existsSync(join(root, 'widget', 'dist', 'manifest.json'))) return;
  const r = spawnSync('npm', ['run', '--silent', 'build', '-w', '@helena/widget'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the widget build failed');
}

/** `env`: more of the environment, as an operator would set it (e.g. SALES_EMAIL). */
export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  ensureWidgetBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'helena-demo-e2e-'));
  const dbPath = join(dataDir, 'helena.db');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    // No PUBLIC_URL, as in a fresh `npm start`: the links in the emails must use the URL it prints.
    DATABASE_PATH: dbPath,
    LOG_LEVEL: 'silent',
    // Several leads from one address in a few seconds: above the per-minute limits.
    RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_POLL_MS: '50',
    ...env,
  });
  const site = composeSite(config);
  const running = await startServer({
    config,
    log: createLogger({ level: 'silent' }),
    platform: site.platform,
    devMail: site.devMail,
    mounts: site.mounts,
    onServer: site.onServer,
    vapiWebhookSecret: site.vapiWebhookSecret,
  });
  if (running.url !== url) throw new Error(`the server listens on ${running.url}, not ${url}`);
  return {
    url,
    dbPath,
    demo: site.demo,
    speak: (callId, text) => site.speak(callId, text),
    close: async () => {
      await running.close();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One demo server for a spec file: started before its tests, closed after them. `use` receives
 * it (a spec keeps it in a variable of its own); `env`, when given, is asked for more of its
 * environment just before it starts.
 */
export function useDemoServer(use: (site: DemoServer) => void, env?: () => Promise<Record<string, string>>): void {
  let site: DemoServer | undefined;
  test.beforeAll(async () => {
    site = await startDemoServer(env ? await env() : {});
    expect(site.demo).toBe(true);
    use(site);
  });
  test.afterAll(async () => {
    await site?.close();
  });
}
