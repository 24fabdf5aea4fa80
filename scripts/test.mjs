// `npm test`: every vitest project, then the Playwright browser suite, then one closing summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
// The dist tests and the browser suite need the built SDK and widget; build once if absent.
const builds = ['sdk/dist/index.js', 'widget/dist/helena-assistant.js'];
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

if (builds.some((f) => !existsSync(f)) && run('npm', ['run', 'build']) !== 0) process.exit(1);

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
const unit = readJson('test-results/vitest.json');

const e2eStatus = run('npx', ['playwright', 'test', '--pass-with-no-tests', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
});
const e2e = readJson('test-results/playwright.json');

const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
// A missing report counts as a failure: the runner crashed before it could write one.
const failed = (unit ? unit.numFailedTests : 1) + (e2e ? (e2e.stats?.unexpected ?? 0) : 1);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

console.log(`\nunit: ${unit?.numPassedTests ?? 0} passed, browser: ${e2e?.stats?.expected ?? 0} passed`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitStatus !== 0 || e2eStatus !== 0 || failed > 0 ? 1 : 0);
