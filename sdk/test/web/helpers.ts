// Test helpers for the web-call client: a real local platform server for POST /call/web,
// an event recorder and normalisers shared by the behaviour tests and the compatibility suite.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface PlatformReply {
  status?: number;
  body?: unknown;
  delayMs?: number;
}

export interface LocalPlatform {
  url: string;
  requests: RecordedRequest[];
  /** Sets how the next requests are answered (default: a created web call). */
  reply(fn: (req: RecordedRequest, n: number) => PlatformReply): void;
  /** Requests currently being answered (started, not finished). */
  inFlight(): number;
  close(): Promise<void>;
}

export function webCallBody(overrides: Record<string, any> = {}, n = 1): Record<string, any> {
  return {
    id: `call-${n}`,
    orgId: 'org-1',
    type: 'webCall',
    status: 'queued',
    webCallUrl: `https://helena-test.daily.co/room-${n}`,
    artifactPlan: { videoRecordingEnabled: false },
    assistant: { voice: { provider: '11labs', voiceId: 'x' } },
    transport: { provider: 'daily' },
    ...overrides,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPlatform(): Promise<LocalPlatform> {
  const requests: RecordedRequest[] = [];
  let replyFn: (req: RecordedRequest, n: number) => PlatformReply = (_req, n) => ({ body: webCallBody({}, n) });
  let inFlight = 0;
  const sockets = new Set<import('node:net').Socket>();
  // node:http ignores what a request listener returns; this one answers every request itself.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  const server = createServer(async (req, res) => {
    inFlight++;
    try {
      const text = await readBody(req);
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // keep text
      }
      // CORS, as the platform answers it (a browser-like fetch sends a preflight first).
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'authorization, content-type');
      res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const reply = replyFn(recorded, requests.length);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 201, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body ?? webCallBody({}, requests.length)));
    } finally {
      inFlight--;
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(fn) {
      replyFn = fn;
    },
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface EmittedEvent {
  event: string;
  args: any[];
}

/**
 * Records every event a client emits (by wrapping `emit`, so no listener is added), except
 * `phase`: it is Helena's addition, not a reference event, so the sequences compared with the
 * reference leave it out. Pass `{ phase: true }` to record it as well.
 */
export function recordEvents(client: { emit: (...a: any[]) => any }, options: { phase?: boolean } = {}): EmittedEvent[] {
  const log: EmittedEvent[] = [];
  const original = client.emit.bind(client);
  (client as any).emit = (event: string, ...args: any[]) => {
    if (event !== 'phase' || options.phase) log.push({ event, args });
    return original(event, ...args);
  };
  return log;
}

/** Replaces volatile values (timestamps, durations, stacks) so two runs can be compared. */
export function normalise(value: any): any {
  if (typeof value === 'function') return '[fn]';
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    if (typeof (value).tagName === 'string') return `<${String((value).tagName).toLowerCase()}>`;
    const out: Record<string, any> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'timestamp' || k === 'duration' || k === 'totalDuration' || k === 'delaySeconds' || k === 'videoRecordingStartDelaySeconds') out[k] = typeof v;
      else if (k === 'stack' || k === 'errorStack') out[k] = typeof v;
      else if (k === 'callClientId') out[k] = typeof v;
      else out[k] = normalise(v);
    }
    return out;
  }
  if (typeof value === 'string') return value.replace(/fake-call-\d+/g, 'fake-call-N');
  return value;
}

export const stagePairs = (log: EmittedEvent[]) =>
  log.filter((e) => e.event === 'call-start-progress').map((e) => `${e.args[0].stage}:${e.args[0].status}`);

export const eventNames = (log: EmittedEvent[]) => log.map((e) => e.event);

export const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** Waits until `predicate()` holds (polling), or fails after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const t0 = Date.now();
  while (!predicate()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await tick(2);
  }
}

/**
 * Puts a happy-dom `document`, `MediaStream` and `HTMLMediaElement` on the global object (and
 * nothing else: Node's own `fetch` stays, since happy-dom's `Response.clone()` loses the body,
 * which the reference client relies on). Returns the function that removes them again.
 */
export async function installDom(): Promise<{ window: any; uninstall: () => Promise<void> }> {
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://localhost:3000/' });
  const names = ['document', 'MediaStream', 'HTMLMediaElement', 'HTMLAudioElement'] as const;
  const saved = names.map((n) => Object.getOwnPropertyDescriptor(globalThis, n));
  for (const n of names) {
    Object.defineProperty(globalThis, n, { value: (window as any)[n], configurable: true, writable: true });
  }
  return {
    window,
    uninstall: async () => {
      names.forEach((n, i) => {
        const d = saved[i];
        if (d) Object.defineProperty(globalThis, n, d);
        else delete (globalThis as any)[n];
      });
      await window.happyDOM.abort();
      window.close();
    },
  };
}
