// bench/lead-flow: the load test of the tRPC lead flow.
//   node --import tsx bench/lead-flow/index.mjs [--duration=60] [--visitors=50] [--warmup=0] [--drain=60] [--rate-limit=1000000]
//       [--md=FILE] [--postgres=postgres://…] [--instances=2] [--strict-limit=1000] [--server-log=FILE] [--server-env=K=V …] [--write]
//
// One server (the real entry point, api/src/main.ts, in a child process so the load generator
// does not share its event loop) on a temp SQLite file, or with --postgres N servers
// (--instances, default 2) on one schema of that database, each visitor sticking to one of them;
// rate limits raised (each visitor is its own client through X-Forwarded-For), the mail worker on
// and polling fast, mail sent through the real `postmark` client to the Postmark-compatible sink
// (api/src/mail/sink.ts) in a worker thread of this process (sink-thread.mjs), on its own
// loopback port, with no message cap; its inbox is read at the end through GET /dev/mail.json.
//
// N visitors loop the widget's lead flow over HTTP (POST JSON to /api/trpc/<procedure>, no
// batching, no transformer) for --duration seconds, each flow a conversation the demo's
// simulator knows (a proposal needs one) and the capability token that proves it is theirs:
//   POST /sim/call/web → vapi_call.create → vapi_call.update → customer.upsert →
//   calls.createWithVerification (with the token) → proposal.send (with the token) →
//   POST /sim/call/<id>/control {type: 'end-call'} (the visitor hangs up)
// Ending the call matters: the demo runs with a Server URL, so each proposal email waits for its
// call's end-of-call report (at most PROPOSAL_REPORT_WAIT_MINUTES, 10, after the call ends). A
// call nobody ends gets its report only when the simulator drops its room (SIM_MAX_ROOMS, 100),
// so without the hang-up the last 100 proposals would wait out those 10 minutes.
// Then it waits (at most --drain seconds) for the outbox to drain, stops the server gracefully,
// and checks: 0 errors, rows equal to submissions, every email delivered to the sink (one
// confirmation and one proposal, with its link, per submission), every pdf.email_sent true, and
// with several servers on PostgreSQL, that they share one rate-limit budget.
// Timed from the first visitor: the N visitors arrive at once at a server that has just said it is
// ready (GET /readyz), as they would after `npm start`; any warming up is the server's own, before
// it listens (WARM_UP_FLOWS, passed on from this process's environment when set). --warmup=N runs
// N untimed flows per visitor first, to compare.
// There is no peer for this one: it prints our figures and the checks, and exits 1 if a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pg from 'pg';
import { writeResultsSection } from '../results.mjs';
import { serverArgs } from '../../scripts/server-node-flags.mjs';

