import type { Options } from 'tsup';

/** What every published package's build shares: ESM and CommonJS with declarations, for any platform. */
export const libraryBuild = {
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
} satisfies Options;
