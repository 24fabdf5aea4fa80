import { defineConfig } from 'tsup';
import { libraryBuild } from './tsup.base';

// Builds @helena/sdk from the repository root; run through `npm run build -w @helena/sdk`.
export default defineConfig({
  entry: {
    index: 'sdk/src/index.ts',
    web: 'sdk/src/web/index.ts',
  },
  // Runtime dependencies stay imports so consumers dedupe them.
  external: ['@daily-co/daily-js', 'zod'],
  ...libraryBuild,
  outDir: 'sdk/dist',
  treeshake: true,
  splitting: true,
  tsconfig: 'tsconfig.json',
});
