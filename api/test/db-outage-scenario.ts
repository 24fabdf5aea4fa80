// A PostgreSQL restart under load, as an operator meets it: two instances on one private
// database, visitors running the widget's lead flow through the real tRPC client, the database
// stopped (`pg_ctl stop -m fast`) for a while and started again. It records every answer and
// what is in the database and the mail sink afterwards; the test asserts on it, and
// bench/db-outage prints and records the same figures.
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@helena/contract';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { deliveriesPerOutboxId, startSink, startTestServer, SINK_TOKEN } from './helpers';
import { startPrivatePostgres } from './private-postgres';
import type { RunningServer } from '../src/server';

export interface Answer {
  instance: number;
  procedure: string;
  /** HTTP status, or 0 when the request got no answer at all. */
  status: number;
  ms: number;
  retryAfter: string | null;
  /** The tRPC error's data.code, when the answer was an error. */
  errorCode: string | null;
  phase: 'before' | 'down' | 'after';
}

export interface OutageFigures {
  answers: Answer[];
  outageMs: number;
  /** Per instance: /readyz statuses seen while the database was down. */
  readyWhileDown: number[][];
  /** A plain (non-tRPC) route that reads the database, asked while it was down. */
  pageWhileDown: { status: number; retryAfter: string | null };
  /** Per instance: ms from the database accepting connections again to the instance's first 2xx write. */
  recoveryMs: number[];
  /** Writes answered 2xx that are not in the database afterwards, by kind. */
  missing: { conversations: number; submissions: number; calls: number; proposals: number };
  written: { conversations: number; submissions: number; calls: number; proposals: number };
  /** Outbox rows in all, those not sent, and how many copies of each reached the sink. */
  outbox: { total: number; notSent: number; deliveredOnce: number; deliveredTwice: number; lost: number };
  /** Whether each instance still answered /healthz at the end (nothing exited). */
  aliveAtEnd: boolean[];
}

export interface OutageOptions {
  pgBin: string;
  /** How long the database stays down (at least; the outage ends once it has also been seen). */
  outageMs?: number;
  visitors?: number;
}

const now = () => performance.now();

