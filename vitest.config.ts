import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// One alias table so tests import the SDK by package name, from source, without a build.
const alias = {
  '@helena/sdk/web': src('./sdk/src/web/index.ts'),
  '@helena/sdk/testing': src('./sdk/src/testing/index.ts'),
  '@helena/sdk': src('./sdk/src/index.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'sdk', include: ['sdk/test/**/*.test.ts'], environment: 'node' } },
      { resolve: { alias }, test: { name: 'api', include: ['api/test/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: { name: 'widget', include: ['widget/test/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
