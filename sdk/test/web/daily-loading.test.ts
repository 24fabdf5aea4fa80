// daily-js is imported lazily, on the first start() that needs it; the positional constructor
// (which has no createCallObject) uses it. Here '@daily-co/daily-js' is mocked with a module
// that counts its own evaluation and hands out fakes.
import { describe, expect, it, vi } from 'vitest';
import { createFakeCallObjectFactory } from '@helena/simulator';
import { startPlatform } from './helpers';

const state = vi.hoisted(() => ({ evaluated: 0, factory: null as any }));

vi.mock('@daily-co/daily-js', () => {
  state.evaluated++;
  return { default: { createCallObject: (options: any) => state.factory(options) } };
});

describe('daily-js loading', () => {
  it('is not imported with @helena/sdk/web, but on the first start(); the positional constructor uses it', async () => {
    const { default: WebCallClient } = await import('@helena/sdk/web');
    state.factory = createFakeCallObjectFactory();
    const platform = await startPlatform();
    const client = new WebCallClient('pk-positional', platform.url, { avoidEval: true }, { audioSource: true });
    expect(state.evaluated).toBe(0);
    const call = await client.start('asst-1');
    expect(state.evaluated).toBe(1);
    expect(call?.id).toBe('call-1');
    expect(platform.requests[0]).toMatchObject({
      method: 'POST',
      path: '/call/web',
      headers: { authorization: 'Bearer pk-positional', 'content-type': 'application/json' },
      body: { assistantId: 'asst-1' },
    });
    expect(state.factory.last.createOptions).toEqual({ audioSource: true, videoSource: false, dailyConfig: { avoidEval: true } });
    await client.stop();
    await client.start('asst-1');
    expect(state.evaluated).toBe(1);
    await client.stop();
    await platform.close();
  });
});
