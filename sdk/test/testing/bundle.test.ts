// The widget bundles createSimulatedCallObject for browsers: it must not drag in the simulator's
// server code (hono), ws, or any node: module.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('createSimulatedCallObject in a browser bundle', () => {
  it('tree-shakes away the simulator, hono, ws and node: modules', async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      stdin: {
        contents: "import { createSimulatedCallObject } from '@helena/sdk/testing'; globalThis.create = createSimulatedCallObject;",
        resolveDir: root,
        loader: 'ts',
      },
      absWorkingDir: root,
      tsconfig: 'tsconfig.json',
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/hono|WebSocketServer|from ["']ws["']|node:/);
    expect(code).toContain('remote-participants-audio-level');
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.includes('node_modules/ws/'))).toBe(false);
    expect(code.length).toBeLessThan(30_000);
  });
});
