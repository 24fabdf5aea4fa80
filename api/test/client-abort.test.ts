// A client that hangs up mid-body, anywhere on the demo server (its own routes and the mounted
// simulator alike): at most one info line, and no stack or `Error:` at any level, in the server's
// log or on the console. The client is a raw socket that promises more body than it sends.
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startServer, type RunningServer } from '../src/server';
import { composeSite, type Composition } from '../src/site/compose';
import { tempDir, waitFor } from './helpers';

type Line = Record<string, unknown> & { level: string; msg: string; path?: string };
const lines: Line[] = [];
const consoleOut: string[] = [];
const EMAIL_KEY = 'email-key-for-abort-tests';

let tmp: ReturnType<typeof tempDir>;
let site: Composition;
let srv: RunningServer;

beforeAll(async () => {
  tmp = tempDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(tmp.dir, 'abort.db'),
    LOG_LEVEL: 'debug',
    EMAIL_API_KEY: EMAIL_KEY,
    MAIL_WORKER: 'false',
  });
  site = composeSite(config);
  const log = createLogger({ level: 'debug', sink: { write: (l: string) => lines.push(JSON.parse(l) as Line) } });
  srv = await startServer({ config, log, platform: site.platform, devMail: site.devMail, mounts: site.mounts, onServer: site.onServer, vapiWebhookSecret: site.vapiWebhookSecret });
  // Whatever reaches the console (a mounted app's own error printing) counts as log output too.
  for (const level of ['error', 'warn', 'info', 'log'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void consoleOut.push(args.map((a) => (a instanceof Error ? String(a.stack) : String(a))).join(' ')));
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  await srv?.close();
  await site?.close();
  tmp?.cleanup();
});

/** Sends the headers and `sent` of a body announced as 5,000 bytes, then destroys the socket. */
function hangUpMidBody(path: string, headers: Record<string, string>, sent: string): Promise<void> {
  const u = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      const head = [`POST ${path} HTTP/1.1`, `Host: ${u.host}`, 'Content-Type: application/json', 'Content-Length: 5000', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${head.join('\r\n')}\r\n\r\n${sent}`, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

const ROUTES: [string, Record<string, string>, string][] = [
  ['/sim/call/web', { Authorization: 'Bearer demo-public-key' }, '{"assistantId":"demo-assis'],
  ['/sim/chat/web', { Authorization: 'Bearer demo-public-key' }, '{"assistantId":"demo-assistant","input":"Hola, qui'],
  ['/api/trpc/customer.upsert', {}, '{"email":"corta'],
  ['/api/email', { Authorization: `Bearer ${EMAIL_KEY}` }, '{"to":"ada@example.com","subj'],
];

describe('a client that hangs up mid-body', () => {
  for (const [path, headers, sent] of ROUTES) {
    it(`${path}: at most one info line, no stack, nothing on the console`, async () => {
      const from = lines.length;
      const consoleFrom = consoleOut.length;
      await hangUpMidBody(path, headers, sent);
      // The access log writes its line once the request's handling is over: everything the
      // request could log comes before it.
      await waitFor(() => lines.slice(from).find((l) => l.path === path && l.msg === 'client aborted'));
      const mine = lines.slice(from).filter((l) => l.level !== 'debug');
      expect(mine, JSON.stringify(mine)).toHaveLength(1);
      expect(mine[0]).toMatchObject({ level: 'info', msg: 'client aborted', path });
      const text = JSON.stringify(lines.slice(from));
      expect(text).not.toMatch(/"stack"|Error:|\n\s+at /);
      expect(consoleOut.slice(consoleFrom)).toEqual([]);
    });
  }
});
