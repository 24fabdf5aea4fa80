// Idle keep-alive connections stay open past a load balancer's usual 60 s idle timeout, so the
// balancer, not the server, closes them: a server that closes first races the balancer's next
// request on that connection (a 502), and every client reconnects far more often, while a busy
// Node server accepts only one new connection per turn of its event loop.
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startServer, type RunningServer } from '../src/server';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let srv: RunningServer;

beforeAll(async () => {
  tmp = tempDir();
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(tmp.dir, 'keep-alive.db'), MAIL_WORKER: 'false' });
  srv = await startServer({ config, log: createLogger({ level: 'error', sink: { write: () => {} } }) });
});

afterAll(async () => {
  await srv?.close();
  tmp?.cleanup();
});

it('announces an idle timeout above 60 s on a kept-alive connection', async () => {
  const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = request(`${srv.url}/healthz`, { headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    });
    req.on('error', reject);
    req.end();
  });
  expect(headers.connection).toBe('keep-alive');
  const timeout = Number(/timeout=(\d+)/.exec(String(headers['keep-alive']))?.[1]);
  expect(timeout).toBeGreaterThan(60);
});
