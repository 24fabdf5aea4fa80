import { defineConfig } from 'tsup';
import { libraryBuild } from './tsup.base';

// Builds @helena/sdk from the repository root; run through `npm run build -w @helena/sdk`.
export default defineConfig({
  entry: {
    index: 'sdk/src/index.ts',
    web: 'sdk/src/web/index.ts',
    'server-sdk': 'sdk/src/server-sdk/index.ts',
  },
  // Runtime dependencies stay imports so consumers dedupe them.
  // ky (the REST client's HTTP layer, about 4 KB gz) is bundled and is a devDependency:
  // consumers install nothing for it, the CommonJS build needs no require() of an ESM-only
  // package (which Node 20 before 20.19 cannot do), and the SDK runs the ky it was tested with.
  external: ['@daily-co/daily-js', 'zod'],
  noExternal: ['ky'],
  ...libraryBuild,
  outDir: 'sdk/dist',
  treeshake: true,
  splitting: true,
  tsconfig: 'tsconfig.json',
});
