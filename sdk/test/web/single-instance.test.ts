// daily-js allows one registered call object per page: a second createCallObject() while one is
// registered throws 'Duplicate DailyIframe instances are not allowed', and an instance leaves the
// registry only when destroy() has finished leave(). The enforcing fake keeps that rule; these
// tests drive the two paths that could create a call object while another was being torn down.
import { describe, expect, it } from 'vitest';
import {
  CallObjectRegistry,
  DUPLICATE_INSTANCE_MESSAGE,
  createFakeCallObject,
  createFakeCallObjectFactory,
  enforceOneCallObject,
} from '@helena/simulator';
import { webCallBody } from './helpers';
import { setup } from './setup';

describe('the enforcing fake follows daily-js 0.87', () => {
  it('a second instance throws while the first is registered, and is allowed once destroy() finished', async () => {
    const factory = createFakeCallObjectFactory({ latency: { leave: 20 } });
    const first = factory();
    await first.join({ url: 'https://x.daily.co/r' });
    expect(() => factory()).toThrow('Duplicate DailyIframe instances are not allowed');
    const destroying = first.destroy();
    // Still registered while leave() runs inside destroy().
    expect(() => factory()).toThrow(DUPLICATE_INSTANCE_MESSAGE);
    await destroying;
    expect(() => factory()).not.toThrow();
    expect(factory.registry.duplicateErrors).toBe(2);
  });

  it('allowMultipleCallInstances: true lifts the rule, as in daily', () => {
    const factory = createFakeCallObjectFactory();
    factory();
    expect(() => factory({ allowMultipleCallInstances: true })).not.toThrow();
  });
});

describe('enforceOneCallObject puts the rule in front of any createCallObject', () => {
  it('throws while one is registered; destroy() unregisters it once it has settled', async () => {
    // Fakes with a registry each, so only the wrapper's rule applies.
    const create = enforceOneCallObject((options) => createFakeCallObject(options, { registry: new CallObjectRegistry(), latency: { leave: 10 } }));
    const first = create();
    await first.join({ url: 'https://x.daily.co/r' });
    expect(() => create()).toThrow(DUPLICATE_INSTANCE_MESSAGE);
    const destroying = first.destroy();
    expect(() => create()).toThrow(DUPLICATE_INSTANCE_MESSAGE);
    await destroying;
    expect(() => create()).not.toThrow();
    expect(create.registry.duplicateErrors).toBe(2);
  });
});

describe('WebCallClient never holds two call objects', () => {
  it('an assistant with video recording on starts (the audio-only call object is destroyed first)', async () => {
    const { client, factory, events } = await setup({
      fake: { latency: { destroy: 5 } },
      reply: (_req, n) => ({ body: webCallBody({ artifactPlan: { videoRecordingEnabled: true } }, n) }),
    });
    const call = await client.start('asst-video');
    expect(call?.id).toBe('call-1');
    expect(events('call-start-success')).toHaveLength(1);
    expect(factory.registry.duplicateErrors).toBe(0);
    expect(factory.last!.createOptions?.videoSource).toBe(true);
    expect(factory.instances.filter((f) => !f.isDestroyed())).toHaveLength(1);
  });

  it('stop(); start() without awaiting stop() starts once the old call object is gone', async () => {
    const { client, factory, events } = await setup({ fake: { latency: { leave: 20 } } });
    await client.start('asst-1');
    void client.stop();
    const call = await client.start('asst-1');
    expect(call?.id).toBe('call-2');
    expect(factory.registry.duplicateErrors).toBe(0);
    expect(events('call-start-success')).toHaveLength(2);
    expect(factory.instances[0]!.isDestroyed()).toBe(true);
  });
});
