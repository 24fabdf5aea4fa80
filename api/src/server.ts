// Puts the app on a port with its database, mail and webhook workers and (without a Postmark
// token) the local Postmark sink, and takes it all down gracefully.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import type { Config } from './config';
import { createApp, type Mount } from './app';
import { createDatabase, type Db } from './db';
import { createLogger, type Logger } from './log';
import { createPostmarkSink, type PostmarkSink } from './mail/sink';
import { sdkPlatformClient, type PlatformClientSource } from './mail/summary';
import { platformConversations, unverifiedConversations } from './proposal/conversation';
import { outboxRow } from './mail/outbox';
import { createPostmarkTransport, type MailTransport } from './mail/transport';
import { createMailWorker, type MailWorker } from './mail/worker';
import { createMetrics } from './metrics/metrics';
import { webhookTarget } from './webhooks/send';
import { createWebhookWorker, type WebhookWorker } from './webhooks/worker';
import type { StaticRoot } from './http/static';
import type { AppEnv } from './http/access-log';
import { startReportWaiter } from './proposal/report-wait';
import { startRetentionSweeper } from './privacy/retention';
import { deleterOf, startPlatformEraser } from './privacy/platform-erasure';
import type { Periodic } from './queue/periodic';
import type { Hono } from 'hono';