// ---- options -----------------------------------------------------------------------------------
const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const num = (name, fallback, min, max) => {
  const v = Number(arg(name, fallback));
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(2);
  }
  return v;
};
const DURATION_S = num('duration', 60, 1, 3600);
const VISITORS = Math.round(num('visitors', 50, 1, 1000));
const DRAIN_S = num('drain', 60, 1, 600);
const MD_FILE = arg('md', '');
/** --write: replace this run's own section of bench/RESULTS.md. */
const WRITE = process.argv.includes('--write');
const PG_URL = arg('postgres', '');
/** --server-log=FILE: the servers' stdout (JSON lines, LOG_LEVEL=info) goes there, to see what a slow request met. */
const SERVER_LOG = arg('server-log', '');
/** --server-env=K=V (repeatable): set on every server, to compare a setting on and off (bench/proposal). */
const SERVER_ENV = Object.fromEntries(
  process.argv.filter((a) => a.startsWith('--server-env=')).map((a) => {
    const kv = a.slice('--server-env='.length);
    const eq = kv.indexOf('=');
    if (eq < 1) {
      console.error('--server-env must be K=V');
      process.exit(2);
    }
    return [kv.slice(0, eq), kv.slice(eq + 1)];
  }),
);
const INSTANCES = PG_URL ? Math.round(num('instances', 2, 1, 4)) : 1;
/** Its section of bench/RESULTS.md (a heading no other section's name starts with). */
const SECTION = PG_URL ? 'PostgreSQL lead-flow' : 'lead-flow';
/** proposal.send and /api/email per client a minute: above one visitor's pace, low enough to probe. */
const STRICT_LIMIT = Math.round(num('strict-limit', 1000, 1, 1_000_000));
/** Per-IP limit per minute for both limiters (every visitor is 127.0.0.1); lower it to see the test fail. */
const RATE_LIMIT = Math.round(num('rate-limit', 1_000_000, 1, 1_000_000));
const REQUEST_TIMEOUT_MS = 30_000;
/** Every loop is bounded in count as well as in time. */
const MAX_FLOWS_PER_VISITOR = 1_000_000;
/** Give up early when the server is clearly broken (counts every failed flow). */
const MAX_ERRORS = 1_000;
/** Untimed flows per visitor before the measured run (0 by default: the first second counts). */
const WARMUP_FLOWS_PER_VISITOR = Math.round(num('warmup', 0, 0, 100));
/** Requests slower than this are kept (start, ms) to see whether they cluster in time. */
const SLOW_MS = 1000;
/** The stall probe: GET /healthz (no database) every PROBE_MS during the load. */
const PROBE_MS = 200;

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUN = Date.now().toString(36);
/** Which server code ran: HEAD, and whether api/ had uncommitted changes when it started. */
const revision = (() => {
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8', timeout: 10_000 });
  const head = git('rev-parse', '--short', 'HEAD').stdout?.trim();
  if (!head) return 'unknown revision';
  return git('status', '--porcelain', '--', 'api').stdout?.trim() ? `${head} + uncommitted api/ changes` : head;
})();
const SINK_TOKEN = 'bench-sink-' + RUN;
const PROCEDURES = ['vapi_call.create', 'vapi_call.update', 'customer.upsert', 'calls.createWithVerification', 'proposal.send'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** user+system CPU seconds of a process, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

// ---- the sink: Postmark's API for the server's mail worker, in its own thread and port --------
const sinkCounters = new Int32Array(new SharedArrayBuffer(8)); // [messages stored, sends refused]
const sinkThread = new Worker(new URL('./sink-thread.mjs', import.meta.url), {
  workerData: { token: SINK_TOKEN, counters: sinkCounters.buffer },
});
const sinkUrl = await new Promise((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('the sink thread did not start within 30 s')), 30_000);
  sinkThread.once('error', reject);
  sinkThread.once('message', ({ port }) => {
    clearTimeout(t);
    resolve(`http://127.0.0.1:${port}`);
  });
});
sinkThread.on('error', (err) => console.error('lead-flow: the sink thread failed:', err));
const delivered = () => Atomics.load(sinkCounters, 0);

