// Runs every bench/<name>/index.mjs in turn; each prints our figure beside its peer's.
import { readdirSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const only = process.argv[2];
const root = new URL('../bench/', import.meta.url).pathname;
let failed = 0;
for (const name of readdirSync(root, { withFileTypes: true })) {
  if (!name.isDirectory() || (only && name.name !== only)) continue;
  const entry = join(root, name.name, 'index.mjs');
  if (!existsSync(entry)) continue;
  console.log(`\n=== bench/${name.name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
