// Builds the Hono app from the configuration and its dependencies. Testable without listening:
// app.request(...) works, and server.ts puts it on a port. Each concern is one named middleware
// under http/; this file only says where each applies.
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config';
import type { Db } from './db';
import type { Deps } from './deps';
import { createLogger, type Logger } from './log';
import type { PostmarkSink } from './mail/sink';
import { emailRoute } from './email/route';
import { pageRoutes } from './pages/routes';
import { createPrivacyKeys, type PrivacyKeys } from './privacy/keys';
import { privacyRoutes } from './privacy/routes';
import { panelRoutes, type SendDirect } from './panel/routes';
import { unverifiedConversations, type Conversations } from './proposal/conversation';
import { accessLog, clientAborted, type AppEnv } from './http/access-log';
import { databaseUnavailable, refuse } from './http/api-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable';
import { outageNotice } from './db/outage-notice';
import { requestBodyLimit } from './http/body-limit';
import { compression } from './http/compression';
import { corsAllowList } from './http/cors';
import { hostGuard } from './http/host-guard';
import { loopbackOnly } from './http/loopback-only';
import { rateLimit } from './http/rate-limit';
import { countingRefusals, createRateLimits, type RateLimits } from './http/rate-limits';
import { takeTurns } from './http/take-turns';
import { requestMetrics } from './http/request-metrics';
import { createMetrics, type Metrics } from './metrics/metrics';
import { METRICS_PATH, metricsRoute } from './metrics/route';
import { serveStatic, type StaticRoot } from './http/static';
import { trpcHandler } from './http/trpc';
import { VAPI_EVENTS_PATH, vapiEventsRoute } from './vapi_events/route';

export { BODY_LIMIT_BYTES } from './http/body-limit';

export interface Mount {
  /** e.g. '/sim' */
  prefix: string;
  app: { fetch(req: Request, env?: unknown, executionCtx?: unknown): Response | Promise<Response> };
  /** A public API of its own (the demo's simulator): gets the API's body and rate limits. */
  limited?: boolean;
}

export interface AppOptions {
  config: Config;
  db: Db;
  log?: Logger;
  conversations?: Conversations;
  limits?: RateLimits;
  nudgeMail?: () => void;
  nudgeWebhooks?: () => void;
  nudgePlatformErasures?: () => boolean;
  /** The local Postmark sink: its API at /dev/postmark (loopback only). */
  sink?: PostmarkSink | null;
  /** Also serve the sink's inbox at /dev/mail (demo mode; loopback only). */
  devMail?: boolean;
  staticRoots?: StaticRoot[];
  mounts?: Mount[];
  /** Readiness: false while shutting down. */
  isReady?: () => boolean;
  /** The Server URL's secret; without one, /api/vapi/events does not exist. */
  vapiWebhookSecret?: string;
  /** The Prometheus metrics (shared with the mail worker); a fresh set by default. */
  metrics?: Metrics;
  /** The privacy key; default PRIVACY_SECRET's, else the database's own. */
  privacy?: PrivacyKeys;
  /** Sends the panel's sign-in mail at once (the mail transport); without it no sign-in mail goes. */
  sendDirect?: SendDirect;
  /** The panel's built app; default PANEL_DIR. */
  panelDir?: string;
}

export interface BuiltApp {
  app: Hono<AppEnv>;
  deps: Deps;
}

