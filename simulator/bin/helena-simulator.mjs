#!/usr/bin/env node
// helena-simulator: runs the built CLI when the package is built (always, once published). In a
// fresh clone nothing is built yet, so it falls back to the TypeScript source through tsx, which
// the repository installs as a dev dependency; that keeps `npx helena-simulator` working right
// after `npm install`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/simulator-cli.js', import.meta.url);
if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli.ts', import.meta.url).href);
}
