// bench/db-outage: a PostgreSQL restart under load, measured.
//   node --import tsx bench/db-outage/index.mjs [--outage=10] [--visitors=6] [--write]
//
// The scenario of api/test/db-outage.test.ts (api/test/db-outage-scenario.ts): a private
// PostgreSQL (initdb + pg_ctl from /usr/lib/postgresql/<version>/bin, or PG_BIN), two server
// instances on it, visitors running the lead flow through the tRPC client, the database stopped
// with `pg_ctl stop -m fast` for --outage seconds and started again. It prints how the instances
// answered while it was down, how soon each wrote again, and whether every acknowledged write and
// every queued email made it; it exits 1 when one of the issue's conditions is not met.
// There is no peer for this one: our figures only.
import { cpus, loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOutageScenario } from '@helena/api/test/db-outage-scenario';
import { findPostgresBin } from '@helena/api/test/private-postgres';
import { writeResultsSection } from '../results.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.slice(name.length + 3)) : fallback;
};
const OUTAGE_S = arg('outage', 10);
const VISITORS = arg('visitors', 6);
const WRITE = process.argv.includes('--write');
const SECTION = 'db-outage';

const bin = findPostgresBin();
if (!bin) {
  console.error('db-outage: no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin; set PG_BIN');
  process.exit(1);
}
const root = fileURLToPath(new URL('../../', import.meta.url));
const revision = (() => {
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8', timeout: 10_000 });
  const head = git('rev-parse', '--short', 'HEAD').stdout?.trim();
  if (!head) return 'unknown revision';
  return git('status', '--porcelain', '--', 'api').stdout?.trim() ? `${head} + uncommitted api/ changes` : head;
})();

const load0 = loadavg()[0];
const f = await runOutageScenario({ pgBin: bin, outageMs: OUTAGE_S * 1000, visitors: VISITORS });
const load1 = loadavg()[0];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const f0 = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
const down = f.answers.filter((a) => a.phase === 'down');
const byStatus = (xs) => Object.entries(xs.reduce((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {})).map(([s, n]) => `${s}: ${n}`).join(', ');
const downMs = down.map((a) => a.ms);
const odd = f.answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
const bad503 = f.answers.filter((a) => a.status === 503 && (!(Number(a.retryAfter) > 0) || a.errorCode !== 'SERVICE_UNAVAILABLE'));
const missing = Object.values(f.missing).reduce((a, b) => a + b, 0);

const checks = [
  ['no instance exited', f.aliveAtEnd.every(Boolean), `alive at the end: ${JSON.stringify(f.aliveAtEnd)}`],
  ['only 2xx or 503 + Retry-After', odd.length === 0 && bad503.length === 0, `${odd.length} other answer(s), ${bad503.length} 503 without Retry-After or tRPC shape`],
  ['answers within 5 s while down', Math.max(...downMs) < 5000, `max ${f0(Math.max(...downMs))} ms over ${down.length} answers`],
  ['/readyz 503 while down', f.readyWhileDown.every((s) => s.includes(503)), f.readyWhileDown.map((s, i) => `instance ${i + 1}: ${byStatus(s.map((x) => ({ status: x })))}`).join('; ')],
  ['plain route 503 + Retry-After', f.pageWhileDown.status === 503 && Number(f.pageWhileDown.retryAfter) > 0, `GET /propuesta/:callId → ${f.pageWhileDown.status}, Retry-After ${f.pageWhileDown.retryAfter}`],
  ['both serve within 5 s of the return', f.recoveryMs.every((ms) => ms < 5000), f.recoveryMs.map((ms, i) => `instance ${i + 1}: ${f0(ms)} ms`).join(', ')],
  ['every 2xx write in the database', missing === 0, `written ${JSON.stringify(f.written)}; missing ${JSON.stringify(f.missing)}`],
  ['every queued email sent once', f.outbox.lost === 0 && f.outbox.deliveredTwice === 0 && f.outbox.deliveredOnce === f.outbox.total, `${f.outbox.total} queued: ${f.outbox.deliveredOnce} once, ${f.outbox.deliveredTwice} twice, ${f.outbox.lost} lost`],
];
const passed = checks.every(([, ok]) => ok);

const lines = [
  `db-outage: 2 instances on a private PostgreSQL, ${VISITORS} visitors, database stopped (pg_ctl stop -m fast) for ${(f.outageMs / 1000).toFixed(1)} s (${revision}, Node ${process.version})`,
  '',
  `answers while down: ${down.length} (${byStatus(down)}); latency p50 ${f0(pct(downMs, 50))} ms, p99 ${f0(pct(downMs, 99))} ms, max ${f0(Math.max(...downMs))} ms`,
  `answers in all: ${f.answers.length} (${byStatus(f.answers)})`,
  `first write answered after the return: ${f.recoveryMs.map((ms, i) => `instance ${i + 1} ${f0(ms)} ms`).join(', ')}`,
  `machine load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (${cpus().length} cores)`,
  '',
  ...checks.map(([name, ok, detail]) => `${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`),
  '',
  `${passed ? 'PASS' : 'FAIL'} db-outage`,
];
console.log(lines.join('\n'));

if (WRITE) {
  const date = new Date().toISOString().slice(0, 10);
  writeResultsSection(
    SECTION,
    [
      `## ${SECTION} (${date}, ${revision}, Node ${process.version}, ${VISITORS} visitors, ${OUTAGE_S} s outage)`,
      '',
      'Two instances (`startServer`, one process) on a private PostgreSQL 15 (initdb + pg_ctl, fsync off), visitors running ' +
        'vapi_call.create → customer.upsert → calls.createWithVerification → proposal.send through the tRPC client, mail to the ' +
        `Postmark sink; the database stopped with \`pg_ctl stop -m fast\` and started again. Machine: ${cpus().length} cores shared with other work, ` +
        `1-min load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end. There is no peer: our figures only.`,
      '',
      `- Answers while down: ${down.length} (${byStatus(down)}); p50 ${f0(pct(downMs, 50))} ms, p99 ${f0(pct(downMs, 99))} ms, max ${f0(Math.max(...downMs))} ms.`,
      `- First write answered after the database accepted connections again: ${f.recoveryMs.map((ms, i) => `instance ${i + 1} ${f0(ms)} ms`).join(', ')}.`,
      ...checks.map(([name, ok, detail]) => `- ${name}: ${ok ? 'met' : '**not met**'} (${detail})`),
      '',
    ].join('\n'),
  );
  console.log(`\nbench/RESULTS.md: section "${SECTION}" replaced`);
}
process.exit(passed ? 0 : 1);
