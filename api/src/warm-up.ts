// The server warms itself up before it listens. A fresh process pays for its first requests:
// V8 compiles and optimises the request path (routing, middlewares, tRPC, zod, Kysely, SQLite
// statements, the simulator) as it first runs it. When many visitors arrive at once, every
// turn of the event loop is that much longer, and a Node server accepts one new connection
// per turn: the last visitors wait seconds in the accept queue. So the whole lead flow runs a
// few times, in-process, against a scratch copy of the app: an in-memory database, a simulator
// of its own that sends no server messages, no mail worker and a silent log. Nothing of it
// reaches the real database, simulator, outbox, metrics or log. On a busy machine it stops
// starting flows after `maxMs`, so that it never holds the start back for long.
import { randomBytes } from 'node:crypto';
import { createApp } from './app';
import type { Config } from './config';
import { createDatabase } from './db';
import { createLogger } from './log';
import { platformConversations } from './proposal/conversation';
import { createDemo, DEMO_ASSISTANT_ID, DEMO_PREFIX } from './site/demo';

/** The summary a visitor's call leaves (long enough for every check of calls.createWithVerification). */
const SUMMARY =
  'La persona quiere automatizar la atención al cliente de su empresa con un agente de voz que responda en español y agende citas.';

/** What one warm-up did: the flows run and how long it took. */
export interface WarmUpReport {
  flows: number;
  ms: number;
}

/** How long the warm-up may keep starting flows (the ones under way then finish). */
export const WARM_UP_MAX_MS = 5000;

/**
 * Runs up to `flows` lead flows (`concurrency` at a time, none started after `maxMs`) through a
 * scratch app, as the widget does: a simulator call, vapi_call.create and .update,
 * customer.upsert, calls.createWithVerification, proposal.send, the hang-up. Throws if a step
 * does not answer as the real flow does.
 */
export async function warmUp(config: Config, opts: { flows: number; concurrency?: number; maxMs?: number }): Promise<WarmUpReport> {
  const started = performance.now();
  const log = createLogger({ level: 'silent' });
  const db = await createDatabase({ path: ':memory:' });
  const secret = randomBytes(32).toString('hex');
  // A Server URL nobody listens at: its messages are not sent (the simulator has no URL to use).
  const demo = createDemo({ bounds: { maxPerCollection: 100, maxRooms: 10, maxAgeMs: 60_000 }, server: { secret, url: undefined } });
  try {
    const scratchConfig: Config = { ...config, RATE_LIMIT_PER_MINUTE: 1_000_000, STRICT_RATE_LIMIT_PER_MINUTE: 1_000_000, MAIL_PROPOSALS_PER_HOUR: 1_000_000, MAIL_PER_RECIPIENT: 1000 };
    const { app } = createApp({
      config: scratchConfig,
      db,
      log,
      conversations: platformConversations({
        client: demo.platform,
        assistantId: undefined,
        maxAgeMs: config.PROPOSAL_CALL_MAX_AGE_HOURS * 60 * 60 * 1000,
        assistantName: config.ASSISTANT_NAME,
      }),
      mounts: [demo.mount],
      vapiWebhookSecret: secret,
    });
    const origin = new URL(config.PUBLIC_URL).origin;
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> => {
      const res = await app.fetch(
        new Request(origin + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', host: new URL(origin).host, origin, ...headers },
          body: JSON.stringify(body),
        }),
      );
      const text = await res.text();
      if (!res.ok) throw new Error(`warm-up: POST ${path} answered ${res.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const rpc = async (procedure: string, input: unknown) => {
      const answer = (await post(`/api/trpc/${procedure}`, input)) as { result?: { data?: Record<string, unknown> } };
      if (!answer.result?.data) throw new Error(`warm-up: ${procedure} gave no result`);
      return answer.result.data;
    };
    const flow = async (n: number) => {
      const sim = await post(`${DEMO_PREFIX}/call/web`, { assistantId: DEMO_ASSISTANT_ID }, { authorization: 'Bearer demo-public-key' });
      const initial = { assistant_id: DEMO_ASSISTANT_ID, start_time: new Date().toISOString(), page_url: `${origin}/`, locale: 'es', demo: true };
      const vc = await rpc('vapi_call.create', { vapi_id: sim.id, initial_data: initial, status: 'active' });
      await rpc('vapi_call.update', { id: vc.id, token: vc.token, status: 'inactive', initial_data: { ...initial, end_time: new Date().toISOString() } });
      const customer = await rpc('customer.upsert', { email: `warm-up-${n}@example.com`, name: 'Warm Up', cargo: 'Dirección', company: 'Empresa S.L.', website: '' });
      const call = await rpc('calls.createWithVerification', {
        transaction: `propuesta-${Date.now()}`,
        customer_id: customer.id,
        vapi_call_id: vc.id,
        vapi_call_token: vc.token,
        status: 'completada',
        summary: SUMMARY,
      });
      await rpc('proposal.send', { callId: call.id, token: vc.token });
      await post(`${DEMO_PREFIX}/call/${encodeURIComponent(String(sim.id))}/control`, { type: 'end-call' });
    };
    const concurrency = Math.max(1, Math.min(opts.concurrency ?? 5, opts.flows));
    const until = started + (opts.maxMs ?? WARM_UP_MAX_MS);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < opts.flows && performance.now() < until) await flow(next++);
      }),
    );
    return { flows: next, ms: performance.now() - started };
  } finally {
    await demo.close();
    await db.close();
  }
}
