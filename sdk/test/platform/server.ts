// A real HTTP server on 127.0.0.1 for the client tests: it records every request and answers
// through a replaceable handler.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The raw request target: path and query exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, raw: IncomingMessage) => void;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler; `handle(a, b, c)` answers the n-th following request with the n-th one (the last repeats). */
  handle(...handlers: Handler[]): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

export const text =
  (status: number, body: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };

/** Drops the connection without answering. */
export const drop: Handler = (_req, _res, raw) => {
  raw.socket.destroy();
};

export const delayed =
  (ms: number, then: Handler): Handler =>
  (req, res, raw) => {
    const t = setTimeout(() => then(req, res, raw), ms);
    raw.socket.on('close', () => clearTimeout(t));
  };

/** What a promise rejects with; fails the test when it resolves. */
export async function rejection(promise: PromiseLike<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

export async function startServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let queue: Handler[] = [json(200, { ok: true })];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const req = { method: raw.method ?? '', url: raw.url ?? '', headers: raw.headers, body: Buffer.concat(chunks) };
      requests.push(req);
      const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
      handler(req, res, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(...handlers) {
      queue = handlers;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
