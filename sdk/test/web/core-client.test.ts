// WebCallClientCore: WebCallClient without the daily option checks, so that a bundle of it alone
// holds no zod; WebCallClient keeps them.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { WebCallClient, WebCallClientCore } from '@helena/sdk/web';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const badBlur = { inputSettings: { video: { processor: { type: 'background-blur', config: { strength: 2 } } } } };

/** The files that put code into a browser bundle of a module that imports `name` from the web entry. */
async function bundleInputs(name: string): Promise<string[]> {
  const out = await build({
    stdin: { contents: `export { ${name} } from './sdk/src/web/index.ts';`, resolveDir: root, loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    external: ['@daily-co/daily-js'],
    logLevel: 'error',
  });
  // metafile.inputs lists every file parsed; an output's inputs are those that kept some bytes.
  return Object.values(out.metafile.outputs).flatMap((o) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path));
}

describe('WebCallClientCore', () => {
  it('leaves the daily call-object options to daily-js; WebCallClient refuses a bad one at construction', () => {
    expect(() => new WebCallClientCore({ token: 'pk', dailyCallObject: badBlur })).not.toThrow();
    expect(() => new WebCallClient({ token: 'pk', dailyCallObject: badBlur })).toThrow(/inputSettings\.video\.processor\.config\.strength/);
    expect(new WebCallClient('pk')).toBeInstanceOf(WebCallClientCore);
  });

  it('bundles without zod; WebCallClient bundles with it', async () => {
    const zod = (inputs: string[]) => inputs.filter((path) => path.includes('node_modules/zod/'));
    expect(zod(await bundleInputs('WebCallClientCore'))).toEqual([]);
    expect(zod(await bundleInputs('WebCallClient')).length).toBeGreaterThan(0);
  });
});
