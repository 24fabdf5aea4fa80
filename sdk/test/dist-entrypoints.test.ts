import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The published package as a consumer loads it: the built dist, through the exports map, in a
// plain Node process with no DOM globals, once as ESM and once as CommonJS.
const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const entries = ['@helena/sdk', '@helena/sdk/web', '@helena/sdk/testing'];

const load = (code: string) =>
  JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: sdkDir, encoding: 'utf8' }));

describe('built entry points', () => {
  it('import as ESM in plain Node', () => {
    const keys = load(
      `const out = {}; for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(await import(e)); ` +
        `console.log(JSON.stringify({ window: typeof window, out }))`,
    );
    expect(keys.window).toBe('undefined');
    expect(keys.out['@helena/sdk']).toEqual(expect.arrayContaining(['createPlatformClient', 'PlatformApiError', 'PlatformTimeoutError']));
    expect(keys.out['@helena/sdk/web']).toEqual(expect.arrayContaining(['WebCallClient', 'default']));
    expect(keys.out['@helena/sdk/testing']).toEqual(
      expect.arrayContaining(['createPlatformSimulator', 'createSimulatedCallObject', 'createFakeCallObject']),
    );
  });

  it('require as CommonJS in plain Node', () => {
    const keys = load(
      `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ` +
        `const out = {}; for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(require(e)); console.log(JSON.stringify(out))`,
    );
    expect(keys['@helena/sdk']).toContain('createPlatformClient');
    expect(keys['@helena/sdk/web']).toContain('WebCallClient');
    expect(keys['@helena/sdk/testing']).toContain('createPlatformSimulator');
  });
});
