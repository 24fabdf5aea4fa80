import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  // Tests import the SDK and the simulator by their package names, from source, without a build.
  resolve: {
    alias: {
      '@helena/sdk/web': src('./sdk/src/web/index.ts'),
      '@helena/simulator/node': src('./simulator/src/node.ts'),
      '@helena/simulator': src('./simulator/src/index.ts'),
      '@helena/sdk': src('./sdk/src/index.ts'),
      '@helena/react': src('./react/src/index.ts'),
      '@helena/widget/attributes': src('./widget/src/attributes.ts'),
    },
  },
  test: {
    // Every project inherits these (extends: true): the machine is shared, so a slow moment must
    // not fail a test that would pass.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two files at once on CI's 2 cores (vitest's default is one fewer than the cores: one file at
    // a time). Most files wait on servers, browsers' fakes and timers, not on the CPU.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'sdk', include: ['sdk/test/**/*.test.ts'], environment: 'node' } },
      // The simulator's and the api's files share one module graph per worker (no isolation):
      // they start servers of their own, mock no module, and run on three Node lines. (The api's
      // PostgreSQL suite once lost a schema, shared or not: Kysely's migrator scans every schema on
      // the server and met another file's drop; migrate() now runs that scan again.)
      { extends: true, test: { name: 'simulator', include: ['simulator/test/**/*.test.ts'], environment: 'node', isolate: false } },
      { extends: true, test: { name: 'api', include: ['api/test/**/*.test.ts'], environment: 'node', isolate: false } },
      { extends: true, test: { name: 'widget', include: ['widget/test/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      // After the others, one file at a time: the README commands rebuild widget/dist (and run
      // `npm start`), which other projects' files read.
      { extends: true, test: { name: 'repository', include: ['scripts/test/**/*.test.ts'], environment: 'node', maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'react', include: ['react/test/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      { extends: true, test: { name: 'panel', include: ['panel/test/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
    ],
  },
});
