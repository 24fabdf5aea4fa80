// A lean tRPC v11 HTTP adapter for the common case: one query over GET (?input=<json>) or one
// mutation over POST with a JSON body of known length. It reads the body straight from Node's
// IncomingMessage (no web-stream round trip), calls the procedure through tRPC's own
// callProcedure, and answers with tRPC's response and error shapes (the router's
// errorFormatter, tRPC's HTTP status mapping). Everything else (batches, other methods,
// other content types, chunked bodies, unknown paths) goes to tRPC's standard fetch adapter,
// so the two can never disagree on anything but speed.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AnyTRPCRouter } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { callProcedure, getErrorShape, getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';

export interface FastTrpcOptions<Ctx> {
  router: AnyTRPCRouter;
  /** e.g. '/api/trpc' */
  endpoint: string;
  maxBodyBytes: number;
  createContext(c: Context): Ctx;
  onError?(opts: { error: TRPCError; path: string; ctx: Ctx }): void;
  /** The standard adapter, for everything the fast path does not take. */
  fallback(c: Context): Response | Promise<Response>;
  /** Answer for a body over maxBodyBytes. */
  tooLarge(c: Context): Response;
}

const TOO_LARGE = Symbol('too-large');

function readBody(incoming: IncomingMessage, limit: number): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        incoming.off('data', onData);
        incoming.resume();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    incoming.on('data', onData);
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
  });
}

const isJson = (ct: string | undefined) => !!ct && ct.split(';', 1)[0].trim().toLowerCase() === 'application/json';

export function fastTrpcHandler<Ctx>(opts: FastTrpcOptions<Ctx>) {
  const procedures = opts.router._def.procedures as Record<string, { _def: { type: string } } | undefined>;
  const config = opts.router._def._config;
  const prefix = opts.endpoint.endsWith('/') ? opts.endpoint : opts.endpoint + '/';

  return async (c: Context): Promise<Response> => {
    const path = c.req.path.slice(prefix.length);
    const proc = Object.prototype.hasOwnProperty.call(procedures, path) ? procedures[path] : undefined;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!proc || !incoming || c.req.query('batch') !== undefined) return opts.fallback(c);
    const type = proc._def.type as 'query' | 'mutation';
    const method = c.req.method;
    let rawInput: string | undefined;

    if (type === 'mutation' && method === 'POST') {
      const length = incoming.headers['content-length'];
      if (!length || incoming.headers['transfer-encoding'] || !isJson(incoming.headers['content-type'])) return opts.fallback(c);
      if (Number(length) > opts.maxBodyBytes) return opts.tooLarge(c);
      const body = await readBody(incoming, opts.maxBodyBytes);
      if (body === TOO_LARGE) return opts.tooLarge(c);
      rawInput = body;
    } else if (type === 'query' && method === 'GET') {
      const ct = incoming.headers['content-type'];
      if (ct !== undefined && !isJson(ct)) return opts.fallback(c);
      rawInput = c.req.query('input');
    } else {
      return opts.fallback(c);
    }

    const ctx = opts.createContext(c);
    let input: unknown = undefined;
    try {
      if (rawInput) {
        try {
          input = JSON.parse(rawInput);
        } catch (cause) {
          throw new TRPCError({ code: 'PARSE_ERROR', cause: cause as Error });
        }
      }
      const data = await callProcedure({
        router: opts.router,
        path,
        getRawInput: async () => input,
        ctx,
        type,
        signal: undefined,
        batchIndex: 0,
      });
      return c.json({ result: { data } }, 200, { Vary: 'trpc-accept, accept' });
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      opts.onError?.({ error, path, ctx });
      const shape = getErrorShape({ config, error, type, path, input, ctx });
      return c.json({ error: shape }, getHTTPStatusCodeFromError(error) as 400, { Vary: 'trpc-accept, accept' });
    }
  };
}