// ---- the servers: api/src/main.ts, as `npm start` runs it (its Node flags included) ----------
const dir = mkdtempSync(join(tmpdir(), 'helena-lead-flow-'));
const dbFile = join(dir, 'helena.db');
/** With --postgres: a schema of its own, dropped at the end. */
const pgSchema = PG_URL ? 'lead_flow_' + RUN.replace(/[^a-z0-9]/g, '') : null;
const pgUrl = (() => {
  if (!PG_URL) return null;
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${pgSchema}`);
  return u.toString();
})();
const pgRun = async (url, sql, params) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
};
if (pgSchema) await pgRun(PG_URL, `create schema ${pgSchema}`);

const servers = [];
const serverLog = { warn: 0, error: 0, other: 0, first: [] };
for (let i = 0; i < INSTANCES; i++) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // One public URL for every instance, as behind a load balancer: any instance may render a
    // proposal's link (the one whose report waiter releases it), and it must be the same link.
    PUBLIC_URL: servers[0]?.base ?? base,
    ...(pgUrl ? { DATABASE_URL: pgUrl } : { DATABASE_PATH: dbFile }),
    LOG_LEVEL: SERVER_LOG ? 'info' : 'warn',
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    STRICT_RATE_LIMIT_PER_MINUTE: String(STRICT_LIMIT),
    MAIL_PROPOSALS_PER_HOUR: '1000000',
    POSTMARK_SERVER_TOKEN: SINK_TOKEN,
    POSTMARK_API_URL: sinkUrl,
    MAIL_WORKER: 'true',
    MAIL_POLL_MS: '50',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '2000',
    MAIL_SEND_TIMEOUT_MS: '10000',
    SHUTDOWN_TIMEOUT_MS: '10000',
    // The server's own warm-up before it listens (api/src/warm-up.ts): its default unless set
    // here, e.g. WARM_UP_FLOWS=0 to see the first second of a cold server.
    ...(process.env.WARM_UP_FLOWS ? { WARM_UP_FLOWS: process.env.WARM_UP_FLOWS } : {}),
    ...SERVER_ENV,
  };
  const child = spawn(process.execPath, serverArgs(), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const server = { base, child, exit: null };
  server.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((server.exit = { code, signal }))));
  servers.push(server);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      if (SERVER_LOG && lines.length) appendFileSync(SERVER_LOG, lines.map((l) => `${i} ${l}\n`).join(''));
      for (const line of lines) {
        if (!line.trim()) continue;
        let level = 'other';
        try {
          level = JSON.parse(line).level ?? 'other';
        } catch {}
        serverLog[level in serverLog ? level : 'other']++;
        if (serverLog.first.length < 10 && level !== 'info' && level !== 'debug') serverLog.first.push(line.slice(0, 400));
      }
    });
  }
  // The first migrates the schema; the next ones start on a migrated database.
  await waitReady(server);
}
const base = servers[0].base;
const anyExited = () => servers.find((s) => s.exit)?.exit ?? null;
process.on('exit', () => {
  for (const s of servers) if (!s.exit) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function stopServers() {
  return Promise.all(
    servers.map(async (s) => {
      if (s.exit) return s.exit;
      s.child.kill('SIGTERM');
      const t = setTimeout(() => s.child.kill('SIGKILL'), 20_000);
      const r = await s.exited;
      clearTimeout(t);
      return r;
    }),
  );
}

async function fail(message) {
  console.error(`lead-flow: ${message}`);
  for (const l of serverLog.first) console.error('  server: ' + l);
  await stopServers();
  await sinkThread.terminate();
  if (pgSchema) await pgRun(PG_URL, `drop schema if exists ${pgSchema} cascade`).catch(() => {});
  process.exit(1);
}

// Ready within 60 s (tsx compiles the server on start).
async function waitReady(server) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exit) await fail(`a server exited on start (${JSON.stringify(server.exit)})`);
    const ok = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) await fail('a server was not ready within 60 s');
    await sleep(100);
  }
}

// ---- the visitors --------------------------------------------------------------------------------
class FlowError extends Error {
  constructor(procedure, status, detail) {
    super(`${procedure}: ${status ? `HTTP ${status}` : 'request failed'}${detail ? ` ${detail}` : ''}`);
    this.procedure = procedure;
    this.status = status;
  }
}

function newStats() {
  return { flows: [], sim: [], simEnd: [], byProc: Object.fromEntries(PROCEDURES.map((p) => [p, []])), errors: new Map(), errorSamples: [], slow: [] };
}

/** A visitor: the server it sticks to, and its own client address (through X-Forwarded-For). */
const visitorOf = (v) => ({ base: servers[v % servers.length].base, ip: `10.${(v >> 8) & 255}.${v & 255}.1` });

/** One tRPC mutation as the widget's httpLink sends it: POST JSON, no batch, no transformer. */
async function mutate(stats, who, procedure, input) {
  const t0 = now();
  let res;
  let text;
  try {
    res = await fetch(`${who.base}/api/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: who.base, 'x-forwarded-for': who.ip },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await res.text();
  } catch (err) {
    throw new FlowError(procedure, 0, String(err?.cause?.code ?? err?.name ?? err));
  }
  const ms = now() - t0;
  if (res.status !== 200) throw new FlowError(procedure, res.status, text.slice(0, 200));
  let data;
  try {
    data = JSON.parse(text)?.result?.data;
  } catch {}
  if (!data || typeof data !== 'object') throw new FlowError(procedure, res.status, 'no result.data: ' + text.slice(0, 200));
  stats?.byProc[procedure].push(ms);
  if (stats && ms >= SLOW_MS) stats.slow.push([t0, ms]);
  return data;
}

const SUMMARY =
  'La persona quiere automatizar la atención al cliente de su empresa con un agente de voz que ' +
  'responda en español, agende citas y registre cada conversación en su CRM. Pide una propuesta ' +
  'con plazos y un piloto de un mes.';

/** Submissions: email → callId, for every flow whose proposal.send answered. */
const queuedAt = new Map(); // email → Date.now() when proposal.send answered (mail delay)
const submissions = new Map();

