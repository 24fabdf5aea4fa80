import { defineConfig } from 'tsup';
import { libraryBuild } from './tsup.base';

// Builds @helena/sdk from the repository root; run through `npm run build -w @helena/sdk`.
export default defineConfig({
  entry: {
    index: 'sdk/src/index.ts',
    web: 'sdk/src/web/index.ts',
    testing: 'sdk/src/testing/index.ts',
    'simulator-cli': 'sdk/src/testing/cli.ts',
  },
  // Runtime dependencies stay imports so consumers dedupe them. hono (the simulator's router,
  // small) is bundled into the testing entry, so that installing the SDK installs no server
  // package; @hono/node-server and ws, loaded only when a simulator listens (and ws on Node 20
  // for the simulated call object), are optional peers.
  // ky (the REST client's HTTP layer, about 4 KB gz) is bundled too and is a devDependency:
  // consumers install nothing for it, the CommonJS build needs no require() of an ESM-only
  // package (which Node 20 before 20.19 cannot do), and the SDK runs the ky it was tested with.
  external: ['@daily-co/daily-js', '@hono/node-server', 'ws', 'zod'],
  noExternal: ['hono', 'ky'],
  ...libraryBuild,
  outDir: 'sdk/dist',
  treeshake: true,
  splitting: true,
  tsconfig: 'tsconfig.json',
});
