// bench/proposal: what the proposal's PDF costs.
//   node --import tsx bench/proposal/index.mjs [--renders=200] [--flow-seconds=20] [--rounds=2] [--write]
//
// 1. One PDF's render time (p50, p99) and size, for the demo offer's proposal with three chosen
//    items and a long summary, rendered --renders times after a warm-up, in this process. Goals:
//    p50 ≤ 100 ms on a 2-core machine, size ≤ 200 KB; and the accepted version (one more line).
// 2. The lead flow's throughput with the PDF on and off, side by side: bench/lead-flow run for
//    --flow-seconds with PROPOSAL_PDF=true, then false, --rounds times alternating, so a machine
//    busier in one half does not decide it. Goal: on is at most 10 % below off.
// There is no peer library here: the goals are printed beside our figures, and it exits 1 if one
// is missed.
import { spawnSync } from 'node:child_process';
import { loadavg, cpus, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOffer, DEMO_OFFER_FILE } from '@helena/api/offer/load';
import { acceptedDocument, buildProposalDocument } from '@helena/api/proposal/document';
import { renderProposalPdf } from '@helena/api/proposal/pdf';
import { writeResultsSection } from '../results.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RENDERS = Number(arg('renders', 200));
const FLOW_SECONDS = Number(arg('flow-seconds', 20));
const ROUNDS = Number(arg('rounds', 2));
const WRITE = process.argv.includes('--write');
const root = fileURLToPath(new URL('../..', import.meta.url));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];

// ---- 1. one PDF ---------------------------------------------------------------------------------
const offer = loadOffer(DEMO_OFFER_FILE);
const now = new Date();
const doc = buildProposalDocument({
  offer,
  buyer: { name: 'Lucía Gómez', cargo: 'Directora', company: 'Clínica Dental Sol', email: 'lucia@clinica.example' },
  words: {
    words: [
      'Tengo una clínica dental en Madrid y quiero atender las llamadas fuera de horario.',
      'Los pacientes piden cita por WhatsApp y se nos pierden mensajes.',
      'gestionar las citas de los pacientes',
    ],
    business: 'clínica dental en Madrid',
  },
  summary: 'La visitante dirige una clínica dental en Madrid. '.repeat(20).trim(),
  assistantName: 'Helena',
  link: 'https://leads.example.com/propuesta/01900000-0000-7000-8000-000000000000',
  issuedAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + 30 * 864e5).toISOString(),
});
for (let i = 0; i < 10; i++) await renderProposalPdf(doc);
const times = [];
let size = 0;
for (let i = 0; i < RENDERS; i++) {
  const t = performance.now();
  size = (await renderProposalPdf(doc)).length;
  times.push(performance.now() - t);
}
const acceptedSize = (await renderProposalPdf(acceptedDocument(doc, 'Lucía Gómez', now.toISOString()))).length;
const p50 = pct(times, 50);
const p99 = pct(times, 99);
console.log(`one PDF (${doc.lines.length} items), ${RENDERS} renders: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal p50 ≤ 100 ms); size ${size} B, accepted ${acceptedSize} B (goal ≤ 200 KB)`);

// ---- 2. the lead flow with the PDF on and off ---------------------------------------------------
function flow(pdf) {
  const dir = mkdtempSync(join(tmpdir(), 'helena-bench-proposal-'));
  const md = join(dir, 'flow.md');
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/lead-flow/index.mjs'), `--duration=${FLOW_SECONDS}`, `--md=${md}`, `--server-env=PROPOSAL_PDF=${pdf}`],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const out = r.stdout ?? '';
  rmSync(dir, { recursive: true, force: true });
  const m = /flows completed\s+(\d+)\s+\(([\d.]+) flows\/s/.exec(out);
  if (!m) {
    console.log(out);
    throw new Error(`bench/lead-flow with PROPOSAL_PDF=${pdf} printed no throughput (exit ${r.status})`);
  }
  return { flowsPerSecond: Number(m[2]), checksPassed: r.status === 0 };
}
const on = [];
const off = [];
const load0 = loadavg()[0];
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first, so neither always meets the warmer (or busier) machine.
  for (const pdf of round % 2 ? [false, true] : [true, false]) {
    const r = flow(pdf);
    (pdf ? on : off).push(r);
    console.log(`  round ${round + 1}, PDF ${pdf ? 'on ' : 'off'}: ${r.flowsPerSecond.toFixed(1)} flows/s${r.checksPassed ? '' : ' (a lead-flow check failed)'}`);
  }
}
const mean = (xs) => xs.reduce((a, r) => a + r.flowsPerSecond, 0) / xs.length;
const ratio = mean(on) / mean(off);
const load1 = loadavg()[0];
console.log(`lead flow: PDF on ${mean(on).toFixed(1)} flows/s, off ${mean(off).toFixed(1)} flows/s: on/off ${(ratio * 100).toFixed(1)} % (goal ≥ 90 %); load ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${cpus().length} cores`);

const checks = [
  ['PDF p50 ≤ 100 ms', p50 <= 100],
  ['PDF ≤ 200 KB', size <= 200 * 1024 && acceptedSize <= 200 * 1024],
  ['lead flow with the PDF ≥ 90 % of without', ratio >= 0.9],
  ['every lead-flow run passed its checks', [...on, ...off].every((r) => r.checksPassed)],
];
for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);

if (WRITE) {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  writeResultsSection(
    'proposal',
    [
      `## proposal (the PDF: render time, size, and the lead flow with it on and off)`,
      '',
      `Measured at ${head} on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, 1-min load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (other work on the machine). \`npm run bench -- proposal\`.`,
      '',
      '| | ours | goal |',
      '|---|---:|---:|',
      `| one PDF's render, p50 (${RENDERS} renders, ${doc.lines.length} items) | ${p50.toFixed(1)} ms | ≤ 100 ms |`,
      `| one PDF's render, p99 | ${p99.toFixed(1)} ms | |`,
      `| PDF size (accepted version) | ${(size / 1024).toFixed(1)} KB (${(acceptedSize / 1024).toFixed(1)} KB) | ≤ 200 KB |`,
      `| lead flow, PDF on / off (${ROUNDS} × ${FLOW_SECONDS} s each, alternating) | ${mean(on).toFixed(1)} / ${mean(off).toFixed(1)} flows/s = ${(ratio * 100).toFixed(1)} % | ≥ 90 % |`,
      '',
    ].join('\n'),
  );
}
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
