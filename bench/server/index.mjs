// bench/server: customer.upsert over HTTP, 50 connections, autocannon. Our server (every
// protection on, rate limit raised) against a naive build of the same stack, in the same run.
// Run: node --import tsx bench/server/index.mjs   (BENCH_SECONDS=10 by default)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = 50;
const here = fileURLToPath(new URL('.', import.meta.url));

function startChild(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, script)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve({ child, url: JSON.parse(line).url });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

let seq = 0;
function run(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/trpc/customer.upsert',
            headers: { 'content-type': 'application/json', origin: 'https://cliente.example' },
            setupRequest: (req) => {
              const n = seq++;
              // 5,000 distinct emails: a mix of inserts and updates; some blanks.
              const body = { email: `Lead${n % 5000}@Example.com`, name: n % 3 ? `Lead ${n % 5000}` : '', cargo: n % 4 ? 'CTO' : undefined, company: 'Acme' };
              return { ...req, body: JSON.stringify(body) };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

async function measure(name, script, extraEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), `bench-server-${name}-`));
  const { child, url } = await startChild(script, { DATABASE_PATH: join(dir, 'bench.db'), LOG_LEVEL: 'info', ...extraEnv });
  try {
    await run(url, WARMUP);
    const r = await run(url, SECONDS);
    const bad = r.non2xx + r.errors + r.timeouts;
    return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, total: r.requests.total, bad };
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const naive = await measure('naive', 'serve-naive.ts');
const naiveWal = await measure('naive+WAL', 'serve-naive.ts', { NAIVE_WAL: '1' });
const ours = await measure('helena', 'serve-ours.ts');
const ratio = ours.rps / naive.rps;
const fmt = (r) =>
  `${r.name.padEnd(10)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   max ${String(r.max).padStart(5)} ms   (${r.total} requests, ${r.bad} not 2xx)`;
console.log(`customer.upsert over HTTP, ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s warm-up`);
console.log(fmt(naive));
console.log(fmt(naiveWal) + '   (naive with WAL + synchronous=NORMAL only, for reference)');
console.log(fmt(ours));
console.log(`ratio      ${ratio.toFixed(2)}x the naive throughput (${(ours.rps / naiveWal.rps).toFixed(2)}x naive+WAL)   goal >= 2x and p99 <= 25 ms: ${ratio >= 2 && ours.p99 <= 25 ? 'met' : 'NOT met'}`);
if (ours.bad || naive.bad || naiveWal.bad) console.log('warning: some responses were not 2xx');
