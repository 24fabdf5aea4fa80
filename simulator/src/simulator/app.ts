// Builds the simulator's Hono app from the route tables: CORS, latency and fault injection,
// bearer-token checks, body parsing, and the platform's error shape on every failure.
import { Hono, type Context, type Next } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { cors } from 'hono/cors';
import { errorBody, httpError, INVALID_KEY_MESSAGE, reasonPhrase, SimulatorHttpError } from './errors';
import { PLATFORM_ROUTES } from './platform-routes';
import { RESOURCES, crudRoutes } from './resources';
import { conformingRoutes } from './conform';
import { reply, type RouteContext, type RouteDef, type SimulatorState } from './context';
import { textOf } from './json';
import type { Query } from './store';

/** One armed fault: the next `remaining` matching requests fail with `status`. */
export interface Fault {
  remaining: number;
  status: number;
  message?: string;
  retryAfter?: number;
  method?: string;
  /** A path suffix ('/call/web') or a pattern tested against the request path. */
  path?: string | RegExp;
}

export interface AppOptions {
  publicKey: string;
  privateKey: string;
  publicUrl?: string;
  latency: () => number;
  faults: Fault[];
  /** The simulator's own test-hook routes (under `/_simulator`). */
  controlRoutes: RouteDef[];
}

const segments = (p: string): string[] => p.split('/').filter(Boolean);

/** The simulator's base URL as seen by this request: origin + whatever prefix it is mounted under. */
function baseUrl(c: Context, def: RouteDef, publicUrl?: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const url = new URL(c.req.url);
  const actual = segments(url.pathname);
  const prefix = actual.slice(0, Math.max(0, actual.length - segments(def.path).length));
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() || url.host;
  return `${proto}://${host}${prefix.length ? `/${prefix.join('/')}` : ''}`;
}

function queryOf(c: Context): Query {
  const out: Query = {};
  for (const [k, values] of Object.entries(c.req.queries() ?? {})) out[k] = values.length === 1 ? values[0] : values;
  return out;
}

async function bodyOf(c: Context, def: RouteDef): Promise<unknown> {
  if (def.body === 'none') return undefined;
  if (def.body === 'multipart') {
    const type = c.req.header('content-type') ?? '';
    if (!/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) return {};
    return c.req.parseBody();
  }
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw httpError(400, (error as Error).message);
  }
}

function send(c: Context, status: number, body: unknown, type: 'json' | 'text' | 'stream' = 'json', headers: Record<string, string> = {}): Response {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  const code = status as ContentfulStatusCode;
  if (type === 'stream') return c.body(body as ReadableStream<Uint8Array>, code);
  if (type === 'text') return c.body(textOf(body), code);
  return c.json(body ?? null, code);
}

/**
 * The client hung up before its request was answered (mid-body, typically): the request's signal
 * says so, or reading the body failed the way Node fails a connection reset under it.
 */
function clientGone(c: Context, error: unknown): boolean {
  if (c.req.raw.signal.aborted) return true;
  const e = error as { code?: unknown; message?: unknown; name?: unknown } | null;
  return e?.name === 'AbortError' || (e?.code === 'ECONNRESET' && e.message === 'aborted');
}

/** All routes, in registration order: test hooks, then the platform's, most specific first. */
export function allRoutes(controlRoutes: RouteDef[]): RouteDef[] {
  return [...controlRoutes, ...conformingRoutes([...PLATFORM_ROUTES, ...RESOURCES.flatMap(crudRoutes)])];
}

export function buildApp(state: SimulatorState, options: AppOptions): Hono {
  const app = new Hono();
  app.use('*', cors({ origin: (origin) => origin || '*', exposeHeaders: ['Retry-After'], maxAge: 600 }));

  // Latency first, then faults: a flaky gateway in front of the platform.
  app.use('*', async (c: Context, next: Next) => {
    const ms = options.latency();
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    const path = new URL(c.req.url).pathname;
    if (!/\/_simulator(\/|$)/.test(path)) {
      const fault = options.faults.find(
        (f) =>
          f.remaining > 0 &&
          (!f.method || f.method.toUpperCase() === c.req.method) &&
          (!f.path || (typeof f.path === 'string' ? path.endsWith(f.path) : f.path.test(path))),
      );
      if (fault) {
        fault.remaining -= 1;
        if (fault.remaining <= 0) options.faults.splice(options.faults.indexOf(fault), 1);
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
        return send(c, fault.status, errorBody(fault.status, fault.message ?? reasonPhrase(fault.status)), 'json', headers);
      }
    }
    await next();
  });

  const handle = async (c: Context, def: RouteDef): Promise<Response> => {
    try {
      if (def.auth !== 'none') {
        const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
        const allowed = token === options.privateKey || (def.auth === 'public' && token === options.publicKey);
        if (!allowed) throw httpError(401, INVALID_KEY_MESSAGE);
      }
      const ctx: RouteContext = {
        method: def.method,
        path: def.path,
        params: c.req.param(),
        query: queryOf(c),
        body: await bodyOf(c, def),
        base: baseUrl(c, def, options.publicUrl),
        state,
      };
      const out = await def.handler(ctx);
      return send(c, out.status ?? 200, out.body, out.type, out.headers);
    } catch (error) {
      if (error instanceof SimulatorHttpError) return send(c, error.status, error.body, 'json', error.headers);
      // Nobody is left to answer: the server that mounts the simulator logs the hang-up itself.
      if (clientGone(c, error)) return c.body(null, 499 as ContentfulStatusCode);
      console.error('[platform simulator]', error);
      return send(c, 500, errorBody(500, (error as Error)?.message ?? 'Internal server error'));
    }
  };

  for (const def of allRoutes(options.controlRoutes)) {
    app.on(def.method, def.path, (c) => handle(c, def));
  }
  // The room URL answers plain HTTP too (the call object joins it over a WebSocket).
  app.get('/room/:name', (c) => {
    const room = state.rooms.get(c.req.param('name'));
    if (!room) return send(c, 404, errorBody(404, "The meeting you're trying to join does not exist."));
    return send(c, 200, { name: room.name, callId: room.callId, status: room.status, assistant: room.assistantName });
  });
  app.notFound((c) => send(c, 404, errorBody(404, `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`)));
  app.onError((error, c) => {
    if (error instanceof SimulatorHttpError) return send(c, error.status, error.body);
    return send(c, 500, errorBody(500, error.message));
  });
  return app;
}

export { reply };