/** A conversation on the demo's simulator, as the widget starts one (the public key). */
async function simulatorCall(stats, who) {
  const t0 = now();
  let res;
  try {
    res = await fetch(`${who.base}/sim/call/web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer demo-public-key', 'x-forwarded-for': who.ip },
      body: JSON.stringify({ assistantId: 'demo-assistant' }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new FlowError('sim call/web', 0, String(err?.cause?.code ?? err?.name ?? err));
  }
  const text = await res.text();
  if (res.status !== 201) throw new FlowError('sim call/web', res.status, text.slice(0, 200));
  stats?.sim.push(now() - t0);
  return JSON.parse(text).id;
}

/** The visitor hangs up: the simulator ends the call and sends its end-of-call report to the server. */
async function hangUp(stats, who, vapiId) {
  const t0 = now();
  let res;
  try {
    res = await fetch(`${who.base}/sim/call/${encodeURIComponent(vapiId)}/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': who.ip },
      body: JSON.stringify({ type: 'end-call' }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new FlowError('sim call control', 0, String(err?.cause?.code ?? err?.name ?? err));
  }
  const text = await res.text();
  // 400 'Call is not active': the call had already ended (its room was dropped), which is what a hang-up wants.
  if (res.status !== 200 && !(res.status === 400 && text.includes('not active'))) throw new FlowError('sim call control', res.status, text.slice(0, 200));
  stats?.simEnd.push(now() - t0);
}

async function leadFlow(stats, v, n) {
  const t0 = now();
  const who = visitorOf(v);
  const tag = `${RUN}-${v}-${n}`;
  const email = `lead-${tag}@bench.example.com`;
  const vapiId = await simulatorCall(stats, who);
  const initial = {
    assistant_id: 'bench-assistant',
    start_time: new Date().toISOString(),
    page_url: `${base}/`,
    locale: 'es',
    demo: true,
  };
  const vc = await mutate(stats, who, 'vapi_call.create', { vapi_id: vapiId, initial_data: initial, status: 'active' });
  await mutate(stats, who, 'vapi_call.update', {
    id: vc.id,
    token: vc.token,
    status: 'inactive',
    initial_data: { ...initial, end_time: new Date().toISOString() },
  });
  const customer = await mutate(stats, who, 'customer.upsert', {
    email,
    name: `Visitante ${v}-${n}`,
    cargo: 'Directora de operaciones',
    company: `Empresa ${v} S.L.`,
    website: '', // the honeypot, always empty from a person
  });
  const call = await mutate(stats, who, 'calls.createWithVerification', {
    transaction: 'propuesta-' + Date.now(),
    customer_id: customer.id,
    vapi_call_id: vc.id,
    vapi_call_token: vc.token,
    status: 'completada',
    summary: SUMMARY,
  });
  const sent = await mutate(stats, who, 'proposal.send', { callId: call.id, token: vc.token });
  await hangUp(stats, who, vapiId);
  if (sent.status !== 'queued') throw new FlowError('proposal.send', 200, 'not queued: ' + JSON.stringify(sent));
  submissions.set(email, { callId: call.id, base: servers[0].base });
  if (stats) queuedAt.set(email, Date.now());
  stats?.flows.push(now() - t0);
}

let totalErrors = 0;
let aborted = false;
async function visitor(stats, v, deadline, maxFlows) {
  for (let n = 0; n < maxFlows && now() < deadline && !aborted; n++) {
    try {
      await leadFlow(stats, v, `${stats ? 'r' : 'w'}${n}`);
    } catch (err) {
      const key = err instanceof FlowError ? `${err.procedure} ${err.status ? 'HTTP ' + err.status : 'network'}` : 'bench ' + String(err);
      const s = stats ?? warmupErrors;
      s.errors.set(key, (s.errors.get(key) ?? 0) + 1);
      if (s.errorSamples.length < 5) s.errorSamples.push(String(err.message ?? err));
      if (++totalErrors >= MAX_ERRORS) aborted = true;
    }
  }
}

// --warmup: a few flows, counted in the rows and emails, not in the timings.
const warmupErrors = newStats();
if (WARMUP_FLOWS_PER_VISITOR > 0) await Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(null, v, now() + 30_000, WARMUP_FLOWS_PER_VISITOR)));

// The measured run.
const stats = newStats();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const serversCpu = () => {
  const each = servers.map((x) => cpuSeconds(x.child.pid));
  return each.includes(null) ? null : each.reduce((a, b) => a + b, 0);
};
const cpu0 = { server: serversCpu(), bench: process.cpuUsage() };
const load0 = loadavg()[0];
const tStart = now();
const backlog = []; // [seconds, submissions × 2 − delivered]
const sampler = setInterval(() => backlog.push([Math.round((now() - tStart) / 1000), submissions.size * 2 - delivered()]), 1000);
const deadline = tStart + DURATION_S * 1000;
const probes = []; // [start, ms] of GET /healthz
const probe = (async () => {
  for (let i = 0; i < (DURATION_S * 1000) / PROBE_MS + 10 && now() < deadline; i++) {
    const t0 = now();
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
      (r) => r.text().then(() => r.ok),
      () => false,
    );
    probes.push([t0, ok ? now() - t0 : NaN]);
    await sleep(Math.max(0, PROBE_MS - (now() - t0)));
  }
})();
await Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(stats, v, deadline, MAX_FLOWS_PER_VISITOR)));
await probe;
const tLoadEnd = now();
const load1 = loadavg()[0];
clearInterval(sampler);
loopDelay.disable();
const loadSeconds = (tLoadEnd - tStart) / 1000;
const backlogAtEnd = submissions.size * 2 - delivered();

