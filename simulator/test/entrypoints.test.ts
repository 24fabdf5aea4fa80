import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('entry points, from source', () => {
  it('both import in plain Node with no DOM; the node entry has the browser one in it', async () => {
    expect(typeof (globalThis as any).window).toBe('undefined');
    const [browser, node] = await Promise.all([import('@helena/simulator'), import('@helena/simulator/node')]);
    expect(Object.keys(browser)).toEqual(expect.arrayContaining(['createSimulatedCallObject', 'createFakeCallObject', 'enforceOneCallObject', 'CallObjectRegistry']));
    expect(Object.keys(browser)).not.toContain('createPlatformSimulator');
    expect(Object.keys(node)).toEqual(expect.arrayContaining([...Object.keys(browser), 'createPlatformSimulator', 'echoDialogue', 'scriptedDialogue']));
  });
});

// The published package as a consumer loads it: the built dist, through the exports map, once as
// ESM and once as CommonJS (`npm run build -w @helena/simulator` first; the full suite builds).
describe('built entry points', () => {
  const load = (code: string) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: packageDir, encoding: 'utf8' }));
  const entries = ['@helena/simulator', '@helena/simulator/node'];

  it('import as ESM and require as CommonJS', () => {
    const esm = load(`const out = {}; for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(await import(e)); console.log(JSON.stringify(out))`);
    const cjs = load(
      `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ` +
        `const out = {}; for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(require(e)); console.log(JSON.stringify(out))`,
    );
    for (const keys of [esm, cjs]) {
      expect(keys['@helena/simulator']).toEqual(expect.arrayContaining(['createSimulatedCallObject', 'createFakeCallObject']));
      expect(keys['@helena/simulator/node']).toEqual(expect.arrayContaining(['createPlatformSimulator', 'createSimulatedCallObject']));
    }
  });

  it('the node entry listens and answers with its keys', () => {
    const status = load(
      `const { createPlatformSimulator } = await import('@helena/simulator/node');
       const sim = createPlatformSimulator();
       const { url } = await sim.listen();
       const res = await fetch(url + '/assistant', { headers: { authorization: 'Bearer ' + sim.privateKey } });
       await sim.close();
       console.log(res.status);`,
    );
    expect(status).toBe(200);
  });
});

describe('the helena-simulator bin', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  it('node_modules/.bin/helena-simulator serves the platform API (keys required)', async () => {
    const child = spawn('node_modules/.bin/helena-simulator', ['--port', '0'], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    children.push(child);
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    const url = await vi.waitFor(
      () => {
        const m = /listening on (http:\/\/\S+)/.exec(text);
        if (!m?.[1]) throw new Error(`not listening yet: ${text}`);
        return m[1];
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await fetch(`${url}/assistant`)).status).toBe(401);
    const ok = await fetch(`${url}/assistant`, { headers: { authorization: 'Bearer demo-private-key' } });
    expect(ok.status).toBe(200);
  }, 40_000);
});
