// 200 start/stop cycles on one page with the enforcing fake (see soak/run.ts for the mix). Run in
// a child process with --expose-gc so the heap figure is taken after a real collection.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const CYCLES = 200;

describe('soak: 200 start/stop cycles', () => {
  it('leaves no <audio>, no call-object listener, no timer, no second call object, and < 5 MB of heap', async () => {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', 'sdk/test/web/soak/run.ts', String(CYCLES)], {
      cwd: repo,
      maxBuffer: 4 << 20,
    });
    const figures = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(figures).toMatchObject({
      cycles: CYCLES,
      audioElements: 0,
      listeners: 0,
      fakeTimers: 0,
      liveTimers: 0,
      duplicateErrors: 0,
      duplicateErrorEvents: 0,
      undestroyed: 0,
      phase: 'idle',
    });
    // The counters measured something: timers were started and every call object was seen.
    expect(figures.timersTracked).toBeGreaterThan(0);
    // Per six cycles: start+reconnect (2), video recording (1), two audio calls (2) always start.
    expect(figures.callStartSuccess).toBeGreaterThanOrEqual(Math.floor(CYCLES / 6) * 5);
    expect(figures.heapGrowthBytes).toBeLessThan(5 * 1024 * 1024);
  }, 180_000);
});
