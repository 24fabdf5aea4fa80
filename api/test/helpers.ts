// Test helpers: real servers on loopback, real database files in temp dirs.
import { get as httpGet } from 'node:http';
import { schemaOf } from './pg-schema';
import { createHmac } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig, type Config } from '../src/config';
import { createPostmarkSink, type PostmarkSink } from '../src/mail/sink';
import { startServer, type RunningServer, type StartOptions } from '../src/server';
import { createLogger } from '../src/log';

export const SINK_TOKEN = 'sink-test-token';

export function tempDir(prefix = 'helena-api-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run -s <script> -- <args>` from the repository root, as an operator runs it: exit code and output. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_POLL_MS: '50',
    MAIL_RETRY_BASE_MS: '20',
    MAIL_RETRY_MAX_MS: '200',
    MAIL_SEND_TIMEOUT_MS: '2000',
    ...env,
  });
}

export interface SinkServer {
  url: string;
  sink: PostmarkSink;
  server: Server;
  close(): Promise<void>;
}

/** A standalone Postmark-compatible sink on its own port (it outlives app restarts). */
export async function startSink(opts: { slowMs?: number } = {}): Promise<SinkServer> {
  const sink = createPostmarkSink({ token: SINK_TOKEN, slowMs: opts.slowMs });
  const app = new Hono();
  app.route('/', sink.api);
  app.route('/dev', sink.inbox);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)) as Server;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sink,
    server,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function startTestServer(
  env: Record<string, string | undefined>,
  opts: Omit<StartOptions, 'config'> = {},
): Promise<RunningServer> {
  const config = testConfig(env);
  return startServer({ config, log: createLogger({ level: 'silent' }), ...opts });
}

export interface SuiteServer {
  tmp: { dir: string; cleanup: () => void };
  sink: SinkServer;
  srv: RunningServer;
  /** The server's base URL. */
  base: string;
}

/**
 * One server for a whole test file: a temp SQLite file (or, for 'postgres', a schema of its own
 * on TEST_DATABASE_URL) and a standalone sink, started before the file's tests and stopped after
 * them. `env` may depend on the temp folder (a file written there). The returned object is filled
 * in by `beforeAll`.
 */
export function suiteServer(
  env: Record<string, string | undefined> | ((dir: string) => Record<string, string | undefined>) = {},
  dbName = 'helena.db',
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  /** `log`: the server's logger (a test that reads the log lines); default silent. */
  opts: Omit<StartOptions, 'config'> = {},
): SuiteServer {
  const suite = {} as SuiteServer;
  let schema: Awaited<ReturnType<typeof pgSchema>> | undefined;
  beforeAll(async () => {
    suite.tmp = tempDir();
    suite.sink = await startSink();
    schema = dialect === 'postgres' ? await pgSchema() : undefined;
    suite.srv = await startTestServer({
      ...(schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(suite.tmp.dir, dbName) }),
      POSTMARK_SERVER_TOKEN: SINK_TOKEN,
      POSTMARK_API_URL: suite.sink.url,
      ...(typeof env === 'function' ? env(suite.tmp.dir) : env),
    }, opts);
    suite.base = suite.srv.url;
  });
  afterAll(async () => {
    await suite.srv?.close();
    await suite.sink?.close();
    await schema?.drop();
    suite.tmp?.cleanup();
  });
  return suite;
}

export interface RpcResult {
  status: number;
  headers: Headers;
  body: any;
}

export async function rpc(
  base: string,
  path: string,
  input: unknown,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<RpcResult> {
  const method = opts.method ?? 'POST';
  const url =
    method === 'GET'
      ? `${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
      : `${base}/api/trpc/${path}`;
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: method === 'POST' ? JSON.stringify(input) : undefined,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000, stepMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Registers a lead the way the widget does; returns the ids. */
export async function registerLead(
  base: string,
  lead: { email: string; name?: string; cargo?: string; company?: string; summary?: string; vapiId?: string },
) {
  const vc = await rpc(base, 'vapi_call.create', {
    vapi_id: lead.vapiId ?? `vapi-${Math.random().toString(36).slice(2)}`,
    initial_data: { start_time: new Date().toISOString(), assistant: 'Helena' },
    status: 'active',
  });
  if (vc.status !== 200) throw new Error('vapi_call.create ' + JSON.stringify(vc.body));
  const cu = await rpc(base, 'customer.upsert', { email: lead.email, name: lead.name, cargo: lead.cargo, company: lead.company });
  if (cu.status !== 200) throw new Error('customer.upsert ' + JSON.stringify(cu.body));
  const call = await rpc(base, 'calls.createWithVerification', {
    transaction: 'propuesta-' + Date.now(),
    customer_id: cu.body.result.data.id,
    vapi_call_id: vc.body.result.data.id,
    vapi_call_token: vc.body.result.data.token,
    status: 'completada',
    summary: lead.summary,
  });
  if (call.status !== 200) throw new Error('calls.createWithVerification ' + JSON.stringify(call.body));
  return {
    vapiCallId: vc.body.result.data.id as string,
    token: vc.body.result.data.token as string,
    customerId: cu.body.result.data.id as string,
    callId: call.body.result.data.id as string,
  };
}

/** The PostgreSQL database tests may use (CI sets it); unset, the PostgreSQL halves are skipped. */
export const PG_URL = process.env.TEST_DATABASE_URL;

/** A schema of its own on PG_URL, so runs never see each other's rows; `url` selects it. */
export const pgSchema = (prefix = 'helena_test_') => schemaOf(PG_URL!, prefix);

/** How many copies of each outbox message in `ids` the sink received (a message sent twice counts 2). */
export function deliveriesPerOutboxId(messages: ReadonlyArray<{ metadata: Record<string, string> }>, ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const id = m.metadata.outbox_id;
    if (id && ids.includes(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Posts a Server URL message `{ message }` signed with `secret` (X-Vapi-Signature, HMAC-SHA256), expecting 200. */
export async function deliverServerMessage(url: string, secret: string, message: Record<string, unknown>): Promise<unknown> {
  const body = JSON.stringify({ message });
  const res = await fetch(`${url}/api/vapi/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-signature': createHmac('sha256', secret).update(body).digest('hex') },
    body,
  });
  if (res.status !== 200) throw new Error(`Server URL answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * A GET as a browser navigating to a link sends it (Sec-Fetch-Mode: navigate). Node's fetch
 * always says `cors`, so this goes through node:http. Answers the status.
 */
export function navigate(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}
