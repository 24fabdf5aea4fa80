#!/usr/bin/env node
// Runs the official server SDK's own wire tests against @helena/sdk/server-sdk.
//
//   node sdk/scripts/server-sdk-wire.mjs <checkout of VapiAI/server-sdk-typescript at 2.0.0> [--reference]
//
// --reference runs the same copy against @vapi-ai/server-sdk as installed here (2.0.1) instead,
// to compare. Other arguments go to vitest.
//
// Nothing of that repository is kept here. Its tests/wire, tests/mock-server and tests/setup.ts
// are copied to a temporary directory; the only edits are import paths: the client and the
// `Vapi` namespace come from @helena/sdk/server-sdk (this package's source), and the mock
// server's two `src/core` helpers (url.join, toJson/fromJson) from sdk/test/server-sdk/wire-core.
// The tests then run with vitest, as that repository runs them (globals, its setup files).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const checkout = process.argv[2] && resolve(process.argv[2]);
const reference = process.argv.includes('--reference');
const vitestArgs = process.argv.slice(3).filter((a) => a !== '--reference');
if (!checkout || !existsSync(join(checkout, 'tests', 'wire'))) {
  console.error('usage: node sdk/scripts/server-sdk-wire.mjs <checkout of VapiAI/server-sdk-typescript at 2.0.0>');
  process.exit(2);
}

/** The import rewrites, by the specifier each file had. */
const REWRITES = [
  // wire tests
  [/^import \{ VapiClient \} from "\.\.\/\.\.\/src\/Client";$/m, 'import { VapiClient } from "@helena/sdk/server-sdk";'],
  [/^import \* as Vapi from "\.\.\/\.\.\/src\/api\/index";$/m, 'import { Vapi } from "@helena/sdk/server-sdk";'],
  // mock server
  [/^import \{ url \} from "\.\.\/\.\.\/src\/core";$/m, 'import { url } from "./wire-core/index";'],
  [/^import \{ (fromJson, toJson|toJson) \} from "\.\.\/\.\.\/src\/core\/json";$/m, 'import { $1 } from "./wire-core/json";'],
];

const dir = mkdtempSync(join(tmpdir(), 'helena-server-sdk-wire-'));
try {
  const tests = join(dir, 'tests');
  cpSync(join(checkout, 'tests', 'wire'), join(tests, 'wire'), { recursive: true });
  cpSync(join(checkout, 'tests', 'mock-server'), join(tests, 'mock-server'), { recursive: true });
  cpSync(join(checkout, 'tests', 'setup.ts'), join(tests, 'setup.ts'));
  cpSync(join(repo, 'sdk', 'test', 'server-sdk', 'wire-core'), join(tests, 'mock-server', 'wire-core'), { recursive: true });
  for (const sub of ['wire', 'mock-server']) {
    for (const name of readdirSync(join(tests, sub)).filter((f) => f.endsWith('.ts'))) {
      const file = join(tests, sub, name);
      const before = readFileSync(file, 'utf8');
      const after = REWRITES.reduce((text, [from, to]) => text.replace(from, to), before);
      if (/from "\.\.\/\.\.\/src/.test(after)) throw new Error(`${sub}/${name}: an import into the official SDK's src is left`);
      if (after !== before) writeFileSync(file, after);
    }
  }
  // msw, vitest and the SDK's own dependencies resolve from the repository.
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `export default {
  resolve: { alias: { '@helena/sdk/server-sdk': ${JSON.stringify(reference ? '@vapi-ai/server-sdk' : join(repo, 'sdk', 'src', 'server-sdk', 'index.ts'))} } },
  test: { globals: true, environment: 'node', root: './tests/wire', setupFiles: ['../setup.ts', '../mock-server/setup.ts'] },
};
`,
  );
  const vitest = join(repo, 'node_modules', '.bin', 'vitest');
  const result = spawnSync(vitest, ['run', '--config', 'vitest.config.mjs', ...vitestArgs], { cwd: dir, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
