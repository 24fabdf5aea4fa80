// Builds the Hono app from the configuration and its dependencies. Testable without listening:
// app.request(...) works, and server.ts puts it on a port.
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
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
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => c.json(apiError(c, 'PAYLOAD_TOO_LARGE', 'Payload too large', 413), 413),
    }),
  );

  const limiter = (limit: number, match: (c: Context<Env>) => boolean) => {
    return rateLimiter<Env>({
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-6',
      keyGenerator: (c) => c.get('ip'),
      skip: (c) => !match(c),
      handler: (c) => c.json(apiError(c, 'TOO_MANY_REQUESTS', 'Demasiadas solicitudes, inténtalo más tarde', 429), 429),
    });
  };
  const procedureOf = (c: Context) => c.req.path.slice('/api/trpc/'.length);
  const strictTrpc = new Set(['proposal.send']);
  app.use('/api/trpc/*', limiter(config.STRICT_RATE_LIMIT_PER_MINUTE, (c) => strictTrpc.has(procedureOf(c))));
  app.use(
    '/api/trpc/*',
    limiter(config.RATE_LIMIT_PER_MINUTE, (c) => c.req.method !== 'GET' && c.req.method !== 'OPTIONS' && !strictTrpc.has(procedureOf(c))),
  );
  // Queries are cheap but are the enumeration surface: a looser limit.
  app.use('/api/trpc/*', limiter(config.RATE_LIMIT_PER_MINUTE * 4, (c) => c.req.method === 'GET'));
  app.use('/api/email', limiter(config.STRICT_RATE_LIMIT_PER_MINUTE, (c) => c.req.method === 'POST'));

  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      allowBatching: false,
      createContext: (): TrpcContext => ({
        deps,
        ip: c.get('ip'),
        reqId: c.get('requestId'),
        log: log.child({ reqId: c.get('requestId') }),
      }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error('procedure failed', { reqId: c.get('requestId'), path, err: error.cause ?? error });
      },
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
    // app.mount strips the prefix from the path the sub-app sees.
    app.mount(m.prefix.replace(/\/+$/, ''), (req, env, ctx) => m.app.fetch(req, env, ctx));
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
