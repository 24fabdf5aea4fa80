// The widget bundles createSimulatedCallObject for browsers: the browser entry must not drag in
// the simulator's server code (hono), ws, or any node: module.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function bundle(contents: string) {
  const esbuild = await import('esbuild');
  return esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    absWorkingDir: root,
    tsconfig: 'tsconfig.json',
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
  });
}

describe('@helena/simulator in a browser bundle', () => {
  it('the whole entry: no hono, ws or node: module', async () => {
    const result = await bundle("import * as simulator from '@helena/simulator'; globalThis.simulator = simulator;");
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/hono|WebSocketServer|from ["']ws["']|node:/);
    expect(code).toContain('createFakeCallObject');
    expect(Object.keys(result.metafile.inputs).some((p) => p.includes('node_modules/ws/') || p.includes('node_modules/hono/'))).toBe(false);
  });

  it('createSimulatedCallObject alone stays small', async () => {
    const result = await bundle("import { createSimulatedCallObject } from '@helena/simulator'; globalThis.create = createSimulatedCallObject;");
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/hono|WebSocketServer|from ["']ws["']|node:/);
    expect(code).toContain('remote-participants-audio-level');
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.includes('node_modules/ws/'))).toBe(false);
    expect(code.length).toBeLessThan(30_000);
  });
});
