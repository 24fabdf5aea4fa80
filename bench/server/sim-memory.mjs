// bench/server/sim-memory: how much memory the demo's mounted simulator keeps.
//   node --import tsx bench/server/sim-memory.mjs [--requests=10000] [--write]
//
// The lead server with the simulator mounted at /sim (demo mode), in a child process started
// with --expose-gc; 10,000 mixed requests from 20 concurrent clients: web calls, chat turns,
// call reads with the private key, vapi_call rows, and 100 KB bodies (refused at the edge). The
// child reports its memory after a full GC: before the load, after it, and once the records
// have aged out (age bound one minute here). The peer, in the same run: the same server with the
// simulator unbounded (what it kept before the bounds).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeResultsSection } from '../results.mjs';

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
    ...(bounded
      ? { SIM_MAX_RECORDS: '1000', SIM_MAX_ROOMS: '100', SIM_MAX_AGE_MINUTES: String(AGE_MS / 60_000) }
      : { SIM_MAX_RECORDS: '1000000', SIM_MAX_ROOMS: '100000', SIM_MAX_AGE_MINUTES: String(7 * 24 * 60) }),
  });
  const site = composeSite(config);
  const srv = await startServer({ config, log: createLogger({ level: 'silent' }), mounts: site.mounts.filter((m) => m.prefix !== '/'), platform: site.platform, onServer: site.onServer });
  const memory = () => {
    for (let i = 0; i < 3; i++) globalThis.gc();
    const m = process.memoryUsage();
    return { rss: m.rss, heap: m.heapUsed };
  };
  process.stdout.write(JSON.stringify({ url: srv.url, privateKey: config.SIM_PRIVATE_KEY }) + '\n');
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', async (line) => {
    if (line.trim() === 'memory') process.stdout.write(JSON.stringify(memory()) + '\n');
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

function startChild(bounded) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'sim-memory.mjs'), '--child', ...(bounded ? ['--bounded'] : [])], {
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

async function load(url, privateKey) {
  const callIds = [];
  const statuses = new Map();
  let i = 0;
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
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (i < REQUESTS) await one(i++);
    }),
  );
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

async function main() {
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