export function createApp(opts: AppOptions): BuiltApp {
  const { config, db } = opts;
  const log = opts.log ?? createLogger({ level: config.LOG_LEVEL });
  const metrics = opts.metrics ?? createMetrics({ db });
  const privacy = opts.privacy ?? createPrivacyKeys(db, config.PRIVACY_SECRET);
  const limits = countingRefusals(opts.limits ?? createRateLimits({ config, db, log, privacy }), metrics);
  const deps: Deps = {
    config,
    db,
    log,
    conversations: opts.conversations ?? unverifiedConversations,
    limits,
    privacy,
    awaitReports: !!opts.vapiWebhookSecret,
    nudgeMail: opts.nudgeMail ?? (() => {}),
    nudgeWebhooks: opts.nudgeWebhooks ?? (() => {}),
    nudgePlatformErasures: opts.nudgePlatformErasures ?? (() => false),
    metrics,
  };
  const app = new Hono<AppEnv>();

  app.use('*', requestId({ limitLength: 64 }));
  app.use('*', requestMetrics(metrics));
  app.use('*', accessLog({ log, trustProxy: config.TRUST_PROXY }));
  // After the metrics and the access log, so the time a request waits for its turn is counted.
  app.use('*', takeTurns());
  app.use('*', hostGuard({ publicUrl: config.PUBLIC_URL, bindHost: config.HOST }));
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
  // JSON and HTML over 1 KB; precompressed static files already carry their Content-Encoding.
  app.use('*', ...compression(1024));

  app.use('/api/*', corsAllowList({ allowed: config.ALLOWED_ORIGINS, log, onRefused: () => metrics.refusals.inc({ reason: 'origin' }) }));
  const apiBodyLimit: MiddlewareHandler<AppEnv> = requestBodyLimit();
  // The Server URL reads its own, larger body (end-of-call reports carry whole transcripts).
  const apiLimit: MiddlewareHandler<AppEnv> = (c, next) => (c.req.path === VAPI_EVENTS_PATH ? next() : apiBodyLimit(c, next));
  app.use('/api/*', apiLimit);
  app.use('/api/trpc/*', rateLimit(limits));
  app.use('/api/email', rateLimit(limits));
  app.all('/api/trpc/*', trpcHandler(deps));
  app.route('/api/email', emailRoute(deps));
  if (opts.vapiWebhookSecret) app.route(VAPI_EVENTS_PATH, vapiEventsRoute(deps, opts.vapiWebhookSecret));

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
  app.route(METRICS_PATH, metricsRoute(metrics, config.METRICS_TOKEN));
  app.route('/', privacyRoutes(deps));
  app.route('/', panelRoutes(deps, { appDir: opts.panelDir, sendDirect: opts.sendDirect }));

  if (opts.sink) {
    app.use('/dev/*', loopbackOnly());
    app.use('/dev/postmark/*', requestBodyLimit(10 * 1024 * 1024));
    app.route('/dev/postmark', opts.sink.api);
    if (opts.devMail) app.route('/dev', opts.sink.inbox);
  }

  for (const m of opts.mounts ?? []) {
    const prefix = m.prefix.replace(/\/+$/, '');
    if (m.limited) {
      app.use(`${prefix}/*`, requestBodyLimit());
      app.use(`${prefix}/*`, rateLimit(limits));
    }
    // A Hono sub-app is routed, so it sees the full path and can build its own public URLs (the
    // simulator's webCallUrl); any other fetch handler is mounted with the prefix stripped.
    if (m.app instanceof Hono) app.route(m.prefix, m.app);
    else app.mount(prefix, (req, env, ctx) => m.app.fetch(req, env, ctx));
  }
  for (const root of opts.staticRoots ?? []) app.use('*', serveStatic(root));

  app.notFound((c) => (c.req.path.startsWith('/api/') ? refuse(c, 404, 'Not found') : c.text('No encontrado', 404)));
  const noteOutage = outageNotice(log, 'database unavailable: answering 503');
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    if (clientAborted(c)) return c.body(null, 499 as 400);
    if (isDatabaseUnavailable(err)) {
      metrics.databaseUnavailable.inc();
      noteOutage({ path: c.req.path, code: (err as { code?: string }).code });
      return databaseUnavailable(c, DATABASE_RETRY_AFTER_SECONDS);
    }
    log.error('unhandled error', { reqId: c.get('requestId'), path: c.req.path, err });
    return c.json({ error: 'Internal server error' }, 500);
  });

  return { app, deps };
}
