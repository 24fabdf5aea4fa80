// The heap ceiling `npm start` gives the server: a real Node started with those flags reports it,
// and an operator's own ceiling in NODE_OPTIONS is left to win.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { serverNodeFlags } from '../server-node-flags.mjs';

const heapLimitMb = (flags: string[], env: NodeJS.ProcessEnv = {}): number =>
  Number(
    execFileSync(process.execPath, [...flags, '-e', "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit / 1048576))"], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...env },
    }),
  );

it('gives the server a heap ceiling under 2 GB, where V8 grows the heap by at most twice its live size', () => {
  const limit = heapLimitMb(serverNodeFlags({}));
  expect(limit).toBeLessThan(2048);
  expect(limit).toBeLessThan(heapLimitMb([]));
});

it("leaves an operator's NODE_OPTIONS ceiling alone, which then wins", () => {
  const env = { NODE_OPTIONS: '--max-old-space-size=3000' };
  expect(serverNodeFlags(env)).toEqual([]);
  expect(heapLimitMb(serverNodeFlags(env), env)).toBeGreaterThan(heapLimitMb(serverNodeFlags({})));
});
