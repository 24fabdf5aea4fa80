// The `phase` event: one for every change of `client.phase`, carrying the phase before and after,
// along the paths the lifecycle allows (idle → starting → live → stopping → idle, and the
// starting → stopping of a failed or stopped start), on the enforcing fake call object.
import { describe, expect, it } from 'vitest';
import type { WebCallClient, WebCallPhaseEvent } from '@helena/sdk/web';
import { until, webCallBody } from './helpers';
import { setup } from './setup';

/** Every `phase` event, each checked against `client.phase` at the moment it is emitted. */
function recordPhases(client: WebCallClient) {
  const seen: Array<WebCallPhaseEvent & { current: string }> = [];
  client.on('phase', (event) => seen.push({ ...event, current: client.phase }));
  return {
    moves: () => seen.map((e) => `${e.previous} → ${e.phase}`),
    consistent: () => seen.every((e) => e.current === e.phase),
  };
}

describe('the phase event', () => {
  it('start → live → stop: idle → starting → live → stopping → idle', async () => {
    const { client } = await setup();
    const phases = recordPhases(client);
    const order: string[] = [];
    client.on('phase', ({ phase }) => order.push(phase));
    client.on('call-start-success', () => order.push('call-start-success'));

    const call = await client.start('asst-1');
    expect(call?.id).toBe('call-1');
    expect(phases.moves()).toEqual(['idle → starting', 'starting → live']);
    // live is announced before the success report, so a listener to the latter already sees it.
    expect(order).toEqual(['starting', 'live', 'call-start-success']);

    await client.stop();
    expect(phases.moves()).toEqual(['idle → starting', 'starting → live', 'live → stopping', 'stopping → idle']);
    expect(phases.consistent()).toBe(true);
  });

  it('a failed start: idle → starting → stopping → idle, and nothing else', async () => {
    const { client } = await setup({ reply: () => ({ status: 400, body: { message: 'assistantId must be a UUID' } }) });
    const phases = recordPhases(client);
    expect(await client.start('asst-1')).toBeNull();
    expect(phases.moves()).toEqual(['idle → starting', 'starting → stopping', 'stopping → idle']);
    expect(phases.consistent()).toBe(true);
    expect(client.phase).toBe('idle');
  });

  it('stop() during start(): idle → starting → stopping → idle; never live', async () => {
    const { client, factory } = await setup({ fake: { latency: { join: 200 } } });
    const phases = recordPhases(client);
    const pending = client.start('asst-1');
    await until(() => factory.last?.callsTo('join').length === 1, 2000, 'join');
    expect(phases.moves()).toEqual(['idle → starting']);
    await client.stop();
    expect(await pending).toBeNull();
    expect(phases.moves()).toEqual(['idle → starting', 'starting → stopping', 'stopping → idle']);
    expect(phases.consistent()).toBe(true);
  });

  it('the assistant hanging up: live → stopping → idle, once each', async () => {
    const { client, factory } = await setup({ fake: { latency: { destroy: 10 } } });
    const phases = recordPhases(client);
    await client.start('asst-1');
    factory.last!.endMeeting();
    await until(() => client.phase === 'idle', 3000, 'idle');
    expect(phases.moves()).toEqual(['idle → starting', 'starting → live', 'live → stopping', 'stopping → idle']);
  });

  it('a second start while the first call is still being torn down: stopping → starting, then live', async () => {
    const { client } = await setup({ fake: { latency: { destroy: 50 } }, reply: (_r, n) => ({ body: webCallBody({}, n) }) });
    await client.start('asst-1');
    const phases = recordPhases(client);
    const stopped = client.stop();
    expect(client.phase).toBe('stopping');
    const second = client.start('asst-1');
    expect((await second)?.id).toBe('call-2');
    await stopped;
    expect(phases.moves()).toEqual(['live → stopping', 'stopping → starting', 'starting → live']);
    expect(client.phase).toBe('live');
  });
});