export interface StartOptions {
  config: Config;
  log?: Logger;
  /**
   * The platform proposals are checked against (the simulator in demo mode). Default: the real
   * platform with VAPI_PRIVATE_KEY; without it, only the conversation token is checked.
   */
  platform?: PlatformClientSource;
  /** Serve the local sink's inbox at /dev/mail (demo mode). */
  devMail?: boolean;
  /** Override the mail transport (tests). */
  transport?: MailTransport;
  staticRoots?: StaticRoot[];
  mounts?: Mount[];
  /** The Server URL's secret when VAPI_WEBHOOK_SECRET is unset (demo mode shares one with its simulator). */
  vapiWebhookSecret?: string;
  /**
   * Called with the HTTP server once it listens (e.g. to attach WebSocket rooms), and with the
   * app's own request handler, for what this process sends to itself without a socket.
   */
  onServer?: (server: Server, handle: (request: Request) => Response | Promise<Response>) => void | Promise<void>;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  app: Hono<AppEnv>;
  db: Db;
  worker: MailWorker | null;
  /** Delivers the webhook events; null without LEAD_WEBHOOK_URL or with MAIL_WORKER=false. */
  webhooks: WebhookWorker | null;
  sink: PostmarkSink | null;
  log: Logger;
  /** Graceful: not ready → stop the workers → drain requests → close the database. */
  close(): Promise<void>;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config } = opts;
  const log = opts.log ?? createLogger({ level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL, path: config.DATABASE_PATH, poolSize: config.DATABASE_POOL_SIZE });

  const useLocalSink = !config.POSTMARK_SERVER_TOKEN && !config.POSTMARK_API_URL && !opts.transport;
  const sinkToken = useLocalSink ? 'local-' + randomBytes(16).toString('hex') : '';
  const sink = useLocalSink ? createPostmarkSink({ token: sinkToken }) : null;

  const platform = config.VAPI_PRIVATE_KEY ? sdkPlatformClient(config.VAPI_PRIVATE_KEY, config.VAPI_API_URL) : opts.platform;
  const conversations = platform
    ? platformConversations({
        client: platform,
        assistantId: config.VAPI_ASSISTANT_ID,
        maxAgeMs: config.PROPOSAL_CALL_MAX_AGE_HOURS * 60 * 60 * 1000,
        assistantName: config.ASSISTANT_NAME,
      })
    : unverifiedConversations;

  const metrics = createMetrics({ db });
  // The transport is bound once the port is known (the local sink lives on this server).
  let transport: MailTransport | null = opts.transport ?? null;
  const worker = config.MAIL_WORKER
    ? createMailWorker({
        db,
        log: log.child({ component: 'mail' }),
        transport: { send: (row) => transport!.send(row) },
        pollMs: config.MAIL_POLL_MS,
        retryBaseMs: config.MAIL_RETRY_BASE_MS,
        retryMaxMs: config.MAIL_RETRY_MAX_MS,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        sweepMs: config.MAIL_SWEEP_HOURS * 60 * 60 * 1000,
        sweepBaseMs: config.MAIL_SWEEP_BASE_MS,
        leaseMs: config.MAIL_LEASE_MS,
        batchSize: config.MAIL_BATCH_SIZE,
        onOutcome: (outcome) => metrics.mailAttempt(outcome),
      })
    : null;
  const target = webhookTarget(config);
  const webhooks =
    config.MAIL_WORKER && target
      ? createWebhookWorker({
          db,
          log: log.child({ component: 'webhooks' }),
          target,
          pollMs: config.MAIL_POLL_MS,
          onOutcome: (outcome) => metrics.webhookAttempt(outcome),
        })
      : null;

  let ready = false;
  // Started once the app is built; erasures before then are sent by its first run.
  let eraser: Periodic | null = null;
  const { app, deps } = createApp({
    config,
    db,
    log,
    conversations,
    nudgeMail: () => worker?.nudge(),
    nudgeWebhooks: () => webhooks?.nudge(),
    nudgePlatformErasures: () => {
      eraser?.nudge();
      return !!eraser;
    },
    sink,
    devMail: opts.devMail,
    staticRoots: opts.staticRoots,
    mounts: opts.mounts,
    isReady: () => ready,
    vapiWebhookSecret: config.VAPI_WEBHOOK_SECRET ?? opts.vapiWebhookSecret,
    metrics,
    sendDirect: async (mail) => {
      if (!transport) throw new Error('the mail transport is not ready');
      await transport.send(outboxRow({ kind: 'signin', ...mail }, new Date().toISOString()));
    },
  });

  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s)) as Server;
      s.once('error', reject);
    });
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  // Above a load balancer's usual 60 s idle timeout, so the balancer closes idle connections
  // first (a server closing first races its next request: a 502). It also spares reconnects:
  // a busy server accepts one new connection per turn of its event loop, and under load new
  // connections wait in the accept queue while kept-alive ones are served.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const port = (server.address() as AddressInfo).port;
  const selfHost = !config.HOST || config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const url = `http://${selfHost}:${port}`;

  if (!transport) {
    transport = createPostmarkTransport({
      token: config.POSTMARK_SERVER_TOKEN ?? sinkToken,
      apiUrl: useLocalSink ? `${url}/dev/postmark` : config.POSTMARK_API_URL,
      timeoutMs: config.MAIL_SEND_TIMEOUT_MS,
    });
  }

  await opts.onServer?.(server, (request) => app.fetch(request));
  worker?.start();
  webhooks?.start();
  // Proposal emails waiting for end-of-call reports whose wait ran out, including those of a previous run.
  const waiter = deps.awaitReports ? startReportWaiter(deps, config.MAIL_POLL_MS) : null;
  const sweeper = startRetentionSweeper(deps, config.RETENTION_SWEEP_MS);
  // Without a platform there is nothing to send: the queue waits for a server (or a command) that has one.
  eraser = platform ? startPlatformEraser({ db, log, platform: deleterOf(platform) }, config.PLATFORM_ERASURE_POLL_MS) : null;
  ready = true;
  log.info('listening', { url, database: db.dialect, mail: useLocalSink ? 'local sink (/dev/mail)' : config.POSTMARK_API_URL ?? 'postmark' });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      ready = false;
      await waiter?.stop();
      await sweeper.stop();
      await eraser?.stop();
      await Promise.all([worker?.stop(), webhooks?.stop()]);
      await new Promise<void>((resolve) => {
        // Responses from now on close their connection; idle keep-alive sockets are closed as
        // soon as their request is done; after SHUTDOWN_TIMEOUT_MS everything is cut.
        server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const timer = setTimeout(() => {
          server.closeAllConnections();
        }, config.SHUTDOWN_TIMEOUT_MS);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      await db.close();
      log.info('stopped');
    })());

  return { url, port, server, app, db, worker, webhooks, sink, log, close };
}
