// Every command the READMEs show is run: here, in its closest safe form (a free port, a
// temporary database, stopped once it answers), or, for the suites, builds and checks that CI
// itself runs, by finding it in .ci/run. A command added to a README without a runner below
// fails the first test, so the READMEs cannot drift from what works on a fresh clone.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventPoster, webhookBody } from '@helena/api/webhooks';

const root = fileURLToPath(new URL('../../', import.meta.url));
const READMES = ['README.md', 'sdk/README.md', 'simulator/README.md', 'api/README.md', 'widget/README.md', 'react/README.md', 'panel/README.md'];
const ciSteps = readFileSync(join(root, '.ci/run'), 'utf8');

/** The commands a README shows: its shell blocks' lines, and inline `npm …`, `npx …` or `node …` spans. */
function readmeCommands(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const commands: string[] = [];
  for (const block of text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
    // A line ending in a backslash continues on the next one.
    for (const line of (block[1] ?? '').replace(/\\\n\s*/g, ' ').split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command) commands.push(command);
    }
  }
  for (const span of text.matchAll(/`((?:npm|npx|node) [^`]+)`/g)) commands.push((span[1] ?? '').trim());
  return commands;
}

type Runner =
  | { kind: 'runs'; how: string }
  /** CI runs exactly this (a line of .ci/run contains it). */
  | { kind: 'ci'; step: string }
  /** Installs from the registry as a user would; the packages themselves are checked by check:package in CI. */
  | { kind: 'registry' }
  | { kind: 'benchmark' }
  /** Changesets' release commands: they write changelogs and versions, a release step. */
  | { kind: 'release' }
  /** A production deployment example with placeholder secrets (…): it needs the real services. */
  | { kind: 'deployment' };

/** Each command shown, by its leading words, and how this suite or CI runs it. */
const RUNNERS: Array<[RegExp, Runner]> = [
  [/^npm install && npm start$/, { kind: 'runs', how: 'npm start' }],
  [/^npm start$/, { kind: 'runs', how: 'npm start' }],
  [/^node --import tsx api\/src\/main\.ts$/, { kind: 'runs', how: 'api main' }],
  [/^npx helena-simulator --port \d+/, { kind: 'runs', how: 'simulator bin' }],
  [/^npm run build -w @helena\/widget$/, { kind: 'runs', how: 'widget build' }],
  [/^npm run gen:types -- \.\.\/shared\/spec\/vapi-openapi\.json$/, { kind: 'runs', how: 'gen:types' }],
  [/^node simulator\/scripts\/gen-simulator-(required|conformance)\.mjs$/, { kind: 'runs', how: 'generators' }],
  [/^node sdk\/scripts\/gen-server-sdk-names\.mjs$/, { kind: 'runs', how: 'generators' }],
  [/^node sdk\/scripts\/server-sdk-wire\.mjs <checkout>$/, { kind: 'runs', how: 'server-sdk wire tests' }],
  [/^npm run mail:retry$/, { kind: 'runs', how: 'mail:retry' }],
  [/^npm run offer:check -- (<file>|api\/offers\/demo-nexia\.json)$/, { kind: 'runs', how: 'offer:check' }],
  [/^npm run webhooks:retry$/, { kind: 'runs', how: 'webhooks:retry' }],
  [/^LEAD_WEBHOOK_SECRET=\S+ PORT=\d+ node api\/examples\/webhook-receiver\.mjs$/, { kind: 'runs', how: 'webhook receiver example' }],
  [/^npm run db:backup -- <file>( \[--force\])?$/, { kind: 'runs', how: 'db:backup' }],
  // PostgreSQL's own backup tools against the operator's database.
  [/^pg_(dump|restore) .*"\$DATABASE_URL"/, { kind: 'deployment' }],
  [/^npm run privacy:(export|erase) -- (<email>|\S+@\S+)$/, { kind: 'runs', how: 'privacy scripts' }],
  [/^npm run privacy:purge$/, { kind: 'runs', how: 'privacy scripts' }],
  [/^npm run db:seed-demo -- --leads \d+$/, { kind: 'runs', how: 'db:seed-demo' }],
  [/^npm run build -w @helena\/api$/, { kind: 'ci', step: 'npm run build' }],
  [/^npm run build -w @helena\/panel$/, { kind: 'ci', step: 'npm run build' }],
  [/^npm run (changeset|version)$/, { kind: 'release' }],
  [/^(\w+=\S+ )+.*node (--max-old-space-size=\d+ )?--import tsx api\/src\/main\.ts$/, { kind: 'deployment' }],
  [/^npm test$/, { kind: 'ci', step: 'npm test' }],
  [/^npm run build$/, { kind: 'ci', step: 'npm run build' }],
  [/^npm run typecheck$/, { kind: 'ci', step: 'npm run typecheck' }],
  [/^npm run lint$/, { kind: 'ci', step: 'npm run lint' }],
  [/^node scripts\/test-other-nodes\.mjs 22 24$/, { kind: 'ci', step: 'node scripts/test-other-nodes.mjs 22 24' }],
  // The suites npm test runs, one project or spec at a time.
  [/^npx vitest run --project (api|widget|panel)$/, { kind: 'ci', step: 'npm test' }],
  [/^npx playwright test e2e\/(widget|widget-panel|demo-site|widget-ux|consent|privacy-pages|panel)\.spec\.ts$/, { kind: 'ci', step: 'npm test' }],
  [/^npm install (-D |--save-dev )?@helena\//, { kind: 'registry' }],
  [/^npm install$/, { kind: 'ci', step: 'npm install --no-audit --no-fund' }],
  [/^npm run bench( -- (<name>|[\w-]+))?$/, { kind: 'benchmark' }],
  [/^node --import tsx bench\//, { kind: 'benchmark' }],
];

const runnerFor = (command: string) => RUNNERS.find(([pattern]) => pattern.test(command))?.[1];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts `command` in its own process group, waits until `url` answers 200, then presses Ctrl-C:
 * SIGINT to the whole group, as a terminal sends it. Resolves with how the command ended and what
 * it printed, once the port no longer answers.
 */
async function serveAndStop(command: string, args: string[], env: Record<string, string>, url: string) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await expect
    .poll(async () => (child.exitCode === null ? (await fetch(url).catch(() => null))?.status : `exited: ${output}`), { timeout: 120_000, interval: 250 })
    .toBe(200);
  process.kill(-child.pid!, 'SIGINT');
  const ended = await exited;
  await expect.poll(async () => (await fetch(url).catch(() => null))?.status ?? 'closed', { timeout: 30_000 }).toBe('closed');
  return { ...ended, output };
}

describe('the READMEs’ commands', () => {
  it('each command shown has a runner here or a step in .ci/run', () => {
    const unknown = READMES.flatMap((file) => readmeCommands(file).filter((c) => !runnerFor(c)).map((c) => `${file}: ${c}`));
    expect(unknown).toEqual([]);
    const ciMissing = READMES.flatMap(readmeCommands)
      .map(runnerFor)
      .filter((r): r is Extract<Runner, { kind: 'ci' }> => r?.kind === 'ci')
      .filter((r) => !ciSteps.split('\n').some((line) => line.trim() === r.step || line.trim().startsWith(`${r.step} `)));
    expect(ciMissing).toEqual([]);
  });

  it('npm start: the demo answers on its port, then shuts down cleanly', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const run = await serveAndStop('npm', ['start'], { PORT: String(port), DATABASE_PATH: join(dir, 'helena.db'), LOG_LEVEL: 'info' }, `http://127.0.0.1:${port}/healthz`);
    expect(run.output).toContain('Helena is running');
    // The server shut down gracefully, once, and npm start ended with it.
    expect(run.output.match(/"msg":"shutting down"/g)).toHaveLength(1);
    expect(run.code === 0 || run.signal === 'SIGINT', run.output).toBe(true);
  }, 180_000);

  it('node --import tsx api/src/main.ts: the server alone', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const run = await serveAndStop(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { PORT: String(port), DATABASE_PATH: join(dir, 'helena.db'), LOG_LEVEL: 'warn' }, `http://127.0.0.1:${port}/readyz`);
    expect(run.code, run.output).toBe(0);
  }, 120_000);

  it('npx helena-simulator --port N: the simulator on its own, answering with the platform’s 401 without a key', async () => {
    const port = await freePort();
    const child = spawn('npx', ['helena-simulator', '--port', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/assistant`).catch(() => null))?.status, { timeout: 60_000, interval: 250 }).toBe(401);
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }, 90_000);

  it('npm run build -w @helena/widget succeeds', () => {
    const build = spawnSync('npm', ['run', 'build', '-w', '@helena/widget'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  }, 120_000);

  it('the generators (gen:types and the simulator tables) run and reproduce the committed files byte for byte', () => {
    const runs: Array<[string, string[], string]> = [
      ['npm', ['run', 'gen:types', '--', '../shared/spec/vapi-openapi.json'], 'sdk/src/platform/generated/openapi.ts'],
      [process.execPath, ['simulator/scripts/gen-simulator-required.mjs'], 'simulator/src/simulator/required-fields.ts'],
      [process.execPath, ['simulator/scripts/gen-simulator-conformance.mjs'], 'simulator/src/simulator/conformance-tables.ts'],
      [process.execPath, ['sdk/scripts/gen-server-sdk-names.mjs'], 'sdk/src/server-sdk/generated/vapi-types.ts'],
    ];
    for (const [command, args, output] of runs) {
      const before = readFileSync(join(root, output), 'utf8');
      const run = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(readFileSync(join(root, output), 'utf8') === before, `${output} changed`).toBe(true);
    }
  }, 180_000);

  // The official repository's checkout is outside this one (nothing of it is kept here), so a
  // fresh clone can only ask for it: the runner names what it needs and exits 2.
  it('node sdk/scripts/server-sdk-wire.mjs <checkout>: without a checkout, says what it needs', () => {
    const run = spawnSync(process.execPath, ['sdk/scripts/server-sdk-wire.mjs', join(tmpdir(), 'no-such-checkout')], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: node sdk/scripts/server-sdk-wire.mjs <checkout of VapiAI/server-sdk-typescript at 2.0.0>');
  });

  it('npm run mail:retry: re-queues failed mail in the configured database and exits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const run = spawnSync('npm', ['run', '--silent', 'mail:retry'], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_PATH: join(dir, 'helena.db') } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('0 failed message(s) queued again');
  }, 60_000);

  it('npm run offer:check -- api/offers/demo-nexia.json: the demo offer is valid', () => {
    const run = spawnSync('npm', ['run', '--silent', 'offer:check', '--', 'api/offers/demo-nexia.json'], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('api/offers/demo-nexia.json: valid. Nexia');
  }, 60_000);

  it('npm run webhooks:retry: re-queues given-up webhook events in the configured database and exits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: join(dir, 'helena.db') };
    delete env.DATABASE_URL;
    const run = spawnSync('npm', ['run', '--silent', 'webhooks:retry'], { cwd: root, encoding: 'utf8', env });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('0 failed webhook event(s) queued again');
  }, 60_000);

  it('node api/examples/webhook-receiver.mjs: verifies what Helena sends, refuses a wrong signature, handles a retry once', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const port = await freePort();
    const child = spawn(process.execPath, ['api/examples/webhook-receiver.mjs'], {
      cwd: root,
      env: { ...process.env, LEAD_WEBHOOK_SECRET: secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    await expect.poll(() => output, { timeout: 30_000 }).toContain(`listening on http://127.0.0.1:${port}/`);
    const url = `http://127.0.0.1:${port}/`;
    const event = { id: 'evt-readme-1', payload: webhookBody({ type: 'proposal.viewed', data: { callId: 'call-1' } }, new Date().toISOString()) };
    // Helena's own attempt function, with the secret and with another one.
    expect(await eventPoster({ url, secret }, 10_000)(event)).toEqual({ delivered: true, status: 204 });
    expect(await eventPoster({ url, secret }, 10_000)(event)).toEqual({ delivered: true, status: 204 });
    expect(await eventPoster({ url, secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64') }, 10_000)(event)).toEqual({ delivered: false, error: 'HTTP 400', status: 400 });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([{ id: 'evt-readme-1', type: 'proposal.viewed', timestamp: expect.any(String), callId: 'call-1' }]);
  }, 60_000);

  it('npm run db:backup -- <file>: copies the configured SQLite database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: join(dir, 'helena.db') };
    delete env.DATABASE_URL;
    // mail:retry opens (and so creates and migrates) the database first.
    expect(spawnSync('npm', ['run', '--silent', 'mail:retry'], { cwd: root, encoding: 'utf8', env }).status).toBe(0);
    const run = spawnSync('npm', ['run', '--silent', 'db:backup', '--', join(dir, 'copy.db')], { cwd: root, encoding: 'utf8', env });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('integrity_check ok');
  }, 60_000);

  it('npm run db:seed-demo -- --leads N: fills the configured database (the refusal is in api/test/panel-seed.test.ts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: join(dir, 'helena.db') };
    delete env.DATABASE_URL;
    const seeded = spawnSync('npm', ['run', '--silent', 'db:seed-demo', '--', '--leads', '40'], { cwd: root, encoding: 'utf8', env });
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout.trim().split('\n').at(-1)!)).toMatchObject({ leads: 40 });
  }, 60_000);

  it('npm run privacy:export|erase -- <email> and privacy:purge: on a fresh database, nothing stored is an answer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-readme-'));
    dirs.push(dir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: join(dir, 'helena.db') };
    delete env.DATABASE_URL;
    const run = (...args: string[]) => spawnSync('npm', ['run', '--silent', ...args], { cwd: root, encoding: 'utf8', env });
    const exported = run('privacy:export', '--', 'ana@example.com');
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ email: 'ana@example.com', customers: [], conversations: [], emails: [] });
    const erased = run('privacy:erase', '--', 'ana@example.com');
    expect(erased.status, erased.stderr).toBe(0);
    expect(JSON.parse(erased.stdout).erased.customers).toBe(0);
    const purged = run('privacy:purge');
    expect(purged.status, purged.stderr).toBe(0);
    expect(JSON.parse(purged.stdout).retentionDays).toBe(365);
  }, 120_000);
});
