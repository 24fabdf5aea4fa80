// `npm test`: every vitest project and the Playwright browser suite, then one closing summary.
// `npm test -- --nodes 22 24` (as CI runs it) adds the sdk, simulator and api suites on those
// Node lines (scripts/other-nodes.mjs).
//
// Two lanes for two cores. The browser suite is one Chromium waiting on the page and on the
// simulated call for most of its minutes (a third of the two cores over its run), so it runs
// beside vitest: this Node's projects, then each other Node line asked for. The README-commands
// project runs last and alone: it rebuilds widget/dist, which both lanes read. Playwright's
// report is kept in test-results/playwright.log and printed when it ends, so the two reports do
// not interleave line by line.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { nodeVersions, otherNodeRun } from './other-nodes.mjs';

const usage = 'usage: npm test [-- --nodes 22 24]';
const argv = process.argv.slice(2);
if (argv.length && argv[0] !== '--nodes') {
  console.error(`npm test: unknown argument '${argv[0]}'; ${usage}`);
  process.exit(2);
}
let otherNodes;
try {
  otherNodes = nodeVersions(argv.slice(1));
} catch (error) {
  console.error(`npm test: ${error.message}; ${usage}`);
  process.exit(2);
}

mkdirSync('test-results', { recursive: true });
// The dist tests and the browser suite need the built SDK and widget; build once if absent.
const builds = ['sdk/dist/index.js', 'widget/dist/helena-assistant.js'];
if (builds.some((f) => !existsSync(f)) && (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status ?? 1) !== 0) process.exit(1);

/** Runs a command to its end; its output goes to `log` when given, else to this terminal. */
function run(command, args, { env = {}, log } = {}) {
  return new Promise((resolve) => {
    const out = log ? openSync(log, 'w') : 'inherit';
    const child = spawn(command, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    if (log) closeSync(out);
    child.once('error', (error) => {
      console.error(`npm test: could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitestReport = (name) => ['--reporter=default', '--reporter=json', `--outputFile=test-results/${name}.json`];

/** One vitest run's counts; a missing report counts as a failure (the runner crashed before writing it). */
function vitestCounts(label, status, file) {
  const r = readJson(`test-results/${file}.json`);
  return { label, status, passed: r?.numPassedTests ?? 0, failed: r ? r.numFailedTests : 1, skipped: (r?.numPendingTests ?? 0) + (r?.numTodoTests ?? 0) };
}

async function vitestLane() {
  const results = [];
  const status = await run('npx', ['vitest', 'run', '--project', '!repository', ...vitestReport('vitest')]);
  results.push(vitestCounts(`Node ${process.versions.node.split('.')[0]}`, status, 'vitest'));
  for (const version of otherNodes) {
    let other;
    try {
      other = otherNodeRun(version, vitestReport(`vitest-node${version}`));
    } catch (error) {
      console.error(`npm test: ${error.message}`);
      results.push({ label: `Node ${version}`, status: 1, passed: 0, failed: 1, skipped: 0 });
      continue;
    }
    console.log(`\n== ${other.label}: vitest projects sdk, simulator and api (but the compiler's checks) ==`);
    results.push(vitestCounts(other.label, await run(other.command, other.args, { env: other.env }), `vitest-node${version}`));
  }
  return results;
}

async function browserLane() {
  const log = 'test-results/playwright.log';
  const status = await run('npx', ['playwright', 'test', '--pass-with-no-tests', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' },
    log,
  });
  process.stdout.write(`\n== Playwright (ran beside vitest) ==\n${readFileSync(log, 'utf8')}\n`);
  const r = readJson('test-results/playwright.json');
  return { label: 'browser', status, passed: r?.stats?.expected ?? 0, failed: r ? (r.stats?.unexpected ?? 0) : 1, skipped: r?.stats?.skipped ?? 0 };
}

const [units, browser] = await Promise.all([vitestLane(), browserLane()]);
console.log('\n== the README commands (alone: they rebuild widget/dist) ==');
const repository = vitestCounts('README commands', await run('npx', ['vitest', 'run', '--project', 'repository', ...vitestReport('vitest-repository')]), 'vitest-repository');

const all = [...units, repository, browser];
const sum = (key) => all.reduce((n, r) => n + r[key], 0);
const skipped = sum('skipped');
console.log(`\n${all.map((r) => `${r.label}: ${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}`).join(' · ')}`);
console.log(`Tests: ${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(all.some((r) => r.status !== 0 || r.failed > 0) ? 1 : 0);
