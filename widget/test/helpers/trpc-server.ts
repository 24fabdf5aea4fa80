/**
 * A fake lead server on loopback: a real node:http server that answers tRPC v11's wire format
 * (no batching, no transformer) with CORS, as the real one does for another origin.
 *   mutation: POST /api/trpc/<path>   body: <input json>      → 200 {"result":{"data":…}}
 *   query:    GET  /api/trpc/<path>?input=<json>              → 200 {"result":{"data":…}}
 *   error:    4xx/5xx {"error":{"message","code":<json-rpc code>,"data":{…}}}
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  input: any;
}

export type Reply =
  | { data: unknown }
  | { error: { message: string; code: number; httpStatus?: number } }
  | { raw: string; status?: number; contentType?: string };

export type Handler = (input: any, req: RecordedRequest) => Reply | Promise<Reply>;

const CODE_NAMES: Record<number, string> = { [-32600]: 'BAD_REQUEST', [-32004]: 'NOT_FOUND', [-32603]: 'INTERNAL_SERVER_ERROR' };

export async function startFakeTrpcServer(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  // node:http ignores what a request listener returns; the handler answers every request itself.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const cors = {
      'access-control-allow-origin': origin ?? '*',
      'access-control-allow-methods': 'GET,POST,OPTIONS',
      'access-control-allow-headers': 'content-type,trpc-accept',
      vary: 'origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api\/trpc\//, '');
    let body = '';
    for await (const chunk of req) body += chunk;
    let input: unknown;
    try {
      input = req.method === 'GET' ? JSON.parse(url.searchParams.get('input') ?? 'null') : body ? JSON.parse(body) : undefined;
    } catch {
      input = body;
    }
    const record: RecordedRequest = { method: req.method ?? '', path, contentType: req.headers['content-type'], input };
    requests.push(record);
    const handler = handlers[path];
    const reply: Reply = handler
      ? await handler(input, record)
      : { error: { message: `No procedure found on path "${path}"`, code: -32004, httpStatus: 404 } };
    if ('raw' in reply) {
      res.writeHead(reply.status ?? 200, { ...cors, 'content-type': reply.contentType ?? 'text/html' }).end(reply.raw);
    } else if ('error' in reply) {
      const status = reply.error.httpStatus ?? 400;
      res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: reply.error.message, code: reply.error.code, data: { code: CODE_NAMES[reply.error.code] ?? 'BAD_REQUEST', httpStatus: status, path } },
        }),
      );
    } else {
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ result: { data: reply.data } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
