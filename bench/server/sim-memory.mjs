// bench/server/sim-memory: how much memory the demo's mounted simulator keeps.
//   node --import tsx bench/server/sim-memory.mjs [--requests=10000] [--write]
//   node --import tsx bench/server/sim-memory.mjs --rounds=4 [--requests=10000] [--write | --no-peer]
//
// With --rounds: the demo's default bounds (1,000 records, 100 rooms, one hour), rounds of
// 90% POST /sim/call/web and 10% POST /sim/chat/web; memory after each round, to see the growth
// of one round and the plateau the bounds hold it to. The peer is the same server unbounded.
//
// The lead server with the simulator mounted at /sim (demo mode), in a child process started
// with --expose-gc; 10,000 mixed requests from 20 concurrent clients: web calls, chat turns,
// call reads with the private key, vapi_call rows, and 100 KB bodies (refused at the edge). The
// child reports its memory after a full GC: before the load, after it, and once the records
// have aged out (age bound one minute here). The peer, in the same run: the same server with the
// simulator unbounded (what it kept before the bounds).
import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeResultsSection } from '../results.mjs';
import { demoRequest } from './demo-traffic.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const REQUESTS = Number(arg('requests', 10_000));
const CONCURRENCY = 20;
const AGE_MS = 60_000;
/** The simulator applies the age bound every AGE_MS / 2; wait for one sweep past the age. */
const SWEEP_MS = 35_000;
const here = fileURLToPath(new URL('.', import.meta.url));
const MB = (b) => b / 1024 / 1024;

// ---- the child: one server, memory on request ------------------------------------------------
if (process.argv.includes('--child')) {
  const bounded = process.argv.includes('--bounded');
  const { composeSite } = await import('@helena/api/site');
  const { startServer } = await import('@helena/api/server');
  const { loadConfig } = await import('@helena/api/config');
  const { createLogger } = await import('@helena/api/log');
  const dir = mkdtempSync(join(tmpdir(), 'helena-sim-memory-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'h.db'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    MAIL_WORKER: 'false',
    SIM_PRIVATE_KEY: 'sim-memory-private-key',
    // Ours: the demo's bounds with a one-minute age; the peer: bounds far above this load.
    ...(process.argv.includes('--defaults')
      ? {}
      : bounded
        ? { SIM_MAX_RECORDS: '1000', SIM_MAX_ROOMS: '100', SIM_MAX_AGE_MINUTES: String(AGE_MS / 60_000) }
        : { SIM_MAX_RECORDS: '1000000', SIM_MAX_ROOMS: '100000', SIM_MAX_AGE_MINUTES: String(7 * 24 * 60) }),
  });
  const site = composeSite(config);
  const srv = await startServer({ config, log: createLogger({ level: 'silent' }), mounts: site.mounts.filter((m) => m.prefix !== '/'), platform: site.platform, onServer: site.onServer });
  // Between collections the process breathes: finalizers (undici's per-request abort
  // listeners) run in their own task, and what they hold is only freed by the next collection.
  const memory = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 50));
    }
    globalThis.gc();
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, Math.round(x.space_size / 1048576)]));
    return { rss: m.rss, heap: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, spaces };
  };
  process.stdout.write(JSON.stringify({ url: srv.url, privateKey: config.SIM_PRIVATE_KEY }) + '\n');
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', async (line) => {
    if (line.trim() === 'memory') process.stdout.write(JSON.stringify(await memory()) + '\n');
    if (line.trim() === 'stop') {
      await srv.close();
      await site.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }
  });
} else {
  await main();
}

function startChild(bounded, defaults = false) {
  const flags = [...(bounded ? ['--bounded'] : []), ...(defaults ? ['--defaults'] : [])];
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'sim-memory.mjs'), '--child', ...flags], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = [];
  const waiters = [];
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    const parts = (rest + d).split('\n');
    rest = parts.pop();
    for (const p of parts) (waiters.shift() ?? ((x) => lines.push(x)))(JSON.parse(p));
  });
  const next = () => (lines.length ? Promise.resolve(lines.shift()) : new Promise((r) => waiters.push(r)));
  return {
    child,
    next,
    memory: () => (child.stdin.write('memory\n'), next()),
    stop: () => new Promise((r) => (child.once('exit', r), child.stdin.write('stop\n'))),
  };
}

/** Sends REQUESTS requests, `one(n)` each, from CONCURRENCY clients. */
async function drive(one) {
  let i = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (i < REQUESTS) await one(i++);
    }),
  );
}

