// Builds the Hono app from the configuration and its dependencies. Testable without listening:
// app.request(...) works, and server.ts puts it on a port.
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { TRPCError } from '@trpc/server';
import { fastTrpcHandler } from './http/trpc-fast';
import type { Config } from './config';
import type { Db } from './db';
import type { Deps } from './deps';
import { createLogger, type Logger } from './log';
import { appRouter } from './router';
import type { Context as TrpcContext } from './trpc';
import { storedSummarySource, type SummarySource } from './mail/summary';
import type { PostmarkSink } from './mail/sink';
import { emailRoute } from './email/route';
import { pageRoutes } from './pages/routes';
import { corsAllowList } from './http/cors';
import { clientIp } from './http/client-ip';
import { serveStatic, type StaticRoot } from './http/static';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface Mount {
  /** e.g. '/sim' */
  prefix: string;
  app: { fetch: (req: Request, ...rest: any[]) => Response | Promise<Response> };
}

export interface AppOptions {
  config: Config;
  db: Db;
  log?: Logger;
  summaries?: SummarySource;
  nudgeMail?: () => void;
  /** The local Postmark sink: its API at /dev/postmark, its inbox at /dev/mail. */
  sink?: PostmarkSink | null;
  staticRoots?: StaticRoot[];
  mounts?: Mount[];
  /** Readiness: false while shutting down. */
  isReady?: () => boolean;
}

type Env = { Variables: { requestId: string; ip: string } };

export interface BuiltApp {
  app: Hono<Env>;
  deps: Deps;
}

