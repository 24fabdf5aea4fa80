// GET /metrics: a real server, scraped over HTTP and read as Prometheus reads the text format.
import { describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { registerLead, rpc, startTestServer, suiteServer, tempDir } from './helpers';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format: `name{label="value",…} number` per sample line, # lines are metadata. */
function parseExposition(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, '$1');
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of `name`'s samples whose labels include `labels` (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}

async function scrape(base: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; text: string; samples: Sample[] }> {
  const res = await fetch(`${base}/metrics`, { headers });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text, samples: res.status === 200 ? parseExposition(text) : [] };
}

describe('GET /metrics from this machine', () => {
  const suite = suiteServer({ RATE_LIMIT_PER_MINUTE: '100000', STRICT_RATE_LIMIT_PER_MINUTE: '2' });

  it('answers in the Prometheus text format with the process metrics', async () => {
    const m = await scrape(suite.base);
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'helena_database_up']) {
      expect(m.samples.some((s) => s.name === name), name).toBe(true);
    }
    expect(valueOf(m.samples, 'helena_database_up')).toBe(1);
  });

  it('counts requests by procedure, method and status, and times them', async () => {
    const route = '/api/trpc/customer.upsert';
    const before = (await scrape(suite.base)).samples;
    const r = await rpc(suite.base, 'customer.upsert', { email: 'metrics@example.com', name: 'Ana' });
    expect(r.status).toBe(200);
    const after = (await scrape(suite.base)).samples;
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('helena_http_requests_total', { method: 'POST', route, status: '200' })).toBe(1);
    expect(delta('helena_http_request_duration_seconds_count', { method: 'POST', route })).toBe(1);
    expect(delta('helena_leads_created_total', { source: 'form' })).toBe(1);
  });

  it('labels a path with a value in it by its template, and unknown paths with one fixed label', async () => {
    const callId = randomUUID();
    const junk = `/no-such-page-${randomUUID()}`;
    const before = (await scrape(suite.base)).samples;
    expect((await fetch(`${suite.base}/propuesta/${callId}`)).status).toBe(404);
    expect((await fetch(`${suite.base}${junk}`)).status).toBe(404);
    expect((await fetch(`${suite.base}/api/${randomUUID()}`)).status).toBe(404);
    const after = await scrape(suite.base);
    const delta = (labels: Record<string, string>) =>
      valueOf(after.samples, 'helena_http_requests_total', labels) - valueOf(before, 'helena_http_requests_total', labels);
    expect(delta({ method: 'GET', route: '/propuesta/:callId', status: '404' })).toBe(1);
    expect(delta({ method: 'GET', route: 'unmatched', status: '404' })).toBe(2);
    expect(after.text).not.toContain(callId);
    expect(after.text).not.toContain(junk);
  });

  it('counts conversations, mail sent, and the outbox by state', async () => {
    const before = (await scrape(suite.base)).samples;
    const lead = await registerLead(suite.base, { email: 'mail-metrics@example.com', name: 'Eva' });
    expect((await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token })).status).toBe(200);
    // A proposal queues two messages (the confirmation and the proposal); both reach the sink.
    await expect
      .poll(async () => valueOf((await scrape(suite.base)).samples, 'helena_emails_sent_total') - valueOf(before, 'helena_emails_sent_total'))
      .toBe(2);
    const after = (await scrape(suite.base)).samples;
    expect(valueOf(after, 'helena_conversations_created_total') - valueOf(before, 'helena_conversations_created_total')).toBe(1);
    for (const status of ['pending', 'sending', 'failed']) {
      expect(after.some((s) => s.name === 'helena_outbox_messages' && s.labels.status === status), status).toBe(true);
    }
    expect(valueOf(after, 'helena_outbox_messages', { status: 'pending' })).toBe(0);
    expect(valueOf(after, 'helena_outbox_oldest_due_seconds')).toBe(0);
  });

  it('counts rate-limit and origin refusals', async () => {
    const before = (await scrape(suite.base)).samples;
    const lead = await registerLead(suite.base, { email: 'limits@example.com' });
    // STRICT_RATE_LIMIT_PER_MINUTE is 2: the third proposal.send from this client is refused.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token })).status);
    expect(statuses.at(-1)).toBe(429);
    const foreign = await rpc(suite.base, 'customer.upsert', { email: 'x@example.com' }, { headers: { origin: 'https://attacker.example' } });
    expect(foreign.status).toBe(403);
    const after = (await scrape(suite.base)).samples;
    expect(valueOf(after, 'helena_requests_refused_total', { reason: 'rate_limit' }) - valueOf(before, 'helena_requests_refused_total', { reason: 'rate_limit' })).toBe(
      statuses.filter((s) => s === 429).length,
    );
    expect(valueOf(after, 'helena_requests_refused_total', { reason: 'origin' }) - valueOf(before, 'helena_requests_refused_total', { reason: 'origin' })).toBe(1);
  });
});

const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe.runIf(!!externalAddress)('GET /metrics from another machine (HOST=0.0.0.0)', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';

  async function withServer(env: Record<string, string>, fn: (port: number) => Promise<void>) {
    const t = tempDir();
    // PUBLIC_URL names the external address, so the Host guard lets those requests through.
    const srv = await startTestServer({ DATABASE_PATH: join(t.dir, 'h.db'), HOST: '0.0.0.0', PUBLIC_URL: `http://${externalAddress}:3000`, ...env });
    try {
      await fn(srv.port);
    } finally {
      await srv.close();
      t.cleanup();
    }
  }

  it('needs the bearer token, and a forwarded loopback address does not stand in for it', async () => {
    await withServer({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' }, async (port) => {
      const outside = `http://${externalAddress}:${port}`;
      expect((await scrape(`http://127.0.0.1:${port}`)).status).toBe(200);
      expect((await scrape(outside)).status).toBe(401);
      expect((await scrape(outside, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(401);
      expect((await scrape(outside, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' })).status).toBe(401);
      expect((await scrape(outside, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await scrape(outside, { authorization: `Basic ${TOKEN}` })).status).toBe(401);
      const ok = await scrape(outside, { authorization: `Bearer ${TOKEN}` });
      expect(ok.status).toBe(200);
      expect(ok.samples.some((s) => s.name === 'helena_http_requests_total')).toBe(true);
    });
  });

  it('is not there at all beyond loopback without METRICS_TOKEN', async () => {
    await withServer({}, async (port) => {
      expect((await scrape(`http://127.0.0.1:${port}`)).status).toBe(200);
      const outside = await scrape(`http://${externalAddress}:${port}`, { 'x-forwarded-for': '127.0.0.1', authorization: 'Bearer anything-at-all-here' });
      expect(outside.status).toBe(404);
    });
  });
});
