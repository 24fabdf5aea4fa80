import { defineConfig } from 'tsup';
import { libraryBuild } from '../tsup.base';

// Builds @helena/react; run through `npm run build -w @helena/react` (after the SDK's build).
export default defineConfig({
  ...libraryBuild,
  entry: { index: 'src/index.ts' },
  // The app provides these once; bundling them would give it a second React or SDK.
  external: ['react', '@helena/sdk', '@helena/widget'],
  // The element's attribute list is the widget's, copied into this build: no runtime dependency.
  noExternal: ['@helena/widget/attributes'],
  tsconfig: 'tsconfig.build.json',
  // The hook and the component hold state and effects: client components for Next.js's app router.
  banner: { js: '"use client";' },
});