async function load(url, privateKey) {
  const callIds = [];
  const statuses = new Map();
  const big = JSON.stringify({ assistantId: 'demo-assistant', metadata: { pad: 'x'.repeat(100_000) } });
  const one = async (n) => {
    const kind = n % 10;
    let res;
    if (kind < 4) {
      res = await fetch(`${url}/sim/call/web`, { method: 'POST', headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' }, body: JSON.stringify({ assistantId: 'demo-assistant', metadata: { visitor: n } }) });
      if (res.status === 201) callIds.push((await res.json()).id);
    } else if (kind < 6) {
      res = await fetch(`${url}/sim/chat/web`, { method: 'POST', headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' }, body: JSON.stringify({ assistantId: 'demo-assistant', input: `Hola, soy el visitante ${n} y quiero una propuesta` }) });
    } else if (kind < 8) {
      const id = callIds[Math.floor(Math.random() * callIds.length)] ?? 'none';
      res = await fetch(`${url}/sim/call/${id}`, { headers: { authorization: `Bearer ${privateKey}` } });
    } else if (kind < 9) {
      res = await fetch(`${url}/api/trpc/vapi_call.create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ vapi_id: `mem-${n}-${Math.random()}`, initial_data: { pad: 'y'.repeat(4000) }, status: 'active' }) });
    } else {
      res = await fetch(`${url}/sim/call/web`, { method: 'POST', headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' }, body: big });
    }
    await res.arrayBuffer().catch(() => {});
    const key = `${kind < 4 ? 'call/web' : kind < 6 ? 'chat/web' : kind < 8 ? 'GET call' : kind < 9 ? 'vapi_call.create' : '100 KB body'} ${res.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  await drive(one);
  return statuses;
}

async function run(bounded) {
  const c = startChild(bounded);
  const { url, privateKey } = await c.next();
  const before = await c.memory();
  const statuses = await load(url, privateKey);
  const after = await c.memory();
  await new Promise((r) => setTimeout(r, AGE_MS + SWEEP_MS));
  const aged = await c.memory();
  await c.stop();
  return { before, after, aged, statuses };
}

/** One round of the demo's traffic: nine web calls to one chat turn. */
async function demoRound(url) {
  const statuses = new Map();
  const one = async (n) => {
    const { chat, status } = await demoRequest(url, n);
    const key = `${chat ? 'chat/web' : 'call/web'} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  await drive(one);
  return statuses;
}

async function rounds(count) {
  const runOne = async (bounded) => {
    const c = startChild(bounded, bounded);
    const { url } = await c.next();
    const before = await c.memory();
    const after = [];
    let statuses;
    for (let r = 0; r < count; r++) {
      statuses = await demoRound(url);
      after.push(await c.memory());
    }
    await c.stop();
    return { before, after, statuses };
  };
  const ours = await runOne(true);
  if (process.argv.includes('--no-peer')) return console.log(JSON.stringify(ours, null, 1));
  const peer = await runOne(false);
  const grow = (r, k, key) => `+${MB(r.after[k][key] - r.before[key]).toFixed(1)}`;
  const row = (name, r, key) => `| ${name} | ${MB(r.before[key]).toFixed(1)} | ${r.after.map((_m, k) => grow(r, k, key)).join(' | ')} |`;
  const date = new Date().toISOString().slice(0, 10);
  const md = [
    `## simulator retention (${date}, Node ${process.version}, ${count} rounds of ${REQUESTS} requests, ${CONCURRENCY} clients)`,
    '',
    `The lead server with the simulator mounted at /sim, in its own process, with the demo's default bounds (SIM_MAX_RECORDS=1000, SIM_MAX_ROOMS=100, SIM_MAX_AGE_MINUTES=60). Each round: ${REQUESTS * 0.9} POST /sim/call/web and ${REQUESTS * 0.1} POST /sim/chat/web. Memory after a full GC (MB): before the first round, then the growth over it after each round. Peer: the same server with the simulator unbounded, in the same run. Goal: at most +50 MB after a round, flat over the next ones.`,
    '',
    `| simulator | before | ${ours.after.map((_m, k) => `after round ${k + 1}`).join(' | ')} |`,
    `|---|---:|${ours.after.map(() => '---:').join('|')}|`,
    row('ours, RSS', ours, 'rss'),
    row('ours, heap', ours, 'heap'),
    row('peer (unbounded), RSS', peer, 'rss'),
    row('peer (unbounded), heap', peer, 'heap'),
    '',
    `Answers per round (ours): ${[...ours.statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}.`,
    '',
  ].join('\n');
  console.log(md);
  if (process.argv.includes('--write')) writeResultsSection('simulator retention', md);
}

async function main() {
  const count = Number(arg('rounds', 0));
  if (count > 0) return rounds(count);
  const ours = await run(true);
  const peer = await run(false);
  const delta = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(MB(x)).toFixed(1)}`;
  const row = (name, r) =>
    `| ${name} | ${MB(r.before.rss).toFixed(1)} | ${MB(r.after.rss).toFixed(1)} (${delta(r.after.rss - r.before.rss)}) | ${MB(r.aged.rss).toFixed(1)} (${delta(r.aged.rss - r.before.rss)}) | ${MB(r.before.heap).toFixed(1)} | ${MB(r.after.heap).toFixed(1)} (${delta(r.after.heap - r.before.heap)}) | ${MB(r.aged.heap).toFixed(1)} (${delta(r.aged.heap - r.before.heap)}) |`;
  const date = new Date().toISOString().slice(0, 10);
  const md = [
    `## simulator memory (${date}, Node ${process.version}, ${REQUESTS} mixed requests, ${CONCURRENCY} clients)`,
    '',
    'The lead server with the simulator mounted at /sim, in its own process; memory after a full GC (MB) before the load, after it, and ' +
      `${(AGE_MS + SWEEP_MS) / 1000} s later (the bounded run keeps records ${AGE_MS / 1000} s here, 1 h by default). Requests: 40% POST /sim/call/web, 20% POST /sim/chat/web, ` +
      '20% GET /sim/call/:id (private key), 10% vapi_call.create with 4 KB of initial_data, 10% 100 KB bodies to /sim (refused, 413). Peer: the same server with the simulator unbounded, in the same run.',
    '',
    '| simulator | RSS before | RSS after the load | RSS after ageing | heap before | heap after the load | heap after ageing |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('ours: 1,000 records, 100 rooms, age bound', ours),
    row('peer: no effective bound (1,000,000 records, 7 days)', peer),
    '',
    `Answers (ours): ${[...ours.statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}.`,
    '',
  ].join('\n');
  console.log(md);
  if (process.argv.includes('--write')) writeResultsSection('simulator memory', md);
}
