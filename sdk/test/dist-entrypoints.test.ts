import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The published package as a consumer loads it: the built dist, through the exports map, in a
// plain Node process with no DOM globals, once as ESM and once as CommonJS.
const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const entries = ['@helena/sdk', '@helena/sdk/web', '@helena/sdk/server-sdk'];

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
    expect(keys.out['@helena/sdk/server-sdk']).toEqual(expect.arrayContaining(['VapiClient', 'VapiError', 'VapiTimeoutError', 'Vapi']));
    // The simulator is a package of its own now (@helena/simulator): no subpath leads to it.
    expect(load(`console.log(JSON.stringify(await import('@helena/sdk/testing').then(() => 'found', (e) => e.code)))`)).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('require as CommonJS in plain Node', () => {
    const keys = load(
      `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ` +
        `const out = {}; for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(require(e)); console.log(JSON.stringify(out))`,
    );
    expect(keys['@helena/sdk']).toContain('createPlatformClient');
    expect(keys['@helena/sdk/web']).toContain('WebCallClient');
    expect(keys['@helena/sdk/server-sdk']).toContain('VapiClient');
  });

  // The drop-in loads its fetcher adapter on first use: a chunk of its own in both builds.
  it('the CommonJS server-sdk build loads its lazy chunk', () => {
    const answer = load(
      `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ` +
        `const { VapiClient } = require('@helena/sdk/server-sdk'); ` +
        `const fetcher = async (args) => ({ ok: true, body: { url: args.url }, rawResponse: { headers: new Headers(), redirected: false, status: 200, statusText: 'OK', type: 'basic', url: args.url } }); ` +
        `console.log(JSON.stringify(await new VapiClient({ token: 't', baseUrl: 'https://platform.example', fetcher }).calls.get({ id: 'c1' })))`,
    );
    expect(answer).toEqual({ url: 'https://platform.example/call/c1' });
  });
});

// A consumer who installed only @helena/sdk and its dependencies: no hono, @hono/node-server or
// ws, which only the simulator needs. A project of its own in a temporary directory, with the
// built package and zod beside it.
describe('with its dependencies only', () => {
  it('every entry loads, with no server package installed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helena-sdk-consumer-'));
    try {
      const modules = join(dir, 'node_modules');
      mkdirSync(join(modules, '@helena', 'sdk'), { recursive: true });
      for (const part of ['package.json', 'dist']) cpSync(join(sdkDir, part), join(modules, '@helena', 'sdk', part), { recursive: true });
      const zod = dirname(createRequire(join(sdkDir, 'package.json')).resolve('zod/package.json'));
      symlinkSync(zod, join(modules, 'zod'), 'dir');
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
      const out = JSON.parse(
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const out = {};
             for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(await import(e)).length;
             for (const p of ['hono', '@hono/node-server', 'ws']) out[p] = await import(p).then(() => 'installed', () => 'missing');
             console.log(JSON.stringify(out));`,
          ],
          { cwd: dir, encoding: 'utf8' },
        ),
      ) as Record<string, number | string>;
      expect(out).toMatchObject({ hono: 'missing', '@hono/node-server': 'missing', ws: 'missing' });
      for (const e of entries) expect(out[e]).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('package.json declares no peer dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.peerDependencies).toBeUndefined();
    expect(pkg.peerDependenciesMeta).toBeUndefined();
  });
});
