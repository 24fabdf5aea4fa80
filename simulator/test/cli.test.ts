import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../src/simulator/cli-main';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('helena-simulator', () => {
  it('parses its options', () => {
    expect(parseArgs([])).toEqual({ port: 4010, host: '127.0.0.1', help: false });
    expect(parseArgs(['--port', '0', '--host=0.0.0.0', '--speed', '5', '--latency', '20', '--public-key', 'pk'])).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      speed: 5,
      latencyMs: 20,
      publicKey: 'pk',
    });
    expect(() => parseArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--nope'])).toThrow(/Unknown option/);
  });

  it('runs the simulator on its own', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no start-up line: ${out}`)), 15_000);
        child.stdout.on('data', (d) => {
          out += d;
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      const ok = await fetch(`${url}/assistant`, { headers: { authorization: 'Bearer demo-private-key' } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual([]);
      const denied = await fetch(`${url}/assistant`, { headers: { authorization: 'Bearer demo-public-key' } });
      expect(denied.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