export function createApp(opts: AppOptions): BuiltApp {
  const { config, db } = opts;
  const log = opts.log ?? createLogger({ level: config.LOG_LEVEL });
  const deps: Deps = {
    config,
    db,
    log,
    summaries: opts.summaries ?? storedSummarySource(),
    nudgeMail: opts.nudgeMail ?? (() => {}),
  };
  const app = new Hono<Env>();

  // Request id + JSON access log.
  app.use('*', requestId({ limitLength: 64 }));
  app.use('*', async (c, next) => {
    const start = performance.now();
    c.set('ip', clientIp(c, config.TRUST_PROXY));
    await next();
    if (log.enabled('info')) {
      log.info('request', {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        ip: c.get('ip'),
      });
    }
  });

  app.use(
    '*',
    secureHeaders({
      // Scripts and styles of this server are loaded by other sites (the widget); pages set
      // their own CORP/CSP where they need to.
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: 'same-origin',
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'SAMEORIGIN',
      strictTransportSecurity: config.PUBLIC_URL.startsWith('https:') ? 'max-age=15552000; includeSubDomains' : false,
    }),
  );

  // /api: CORS allow-list, body limit, rate limits.
  app.use('/api/*', corsAllowList({ allowed: config.ALLOWED_ORIGINS }));
  // Body limit: a declared Content-Length is checked at once; a chunked body is counted as it
  // is read (hono's bodyLimit). The fast tRPC path only takes bodies with a Content-Length.
  const tooLarge = (c: Context) => c.json(apiError(c, 'PAYLOAD_TOO_LARGE', 'Payload too large', 413), 413);
  const streamingLimit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  app.use('/api/*', async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length) || Number(length) > BODY_LIMIT_BYTES) return tooLarge(c);
      return next();
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    return streamingLimit(c, next);
  });

  // Rate limits, per IP: one limiter and one store, three classes of request.
  const strictTrpc = new Set(['proposal.send']);
  const limitClass = (c: Context<Env>): 'strict' | 'mutation' | 'query' | null => {
    const m = c.req.method;
    if (m === 'OPTIONS' || m === 'HEAD') return null;
    if (c.req.path === '/api/email') return m === 'POST' ? 'strict' : null;
    if (strictTrpc.has(c.req.path.slice('/api/trpc/'.length))) return 'strict';
    // Queries are cheap but are the enumeration surface: a looser limit.
    return m === 'GET' ? 'query' : 'mutation';
  };
  const limits = {
    strict: config.STRICT_RATE_LIMIT_PER_MINUTE,
    mutation: config.RATE_LIMIT_PER_MINUTE,
    query: config.RATE_LIMIT_PER_MINUTE * 4,
  };
  const limiter = rateLimiter<Env>({
    windowMs: 60_000,
    limit: (c) => limits[limitClass(c) ?? 'query'],
    standardHeaders: 'draft-6',
    keyGenerator: (c) => {
      const cls = limitClass(c);
      return cls === 'strict' ? `strict:${c.req.path}:${c.get('ip')}` : `${cls}:${c.get('ip')}`;
    },
    skip: (c) => limitClass(c) === null,
    handler: (c) => c.json(apiError(c, 'TOO_MANY_REQUESTS', 'Demasiadas solicitudes, inténtalo más tarde', 429), 429),
  });
  app.use('/api/trpc/*', limiter);
  app.use('/api/email', limiter);

  const createContext = (c: Context<Env>): TrpcContext => ({
    deps,
    ip: c.get('ip'),
    reqId: c.get('requestId'),
    log: log.child({ reqId: c.get('requestId') }),
  });
  const onError = ({ error, path }: { error: TRPCError; path?: string }, reqId: string) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') log.error('procedure failed', { reqId, path, err: error.cause ?? error });
  };
  const standardAdapter = async (c: Context<Env>) => {
    const res = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      allowBatching: false,
      createContext: () => createContext(c),
      onError: (o) => onError(o, c.get('requestId')),
    });
    // Through the context, so headers set earlier (rate limit) are kept.
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    const noBody = res.body === null || res.status === 204 || res.status === 304 || c.req.method === 'HEAD';
    if (noBody) return c.body(null, res.status as 400, headers);
    return c.body(await res.arrayBuffer(), res.status as 400, headers);
  };
  app.all(
    '/api/trpc/*',
    fastTrpcHandler<TrpcContext>({
      router: appRouter,
      endpoint: '/api/trpc',
      maxBodyBytes: BODY_LIMIT_BYTES,
      createContext: (c) => createContext(c as Context<Env>),
      onError: (o) => onError(o, o.ctx.reqId),
      fallback: (c) => standardAdapter(c as Context<Env>),
      tooLarge,
    }),
  );
  app.route('/api/email', emailRoute(deps));

  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    if (opts.isReady && !opts.isReady()) return c.json({ status: 'shutting-down' }, 503, { 'Cache-Control': 'no-store' });
    try {
      await Promise.race([db.ping(), new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000).unref())]);
      return c.json({ status: 'ready', database: db.dialect }, 200, { 'Cache-Control': 'no-store' });
    } catch {
      return c.json({ status: 'unavailable' }, 503, { 'Cache-Control': 'no-store' });
    }
  });

  app.route('/', pageRoutes(deps));

  if (opts.sink) {
    app.use('/dev/postmark/*', bodyLimit({ maxSize: 10 * 1024 * 1024 }));
    app.route('/dev/postmark', opts.sink.api);
    app.route('/dev', opts.sink.inbox);
  }

  for (const m of opts.mounts ?? []) {
    // A Hono sub-app is routed, so it sees the full path and can build its own public URLs (the
    // simulator's webCallUrl); any other fetch handler is mounted with the prefix stripped.
    if (m.app instanceof Hono) app.route(m.prefix, m.app);
    else app.mount(m.prefix.replace(/\/+$/, ''), (req, env, ctx) => m.app.fetch(req, env, ctx));
  }
  for (const root of opts.staticRoots ?? []) app.use('*', serveStatic(root));

  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? c.json({ error: 'Not found' }, 404) : c.text('No encontrado', 404),
  );
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    log.error('unhandled error', { reqId: c.get('requestId'), path: c.req.path, err });
    return c.json({ error: 'Internal server error' }, 500);
  });

  return { app, deps };
}

/** Error bodies on /api/trpc keep tRPC's shape so the client reports the message. */
function apiError(c: Context, code: string, message: string, status: number) {
  if (c.req.path.startsWith('/api/trpc/')) {
    const rpc: Record<number, number> = { 413: -32022, 429: -32029 };
    return { error: { message, code: rpc[status] ?? -32600, data: { code, httpStatus: status, path: c.req.path.slice(10) } } };
  }
  return { error: message };
}
