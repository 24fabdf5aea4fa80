// bench/sim-memory: the memory an operator's monitor sees on the demo server (`api/src/main.ts`,
// the simulator mounted at /sim, the demo's default bounds) while visitors open calls and chats.
//   npm run bench -- sim-memory      (or: node bench/sim-memory/index.mjs [--rounds=2] [--requests=10000] [--no-peer] [--write])
//
// Each round: 9,000 POST /sim/call/web and 1,000 POST /sim/chat/web from 20 concurrent clients.
// The server's resident set (VmRSS from /proc, as `ps`/`top` show it) is read before the first
// round and after each one, once it has been idle for 5 s; no garbage collection is forced. The
// peer, in the same run: the same server with the simulator unbounded (a million records and
// rooms, a week), as the other simulator benches run it: no room is ever evicted there.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeResultsSection } from '../results.mjs';
import { demoRequest } from '../server/demo-traffic.mjs';
import { serverArgs } from '../../scripts/server-node-flags.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const ROUNDS = Number(arg('rounds', 2));
const REQUESTS = Number(arg('requests', 10_000));
const CONCURRENCY = 20;
const IDLE_MS = 5_000;
const root = fileURLToPath(new URL('../../', import.meta.url));
const MB = (kb) => kb / 1024;
const signed = (mb) => `${mb < 0 ? '−' : '+'}${Math.abs(mb).toFixed(1)}`;

/** VmRSS of `pid`, in kB. */
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** Starts the demo server as `npm start` does (from source, with its Node flags), on a free port and a temp database. */
function startServer(env) {
  const dir = mkdtempSync(join(tmpdir(), 'helena-sim-memory-'));
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(dir, 'h.db'), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', MAIL_WORKER: 'false' },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      text += d;
      const url = /Helena is running: (http:\/\/\S+?)\/\s/.exec(text)?.[1];
      if (url) {
        child.stderr.removeAllListeners('data');
        child.stderr.on('data', (d) => process.stderr.write(d));
        resolve({
          url,
          rss: () => rssKb(child.pid),
          stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))).then(() => rmSync(dir, { recursive: true, force: true })),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${text}`)));
  });
}

/** One round of the demo's traffic: nine web calls to one chat turn. */
async function round(url) {
  const statuses = new Map();
  let i = 0;
  const one = async (n) => {
    const { chat, status } = await demoRequest(url, n);
    const key = `${chat ? 'POST /sim/chat/web' : 'POST /sim/call/web'} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (i < REQUESTS) await one(i++);
  }));
  return statuses;
}

async function measure(name, env) {
  const server = await startServer(env);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = [server.rss()];
  console.error(`${name}: RSS at start ${MB(rss[0]).toFixed(1)} MB`);
  let statuses;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = Date.now();
    statuses = await round(server.url);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    rss.push(server.rss());
    console.error(`${name}: round ${r + 1} (${((Date.now() - t0) / 1000).toFixed(0)} s) added ${signed(MB(rss[r + 1] - rss[r]))} MB`);
  }
  await server.stop();
  return { rss, statuses };
}

const ours = await measure('ours', {});
const peer = process.argv.includes('--no-peer') ? undefined : await measure('peer', { SIM_MAX_RECORDS: '1000000', SIM_MAX_ROOMS: '100000', SIM_MAX_AGE_MINUTES: String(7 * 24 * 60) });
const row = (name, r) => `| ${name} | ${MB(r.rss[0]).toFixed(1)} | ${r.rss.slice(1).map((kb, k) => signed(MB(kb - r.rss[k]))).join(' | ')} |`;
const md = [
  `## simulator memory, as a monitor sees it (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${ROUNDS} rounds of ${REQUESTS} requests, ${CONCURRENCY} clients)`,
  '',
  `The demo server (\`node ${serverArgs().join(' ')}\`, as \`npm start\` runs it, SQLite, the simulator at /sim with the demo's default bounds: SIM_MAX_RECORDS=1000, SIM_MAX_ROOMS=100, SIM_MAX_AGE_MINUTES=60). Each round: ${REQUESTS * 0.9} POST /sim/call/web and ${REQUESTS * 0.1} POST /sim/chat/web. The server's RSS (MB, VmRSS) ${IDLE_MS / 1000} s after it started, then what each round added, read ${IDLE_MS / 1000} s after the round; no forced garbage collection. Goal: the first round adds at most 150 MB, the second at most 50 MB. Peer: the same server, in the same run, with the simulator unbounded (SIM_MAX_RECORDS=1000000, SIM_MAX_ROOMS=100000, SIM_MAX_AGE_MINUTES=10080): it never evicts a room, so it never ends a call nobody joined.`,
  '',
  `| server | RSS at start | ${ours.rss.slice(1).map((_x, k) => `round ${k + 1} adds`).join(' | ')} |`,
  `|---|---:|${ours.rss.slice(1).map(() => '---:').join('|')}|`,
  row('ours', ours),
  ...(peer ? [row('peer (unbounded)', peer)] : []),
  '',
  `Answers per round (ours): ${[...ours.statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}.`,
  '',
].join('\n');
console.log(md);
if (process.argv.includes('--write')) writeResultsSection('simulator memory, as a monitor sees it', md);