// Drain: every submission's two emails in the sink, at most DRAIN_S seconds.
const expectedEmails = submissions.size * 2;
const drainDeadline = Date.now() + DRAIN_S * 1000;
while (delivered() < expectedEmails && Date.now() < drainDeadline && !anyExited()) await sleep(50);
const drainSeconds = (now() - tLoadEnd) / 1000;
const cpu1 = { server: serversCpu(), bench: process.cpuUsage(cpu0.bench) };
await sleep(300); // the worker records the last sends (outbox, email_log, pdf.email_sent) after the sink answers

// Rate limits shared: a new client spends the strict budget of POST /api/email (refused for want
// of the key, so nothing is queued) alternating between the servers. Shared, exactly
// STRICT_LIMIT requests pass in all; counted per server, each would let STRICT_LIMIT through.
let sharedLimit = null;
if (servers.length > 1) {
  const statuses = [];
  const probeIp = '192.0.2.77';
  for (let i = 0; i < STRICT_LIMIT + 2 * servers.length; i++) {
    const r = await fetch(`${servers[i % servers.length].base}/api/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': probeIp },
      body: '{}',
    }).catch(() => null);
    statuses.push(r ? r.status : 0);
    await r?.arrayBuffer();
  }
  sharedLimit = { passed: statuses.filter((x) => x !== 429).length, refused: statuses.filter((x) => x === 429).length, sent: statuses.length };
}
const exits = await stopServers();
// The sink's inbox, as anyone reads it: GET /dev/mail.json.
const inbox = await fetch(`${sinkUrl}/dev/mail.json`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.json());
const sinkRefusals = Atomics.load(sinkCounters, 1);
await sinkThread.terminate();

// ---- the checks ----------------------------------------------------------------------------------
let rows, outbox, emailLog, dbCallIds, pdfCallIds;
if (pgUrl) {
  const q = (sql) => pgRun(pgUrl, sql);
  const one = async (sql) => Number((await q(sql))[0].n);
  rows = {
    customer: await one('select count(*) n from customer'),
    vapi_call: await one('select count(*) n from vapi_call'),
    vapi_call_inactive: await one(`select count(*) n from vapi_call where status = 'inactive' and initial_data->>'end_time' is not null`),
    call: await one('select count(*) n from call'),
    pdf: await one('select count(*) n from pdf'),
    pdf_email_sent: await one('select count(*) n from pdf where email_sent'),
  };
  outbox = Object.fromEntries((await q('select status, count(*) n from outbox group by status')).map((r) => [r.status, Number(r.n)]));
  emailLog = Object.fromEntries((await q('select status, count(*) n from email_log group by status')).map((r) => [r.status, Number(r.n)]));
  dbCallIds = new Set((await q('select id from call')).map((r) => r.id));
  pdfCallIds = new Set((await q('select call_id from pdf')).map((r) => r.call_id));
  await pgRun(PG_URL, `drop schema if exists ${pgSchema} cascade`);
} else {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const one = (q) => db.prepare(q).pluck().get();
  rows = {
    customer: one('select count(*) from customer'),
    vapi_call: one('select count(*) from vapi_call'),
    vapi_call_inactive: one(`select count(*) from vapi_call where status = 'inactive' and json_extract(initial_data, '$.end_time') is not null`),
    call: one('select count(*) from call'),
    pdf: one('select count(*) from pdf'),
    pdf_email_sent: one('select count(*) from pdf where email_sent = 1'),
  };
  outbox = Object.fromEntries(db.prepare('select status, count(*) n from outbox group by status').all().map((r) => [r.status, r.n]));
  emailLog = Object.fromEntries(db.prepare('select status, count(*) n from email_log group by status').all().map((r) => [r.status, r.n]));
  dbCallIds = new Set(db.prepare('select id from call').pluck().all());
  pdfCallIds = new Set(db.prepare('select call_id from pdf').pluck().all());
  db.close();
}

const N = submissions.size;
let callsMatch = dbCallIds.size === N;
for (const { callId } of submissions.values()) if (!dbCallIds.has(callId) || !pdfCallIds.has(callId)) callsMatch = false;

// The sink: exactly one confirmation and one proposal (with its /propuesta/<callId> link) per submission.
const byTo = new Map();
for (const m of inbox) {
  const list = byTo.get(m.to) ?? [];
  list.push(m);
  byTo.set(m.to, list);
}
let mailOk = 0;
const mailProblems = [];
for (const [email, { callId, base: own }] of submissions) {
  const got = byTo.get(email) ?? [];
  const confirmation = got.filter((m) => m.subject.startsWith('Hemos recibido tu solicitud'));
  const proposal = got.filter((m) => m.subject.startsWith('Tu propuesta personalizada'));
  const link = `${own}/propuesta/${callId}`;
  if (got.length === 2 && confirmation.length === 1 && proposal.length === 1 && proposal[0].html.includes(link) && proposal[0].text.includes(link)) mailOk++;
  else if (mailProblems.length < 5) mailProblems.push(`${email}: ${got.length} message(s) [${got.map((m) => m.subject).join(' | ')}]`);
}
// Mail delay: proposal.send answered → the message is in the sink (measured flows only).
const mailDelay = [];
for (const m of inbox) {
  const t = queuedAt.get(m.to);
  if (t !== undefined) mailDelay.push(Math.max(0, Date.parse(m.receivedAt) - t));
}
const strayMail = inbox.length - [...submissions.keys()].reduce((a, e) => a + (byTo.get(e)?.length ?? 0), 0);

// ---- the report ----------------------------------------------------------------------------------
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);
const summarize = (xs) => {
  const s = Float64Array.from(xs).sort();
  return { n: s.length, p50: pct(s, 50), p90: pct(s, 90), p99: pct(s, 99), max: s.length ? s[s.length - 1] : NaN };
};
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
/** Every request a flow makes: the simulator call, the 5 tRPC calls and the hang-up. */
const everyRequest = summarize([...stats.sim, ...PROCEDURES.flatMap((p) => stats.byProc[p]), ...stats.simEnd]);
const latencyRows = [
  ['every request (all 7 of a flow)', everyRequest],
  ['flow (simulator call + 5 calls + hang-up)', summarize(stats.flows)],
  ['POST /sim/call/web', summarize(stats.sim)],
  ['POST /sim/call/:id/control (hang up)', summarize(stats.simEnd)],
  ...PROCEDURES.map((p) => [p, summarize(stats.byProc[p])]),
  ['mail delay (queued → in the sink)', summarize(mailDelay)],
];
const errorCount = [...stats.errors.values(), ...warmupErrors.errors.values()].reduce((a, b) => a + b, 0);
const measured = stats.flows.length;
const requests = PROCEDURES.reduce((a, p) => a + stats.byProc[p].length, 0);
const serverCpu = cpu0.server !== null && cpu1.server !== null ? cpu1.server - cpu0.server : null;
const benchCpu = (cpu1.bench.user + cpu1.bench.system) / 1e6;

/** The bounds for a request once the server says it is ready (from the first visitor, unless --warmup). */
const MAX_REQUEST_MS = 2000;
const P99_MS = 1000;
const slowest = [...PROCEDURES.map((p) => [p, stats.byProc[p]]), ['POST /sim/call/web', stats.sim], ['hang-up', stats.simEnd]]
  .map(([name, xs]) => [name, xs.length ? Math.max(...xs) : 0])
  .reduce((a, b) => (b[1] > a[1] ? b : a), ['none', 0]);
const checks = [
  [
    `no request over ${MAX_REQUEST_MS / 1000} s`,
    slowest[1] <= MAX_REQUEST_MS,
    `slowest ${slowest[1].toFixed(0)} ms (${slowest[0]}); 1-min load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${cpus().length} cores`,
  ],
  [`p99 of every request ≤ ${P99_MS / 1000} s`, everyRequest.p99 <= P99_MS, `p99 ${f1(everyRequest.p99)} ms over ${everyRequest.n} requests`],
  ['0 errors', errorCount === 0 && !aborted, `${errorCount} failed flow(s)${aborted ? ', run aborted' : ''}`],
  ['flows completed', measured > 0, `${measured} in the measured run, ${N} submissions in all (${N - measured} warm-up)`],
  [
    'rows equal submissions',
    rows.customer === N && rows.vapi_call === N && rows.vapi_call_inactive === N && rows.call === N && rows.pdf === N && callsMatch,
    `customer ${rows.customer}, vapi_call ${rows.vapi_call} (inactive with end_time ${rows.vapi_call_inactive}), call ${rows.call}, pdf ${rows.pdf}; submissions ${N}; call ids ${callsMatch ? 'match' : 'DIFFER'}`,
  ],
  [
    'every email delivered to the sink',
    mailOk === N && inbox.length === 2 * N && strayMail === 0,
    `${inbox.length} / ${2 * N} in the sink; ${mailOk} / ${N} submissions with one confirmation + one proposal with its link; ${sinkRefusals} send(s) refused by the sink${strayMail ? `; ${strayMail} stray` : ''}`,
  ],
  [
    'outbox drained',
    (outbox.sent ?? 0) === 2 * N && Object.keys(outbox).every((k) => k === 'sent') && (emailLog.sent ?? 0) === 2 * N,
    `outbox ${JSON.stringify(outbox)}, email_log ${JSON.stringify(emailLog)}`,
  ],
  ['every pdf.email_sent true', rows.pdf_email_sent === N && rows.pdf === N, `${rows.pdf_email_sent} / ${rows.pdf}`],
  [
    servers.length > 1 ? 'servers stopped cleanly' : 'server stopped cleanly',
    exits.every((e) => e.code === 0) && serverLog.error === 0,
    `exit ${JSON.stringify(exits.length > 1 ? exits : exits[0])}, ${serverLog.error} error / ${serverLog.warn} warn log line(s)`,
  ],
  ...(sharedLimit
    ? [
        [
          'rate limits shared',
          sharedLimit.passed === STRICT_LIMIT && sharedLimit.refused === sharedLimit.sent - STRICT_LIMIT,
          `one new client, ${sharedLimit.sent} POST /api/email alternating over ${servers.length} servers at ${STRICT_LIMIT}/min: ${sharedLimit.passed} passed, ${sharedLimit.refused} refused (429)`,
        ],
      ]
    : []),
];
const passed = checks.every(([, ok]) => ok);
const probeStats = summarize(probes.map(([, ms]) => ms).filter(Number.isFinite));

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const setup = pgUrl ? `${servers.length} servers on one PostgreSQL database` : 'one server on SQLite (WAL)';
console.log(`lead-flow: ${VISITORS} visitors × ${DURATION_S} s against ${setup} (${revision}, Node ${process.version}, mail worker → Postmark sink)`);
console.log('');
console.log(`flows completed    ${measured}  (${(measured / loadSeconds).toFixed(1)} flows/s, ${(requests / loadSeconds).toFixed(0)} requests/s over ${loadSeconds.toFixed(1)} s)`);
console.log(`every request      p50 ${f1(everyRequest.p50)} ms, p99 ${f1(everyRequest.p99)} ms, max ${f1(everyRequest.max)} ms (${everyRequest.n} requests, ${WARMUP_FLOWS_PER_VISITOR ? `after ${WARMUP_FLOWS_PER_VISITOR} untimed flows per visitor` : 'from the first visitor'})`);
console.log(`errors             ${errorCount}`);
console.log(`emails             ${inbox.length} delivered; backlog at the end of the load ${backlogAtEnd}, drained ${drainSeconds.toFixed(1)} s later`);
console.log(
  `cpu                server ${serverCpu === null ? '–' : serverCpu.toFixed(1) + ' s'}, load generator + sink ${benchCpu.toFixed(1)} s; machine load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (${cpus().length} cores)`,
);
console.log('');
console.log(`${pad('latency (ms)', 34)}${lpad('n', 8)}${lpad('p50', 9)}${lpad('p90', 9)}${lpad('p99', 9)}${lpad('max', 9)}`);
for (const [name, s] of latencyRows) console.log(`${pad(name, 34)}${lpad(s.n, 8)}${lpad(f1(s.p50), 9)}${lpad(f1(s.p90), 9)}${lpad(f1(s.p99), 9)}${lpad(f1(s.max), 9)}`);
console.log('');
for (const [name, ok, detail] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
const errorsSeen = new Map(stats.errors);
for (const [k, n] of warmupErrors.errors) errorsSeen.set(k, (errorsSeen.get(k) ?? 0) + n);
if (errorsSeen.size) {
  console.log('\nerrors by procedure and status:');
  for (const [k, n] of errorsSeen) console.log(`  ${k}: ${n}`);
  for (const s of [...warmupErrors.errorSamples, ...stats.errorSamples].slice(0, 5)) console.log(`  e.g. ${s}`);
}
if (mailProblems.length) console.log('\nmail problems:\n' + mailProblems.map((p) => '  ' + p).join('\n'));
if (serverLog.first.length) console.log('\nserver log (warn/error):\n' + serverLog.first.map((l) => '  ' + l).join('\n'));
{
  const p = probeStats;
  const failedProbes = probes.filter(([, ms]) => !Number.isFinite(ms)).length;
  console.log(`\nstall probe GET /healthz every ${PROBE_MS} ms: n ${p.n}, p50 ${f1(p.p50)} ms, p99 ${f1(p.p99)} ms, max ${f1(p.max)} ms${failedProbes ? `, ${failedProbes} failed` : ''}`);
  const slowProbes = probes.filter(([, ms]) => ms >= SLOW_MS).map(([t, ms]) => `${((t - tStart) / 1000).toFixed(1)} s: ${ms.toFixed(0)} ms`);
  if (slowProbes.length) console.log(`  probes ≥ ${SLOW_MS} ms (start after the load began): ${slowProbes.slice(0, 10).join(', ')}`);
  console.log(`generator event-loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`);
  // Slow requests by the second they started in: a server-wide stall shows as one busy second.
  const bySecond = new Map();
  for (const [t, ms] of stats.slow) {
    const sec = Math.floor((t - tStart) / 1000);
    const b = bySecond.get(sec) ?? { n: 0, max: 0 };
    b.n++;
    b.max = Math.max(b.max, ms);
    bySecond.set(sec, b);
  }
  if (bySecond.size)
    console.log(
      `requests ≥ ${SLOW_MS} ms by the second they started: ` +
        [...bySecond].sort((a, b) => a[0] - b[0]).slice(0, 20).map(([sec, b]) => `${sec} s ×${b.n} (max ${b.max.toFixed(0)})`).join(', '),
    );
}
if (backlog.length) {
  const peak = backlog.reduce((a, b) => (b[1] > a[1] ? b : a));
  console.log(`\nmail backlog (submissions × 2 − delivered): peak ${peak[1]} at ${peak[0]} s`);
}
console.log(`\n${passed ? 'PASS' : 'FAIL'} lead-flow`);

if (MD_FILE || WRITE) {
  const date = new Date().toISOString().slice(0, 10);
  const md = [
    `## ${SECTION} (${date}, ${revision}, Node ${process.version}, ${VISITORS} visitors × ${DURATION_S} s)`,
    '',
    (pgUrl
      ? `${servers.length} servers (\`api/src/main.ts\`, each in its own process) on one schema of a local PostgreSQL 15, each visitor sticking to one of them; `
      : 'One server (`api/src/main.ts` in its own process) on a temp SQLite file (WAL); ') +
      `each visitor a client of its own (X-Forwarded-For, TRUST_PROXY), rate limits raised to ${RATE_LIMIT.toLocaleString('en')}/min (${STRICT_LIMIT}/min for proposal.send), ` +
      'mail worker on (50 ms poll) sending through the `postmark` client to the Postmark-compatible sink (its own thread and loopback port; the inbox is read through GET /dev/mail.json). ' +
      `Each visitor loops the widget's lead flow (a conversation on the demo's simulator, then 5 tRPC POSTs with its token, no batching) with no think time, all arriving at once when the server says it is ready; ${N - measured} warm-up flows are counted in the rows and emails, not in the timings. There is no peer: our figures only.`,
    '',
    `Throughput: ${measured} flows in ${loadSeconds.toFixed(1)} s = ${(measured / loadSeconds).toFixed(1)} flows/s (${(requests / loadSeconds).toFixed(0)} requests/s); every request p99 ${f1(everyRequest.p99)} ms, max ${f1(everyRequest.max)} ms, ${WARMUP_FLOWS_PER_VISITOR ? `after ${WARMUP_FLOWS_PER_VISITOR} untimed flows per visitor` : 'timed from the first visitor'}. ` +
      `Mail backlog at the end of the load: ${backlogAtEnd} emails, delivered ${drainSeconds.toFixed(1)} s later. ` +
      `CPU: server ${serverCpu === null ? '–' : serverCpu.toFixed(1) + ' s'}, load generator + sink ${benchCpu.toFixed(1)} s; ${cpus().length} cores shared with other work (1-min load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end of the load). ` +
      `Stall probe (GET /healthz every ${PROBE_MS} ms during the load): p50 ${f1(probeStats.p50)} ms, p99 ${f1(probeStats.p99)} ms, max ${f1(probeStats.max)} ms.`,
    '',
    '| latency (ms) | n | p50 | p90 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|',
    ...latencyRows.map(([name, s]) => `| ${name} | ${s.n} | ${f1(s.p50)} | ${f1(s.p90)} | ${f1(s.p99)} | ${f1(s.max)} |`),
    '',
    ...checks.map(([name, ok, detail]) => `- ${name}: ${ok ? 'met' : '**not met**'} (${detail})`),
    '',
  ].join('\n');
  if (MD_FILE) {
    writeFileSync(MD_FILE, '\n' + md);
    console.log(`\nmarkdown section written to ${MD_FILE}`);
  }
  if (WRITE) {
    writeResultsSection(SECTION, md);
    console.log(`\nbench/RESULTS.md: section "${SECTION}" replaced`);
  }
}

process.exit(passed ? 0 : 1);
