// The Prometheus metrics of one app: a registry of its own (tests build many apps in one
// process, and each must count only its own requests), the counters the domains bump, and the
// outbox and webhook gauges read from the database at scrape time. The process's own metrics (CPU, memory,
// event loop, GC) belong to the process, so one registry holds them for every app in it.
// prom-client is CommonJS whose exports Node's ESM loader cannot all name: the default import works in both.
import promClient, { type Counter as CounterT, type Histogram as HistogramT, type Registry as RegistryT } from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { WebhookOutcome } from '../webhooks/worker';

/** Outbox states worth a gauge; `sent` rows only grow, so they are counted by helena_emails_sent_total. */
const OUTBOX_GAUGED_STATES = ['pending', 'sending', 'failed'] as const;

/** Webhook event states worth a gauge; delivered ones are counted by helena_webhooks_delivered_total. */
const WEBHOOK_GAUGED_STATES = ['pending', 'sending', 'failed'] as const;

/** A scrape must answer while the database is down: the outbox query gives up after this. */
const OUTBOX_QUERY_TIMEOUT_MS = 1000;

/** Why a request was refused before it reached its handler. */
export type RefusalReason = 'rate_limit' | 'origin';

/** What the mail worker learnt from one attempt. */
export type MailOutcome = 'sent' | 'retry' | 'failed';

const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = promClient;

export interface Metrics {
  readonly registry: RegistryT;
  readonly httpRequests: CounterT<'method' | 'route' | 'status'>;
  readonly httpDuration: HistogramT<'method' | 'route'>;
  readonly refusals: CounterT<'reason'>;
  readonly leadsCreated: CounterT<'source'>;
  readonly conversationsCreated: CounterT;
  /** One mail attempt's outcome: sent, failed for now (retried), failed for good. */
  mailAttempt(outcome: MailOutcome): void;
  /** One webhook attempt's outcome: delivered, failed for now (retried), failed for good. */
  webhookAttempt(outcome: WebhookOutcome): void;
  /** A request refused because the database could not be reached. */
  readonly databaseUnavailable: CounterT;
  /** The text exposition of every metric (runs the scrape-time queries). */
  scrape(): Promise<string>;
}

let processRegistry: RegistryT | null = null;

/** The process metrics, set up the first time an app asks (they observe the event loop and GC). */
function processMetrics(): RegistryT {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Builds the metrics of one app over `db`; its scrape also carries the process metrics. */
export function createMetrics(opts: { db: Db }): Metrics {
  const registry = new Registry();
  const proc = processMetrics();

  const httpRequests = new Counter({
    name: 'helena_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'helena_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'helena_requests_refused_total',
    help: 'Requests refused at the edge: rate_limit (429) or origin (a foreign origin’s write, 403)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const leadsCreated = new Counter({
    name: 'helena_leads_created_total',
    help: 'Lead submissions stored: form (customer.create/upsert) or assistant (the lead tool)',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const conversationsCreated = new Counter({
    name: 'helena_conversations_created_total',
    help: 'Conversations registered (vapi_call.create)',
    registers: [registry],
  });
  const emailsSent = new Counter({ name: 'helena_emails_sent_total', help: 'Emails the provider accepted', registers: [registry] });
  const emailsFailed = new Counter({
    name: 'helena_emails_failed_total',
    help: 'Failed email attempts: final=false will be retried, final=true was given up (npm run mail:retry queues it again)',
    labelNames: ['final'] as const,
    registers: [registry],
  });
  const databaseUnavailable = new Counter({
    name: 'helena_database_unavailable_total',
    help: 'Requests answered 503 because the database could not be reached',
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'helena_database_up',
    help: '1 when the scrape-time database query succeeded, 0 when it failed or timed out',
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'helena_outbox_messages',
    help: 'Outbox messages by state at scrape time (pending: queued or waiting to retry; sending: claimed; failed: given up)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'helena_outbox_oldest_due_seconds',
    help: 'How long the oldest due pending message has been due (0 when none): mail is stuck when it grows',
    registers: [registry],
  });

  const webhooksDelivered = new Counter({
    name: 'helena_webhooks_delivered_total',
    help: 'Webhook events the receiver answered with a 2xx',
    registers: [registry],
  });
  const webhooksFailed = new Counter({
    name: 'helena_webhooks_failed_total',
    help: 'Failed webhook attempts: final=false will be retried, final=true was given up (npm run webhooks:retry queues it again)',
    labelNames: ['final'] as const,
    registers: [registry],
  });
  const webhookEvents = new Gauge({
    name: 'helena_webhook_events',
    help: 'Webhook events by state at scrape time (pending: queued or waiting to retry; sending: claimed; failed: given up)',
    labelNames: ['status'] as const,
    registers: [registry],
  });

  const countByState = (table: 'outbox' | 'webhook_event', states: readonly string[]) =>
    sql<{ status: string; n: number | string }>`select status, count(*) as n from ${sql.table(table)} where status in (${sql.join(
      states.map((s) => sql.lit(s)),
    )}) group by status`.execute(opts.db.kysely);
  const readOutbox = async () => {
    const now = new Date().toISOString();
    const due = sql<{ t: string | null }>`select min(next_attempt_at) as t from outbox where status = 'pending' and next_attempt_at <= ${now}`;
    const [states, oldest, webhooks] = await Promise.all([
      countByState('outbox', OUTBOX_GAUGED_STATES),
      due.execute(opts.db.kysely),
      countByState('webhook_event', WEBHOOK_GAUGED_STATES),
    ]);
    return { states: states.rows, oldest: oldest.rows[0]?.t ?? null, webhooks: webhooks.rows };
  };
  const setStates = (gauge: typeof outbox, all: readonly string[], rows: { status: string; n: number | string }[]) => {
    gauge.reset();
    for (const s of all) gauge.set({ status: s }, 0);
    for (const r of rows) gauge.set({ status: r.status }, Number(r.n));
  };

  return {
    registry,
    httpRequests,
    httpDuration,
    refusals,
    leadsCreated,
    conversationsCreated,
    databaseUnavailable,
    mailAttempt(outcome) {
      if (outcome === 'sent') emailsSent.inc();
      else emailsFailed.inc({ final: outcome === 'failed' ? 'true' : 'false' });
    },
    webhookAttempt(outcome) {
      if (outcome === 'delivered') webhooksDelivered.inc();
      else webhooksFailed.inc({ final: outcome === 'failed' ? 'true' : 'false' });
    },
    async scrape() {
      let timer: NodeJS.Timeout | undefined;
      try {
        const read = await Promise.race([
          readOutbox(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), OUTBOX_QUERY_TIMEOUT_MS);
          }),
        ]);
        setStates(outbox, OUTBOX_GAUGED_STATES, read.states);
        setStates(webhookEvents, WEBHOOK_GAUGED_STATES, read.webhooks);
        oldestDue.set(read.oldest ? Math.max(0, (Date.now() - Date.parse(read.oldest)) / 1000) : 0);
        databaseUp.set(1);
      } catch {
        // No stale figures while the database is away: the series vanish and database_up says why.
        outbox.reset();
        webhookEvents.reset();
        oldestDue.reset();
        databaseUp.set(0);
      } finally {
        clearTimeout(timer);
      }
      const [own, shared] = await Promise.all([registry.metrics(), proc.metrics()]);
      return own.endsWith('\n') ? own + shared : own + '\n' + shared;
    },
  };
}
