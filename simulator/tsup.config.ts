import { defineConfig } from 'tsup';
import { libraryBuild } from '../tsup.base';

// Builds @helena/simulator; run through `npm run build -w @helena/simulator` (after the SDK's build).
export default defineConfig({
  ...libraryBuild,
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    'simulator-cli': 'src/cli.ts',
  },
  // Dependencies stay imports, so an app that has them installs them once.
  external: ['@helena/sdk', 'hono', '@hono/node-server', 'ws'],
  treeshake: true,
  splitting: true,
  tsconfig: 'tsconfig.build.json',
});
