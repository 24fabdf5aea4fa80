// bench/types: how long a small consumer file takes to typecheck with `skipLibCheck: false`,
// importing @helena/sdk (its published declarations, sdk/dist) beside the same file written
// against @vapi-ai/server-sdk. Each compiler run is a fresh `tsc -p`; the median of the rounds,
// alternating the two, so both see the same machine load.
//   node bench/types/index.mjs [--rounds=n] [--write]      (run `npm run build -w @helena/sdk` first)
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { writeResultsSection } from '../results.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = `${root}node_modules/typescript/bin/tsc`;
const hit = process.argv.find((a) => a.startsWith('--rounds='));
const ROUNDS = hit ? Number(hit.split('=')[1]) : 5;
const WRITE = process.argv.includes('--write');

/** One fresh compiler run: its own figures from --extendedDiagnostics. */
function check(project) {
  const out = execFileSync(process.execPath, [tsc, '-p', `${here}${project}`, '--extendedDiagnostics'], { encoding: 'utf8' });
  const figure = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(out)?.[1]);
  return { total: figure('Total time'), check: figure('Check time'), memoryMb: figure('Memory used') / 1024, files: figure('Files') };
}

const loadBefore = loadavg()[0];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = { helena: [], vapi: [], none: [] };
for (let i = 0; i < ROUNDS; i++) {
  runs.helena.push(check('tsconfig.helena.json'));
  runs.vapi.push(check('tsconfig.server-sdk.json'));
  runs.none.push(check('tsconfig.none.json'));
}
const summary = (name) => ({
  total: median(runs[name].map((r) => r.total)),
  check: median(runs[name].map((r) => r.check)),
  memoryMb: median(runs[name].map((r) => r.memoryMb)),
});
const helena = summary('helena');
const vapi = summary('vapi');
const none = summary('none');
const dist = `${root}sdk/dist/`;
const declarations = readdirSync(dist)
  .filter((f) => f.endsWith('.d.ts'))
  .map((f) => `${f} ${Math.round(statSync(dist + f).size / 1024)} KB`)
  .join(', ');

const row = (label, a, b, unit) => `| ${label} | ${a.toFixed(2)} ${unit} | ${b.toFixed(2)} ${unit} | ${(a / b).toFixed(2)}× |`;
const lines = [
  '| consumer file, skipLibCheck: false | @helena/sdk | @vapi-ai/server-sdk | ratio |',
  '|---|---|---|---|',
  row('tsc total time', helena.total, vapi.total, 's'),
  row('tsc check time', helena.check, vapi.check, 's'),
  row('tsc memory', helena.memoryMb, vapi.memoryMb, 'MB'),
  '',
  `Floor, the same kind of file importing no SDK (@types/node only, checked too): ${none.total.toFixed(2)} s total, ${none.check.toFixed(2)} s check. ` +
    `Above the floor: @helena/sdk ${(helena.total - none.total).toFixed(2)} s, @vapi-ai/server-sdk ${(vapi.total - none.total).toFixed(2)} s.`,
  '',
  `@helena/sdk declarations (ESM): ${declarations}. Target ≤ 5 s: ${helena.total <= 5 ? 'met' : 'MISSED'} (${helena.total.toFixed(2)} s).`,
];
console.log(lines.join('\n'));
if (WRITE) {
  writeResultsSection(
    'types',
    `## types (${new Date().toISOString().slice(0, 10)}, TypeScript ${execFileSync(process.execPath, [tsc, '-v'], { encoding: 'utf8' }).trim().split(' ').pop()}, Node ${process.version}, median of ${ROUNDS} alternating runs, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)\n\n` +
      `The same 25-line consumer (bench/types/consumer-*.ts: list assistants, get a call, create an assistant, catch a 404), ` +
      `\`tsc -p\` with \`skipLibCheck: false\`, \`types: ["node"]\`, NodeNext.\n\n${lines.join('\n')}\n`,
  );
}
