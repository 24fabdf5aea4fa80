import { defineConfig } from 'tsup';

// Builds @helena/sdk from the repository root; run through `npm run build -w @helena/sdk`.
export default defineConfig({
  entry: {
    index: 'sdk/src/index.ts',
    web: 'sdk/src/web/index.ts',
    testing: 'sdk/src/testing/index.ts',
  },
  outDir: 'sdk/dist',
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  splitting: true,
  tsconfig: 'tsconfig.json',
});
