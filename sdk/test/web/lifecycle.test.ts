// The client's lifecycle, read through `phase`: idle → starting → live → stopping → idle, and the
// paths a failed or stopped start and a remote hang-up take.
import { describe, expect, it } from 'vitest';
import { until, webCallBody } from './helpers';
import { setup } from './setup';

describe('phase', () => {
  it('idle → starting → live → stopping → idle', async () => {
    const { client } = await setup({ fake: { latency: { leave: 20 } } });
    expect(client.phase).toBe('idle');
    const pending = client.start('asst-1');
    expect(client.phase).toBe('starting');
    await pending;
    expect(client.phase).toBe('live');
    const stopping = client.stop();
    expect(client.phase).toBe('stopping');
    await stopping;
    expect(client.phase).toBe('idle');
  });

  it('a refused start ends idle; a start while live is refused and changes nothing', async () => {
    const { client, events } = await setup({ reply: (_r, n) => (n === 1 ? { status: 400, body: { message: 'no' } } : { body: webCallBody({}, n) }) });
    expect(await client.start('asst-1')).toBeNull();
    expect(client.phase).toBe('idle');
    expect((await client.start('asst-1'))?.id).toBe('call-2');
    expect(await client.start('asst-1')).toBeNull();
    expect(events('call-start-progress').at(-1)).toMatchObject({ stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } });
    expect(client.phase).toBe('live');
  });

  it('the assistant hanging up takes a live call to stopping, then idle', async () => {
    const { client, factory, events } = await setup({ fake: { latency: { destroy: 10 } } });
    await client.start('asst-1');
    factory.last!.endMeeting();
    expect(client.phase).toBe('stopping');
    await until(() => client.phase === 'idle', 3000, 'idle');
    expect(events('call-end')).toHaveLength(1);
  });
});