/** Runs the scenario; every server and the private database are gone when it resolves. */
export async function runOutageScenario(opts: OutageOptions): Promise<OutageFigures> {
  const outageMs = opts.outageMs ?? 10_000;
  const visitors = opts.visitors ?? 6;
  const db = await startPrivatePostgres(opts.pgBin);
  const sink = await startSink();
  const env = {
    DATABASE_URL: db.url,
    POSTMARK_SERVER_TOKEN: SINK_TOKEN,
    POSTMARK_API_URL: sink.url,
    MAIL_PROPOSALS_PER_HOUR: '1000000',
    // Above the outage: a send whose record waits for the database keeps its claim meanwhile.
    MAIL_LEASE_MS: '30000',
  };
  const servers: RunningServer[] = [];
  try {
    // The first migrates; the second starts on a migrated database.
    servers.push(await startTestServer(env));
    servers.push(await startTestServer(env));
    const answers: Answer[] = [];
    let phase: Answer['phase'] = 'before';
    const written = { conversations: [] as string[], submissions: [] as string[], calls: [] as string[], proposals: [] as string[] };
    const firstWriteAfter: number[] = servers.map(() => NaN);
    let upAt = NaN;

    const clientFor = (instance: number) =>
      createTRPCClient<AppRouter>({
        links: [
          httpLink({
            url: `${servers[instance]!.url}/api/trpc`,
            fetch: async (input, init) => {
              const t0 = now();
              const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
              const procedure = url.split('/api/trpc/')[1]?.split('?')[0] ?? '?';
              let res: Response;
              try {
                res = await fetch(input, init);
              } catch (err) {
                answers.push({ instance, procedure, status: 0, ms: now() - t0, retryAfter: null, errorCode: null, phase });
                throw err;
              }
              const body = (await res.clone().json().catch(() => null)) as { error?: { data?: { code?: string } } } | null;
              answers.push({
                instance,
                procedure,
                status: res.status,
                ms: now() - t0,
                retryAfter: res.headers.get('retry-after'),
                errorCode: body?.error?.data?.code ?? null,
                phase,
              });
              if (res.ok && phase === 'after' && Number.isNaN(firstWriteAfter[instance]!)) firstWriteAfter[instance] = now() - upAt;
              return res;
            },
          }),
        ],
      });
    const clients = servers.map((_, i) => clientFor(i));

    let stop = false;
    let flows = 0;
    const visitor = async (v: number) => {
      const trpc = clients[v % clients.length]!;
      for (let n = 0; !stop; n++) {
        try {
          const vc = await trpc.vapi_call.create.mutate({ vapi_id: `outage-${v}-${n}-${Date.now()}`, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
          written.conversations.push(vc.id);
          const customer = await trpc.customer.upsert.mutate({ email: `outage-${v}-${n}-${Date.now()}@example.com`, name: `Visitante ${v}` });
          written.submissions.push(customer.id);
          const call = await trpc.calls.createWithVerification.mutate({
            transaction: `propuesta-${Date.now()}`,
            customer_id: customer.id,
            vapi_call_id: vc.id,
            vapi_call_token: vc.token,
            status: 'completada',
          });
          written.calls.push(call.id);
          await trpc.proposal.send.mutate({ callId: call.id, token: vc.token });
          written.proposals.push(call.id);
          flows++;
        } catch {
          // Recorded by the fetch above; a visitor whose request failed starts a new conversation.
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const load = Promise.all(Array.from({ length: visitors }, (_, v) => visitor(v)));
    const until = async (cond: () => boolean | Promise<boolean>, what: string, limitMs = 60_000) => {
      const deadline = Date.now() + limitMs;
      while (!(await cond())) {
        if (Date.now() > deadline) throw new Error(`db-outage: ${what} did not happen within ${limitMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };

    await until(() => flows >= 20, '20 flows before the outage');
    phase = 'down';
    const downAt = now();
    await db.stop();
    const readyWhileDown: number[][] = servers.map(() => []);
    const probeReady = async () => {
      for (const [i, s] of servers.entries()) readyWhileDown[i]!.push(await fetch(`${s.url}/readyz`).then((r) => r.status, () => 0));
    };
    const refusedBy = (i: number) => answers.filter((a) => a.phase === 'down' && a.instance === i && a.status === 503).length;
    // The outage lasts its time, and until each instance has been seen refusing and unready.
    await until(async () => {
      await probeReady();
      return now() - downAt >= outageMs && servers.every((_, i) => refusedBy(i) >= 5 && readyWhileDown[i]!.includes(503));
    }, 'the outage being seen by both instances', outageMs + 60_000);
    const page = await fetch(`${servers[0]!.url}/propuesta/${randomUUID()}`);
    const pageWhileDown = { status: page.status, retryAfter: page.headers.get('retry-after') };
    await page.arrayBuffer();
    await db.start();
    upAt = now();
    phase = 'after';
    await until(() => firstWriteAfter.every((t) => !Number.isNaN(t)), 'both instances writing again');
    const flowsAtReturn = flows;
    await until(() => flows >= flowsAtReturn + 20, '20 flows after the outage');
    stop = true;
    await load;

    // Every email queued is sent (a claim whose answer was lost waits out its lease).
    const q = async <T,>(text: string, values: unknown[] = []): Promise<T[]> => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        return (await c.query(text, values)).rows as T[];
      } finally {
        await c.end();
      }
    };
    await until(async () => (await q<{ n: string }>(`select count(*) n from outbox where status <> 'sent'`))[0]!.n === '0', 'the outbox draining', 90_000);
    const missingOf = async (table: string, column: string, ids: string[]) => {
      const found = await q<{ id: string }>(`select ${column} as id from ${table} where ${column} = any($1)`, [ids]);
      const have = new Set(found.map((r) => r.id));
      return ids.filter((id) => !have.has(id)).length;
    };
    const outboxIds = (await q<{ id: string }>('select id from outbox')).map((r) => r.id);
    const counts = deliveriesPerOutboxId(sink.sink.messages, outboxIds);
    const aliveAtEnd = await Promise.all(servers.map((s) => fetch(`${s.url}/healthz`).then((r) => r.ok, () => false)));
    return {
      answers,
      outageMs: upAt - downAt,
      readyWhileDown,
      pageWhileDown,
      recoveryMs: firstWriteAfter,
      missing: {
        conversations: await missingOf('vapi_call', 'id', written.conversations),
        submissions: await missingOf('lead_submission', 'id', written.submissions),
        calls: await missingOf('call', 'id', written.calls),
        proposals: await missingOf('pdf', 'call_id', written.proposals),
      },
      written: {
        conversations: written.conversations.length,
        submissions: written.submissions.length,
        calls: written.calls.length,
        proposals: written.proposals.length,
      },
      outbox: {
        total: outboxIds.length,
        notSent: 0,
        deliveredOnce: [...counts.values()].filter((n) => n === 1).length,
        deliveredTwice: [...counts.values()].filter((n) => n > 1).length,
        lost: outboxIds.length - counts.size,
      },
      aliveAtEnd,
    };
  } finally {
    for (const s of servers) await s.close().catch(() => {});
    await sink.close();
    await db.destroy();
  }
}
