// Where WebCallClient is better than @vapi-ai/web 2.7.1: each improvement its own test.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { START_STAGES } from '@helena/sdk/web';
import { installDom, tick, until, webCallBody } from './helpers';
import { setup } from './setup';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const startEvents = ['call-start', 'call-start-success', 'call-start-failed', 'error', 'call-end'];

describe('stop() while start() is pending cancels it cleanly', () => {
  it('during POST /call/web: no join, no call-start, start() resolves null, and it can start again', async () => {
    const { client, factory, platform, log } = await setup({ reply: (_r, n) => ({ delayMs: n === 1 ? 300 : 0, body: webCallBody({}, n) }) });
    const pending = client.start('asst-1');
    await until(() => platform.requests.length === 1, 2000, 'request');
    await client.stop();
    expect(await pending).toBeNull();
    await tick(350); // the platform answers after the stop: nothing may happen
    expect(log.map((e) => e.event).filter((e) => startEvents.includes(e))).toEqual([]);
    // The call object made alongside the request never joined and was destroyed once.
    expect(factory.instances).toHaveLength(1);
    expect(factory.instances[0]!.callsTo('join')).toEqual([]);
    expect(factory.instances[0]!.destroyCount).toBe(1);
    expect(factory.instances[0]!.listenerCount()).toBe(0);
    // And it can start again.
    expect((await client.start('asst-1'))?.id).toBe('call-2');
    expect(log.filter((e) => e.event === 'call-start-success')).toHaveLength(1);
  });

  it('during join(): no join after the stop, no call-start even if the assistant says listening', async () => {
    const { client, factory, log } = await setup({ fake: { latency: { join: 300 } } });
    const pending = client.start('asst-1');
    await until(() => factory.last?.callsTo('join').length === 1, 2000, 'join');
    const fake = factory.last!;
    await client.stop();
    expect(await pending).toBeNull();
    fake.receiveAppMessage('listening');
    await tick(350);
    expect(fake.callsTo('join')).toHaveLength(1); // the one in flight at the stop; none after
    expect(log.map((e) => e.event).filter((e) => startEvents.includes(e))).toEqual([]);
    expect(fake.destroyCount).toBe(1);
    expect(fake.listenerCount()).toBe(0);
    expect((await client.start('asst-1'))?.id).toBe('call-2');
  });

  it('during the mobile wait: join never happens', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone)' });
    const { client, factory, log } = await setup();
    const pending = client.start('asst-1');
    await until(() => log.some((e) => e.event === 'call-start-progress' && e.args[0].stage === 'mobile-permissions'), 2000, 'mobile');
    await client.stop();
    expect(await pending).toBeNull();
    await tick(1100);
    expect(factory.last!.callsTo('join')).toEqual([]);
    expect(log.map((e) => e.event).filter((e) => startEvents.includes(e))).toEqual([]);
  });

  it('a second start() right after stop() is independent of the cancelled one', async () => {
    const { client, factory, platform } = await setup({ reply: (_r, n) => ({ delayMs: n === 1 ? 200 : 0, body: webCallBody({}, n) }) });
    const first = client.start('asst-1');
    await until(() => platform.requests.length === 1, 2000, 'request');
    await client.stop();
    const second = await client.start('asst-2');
    expect(await first).toBeNull();
    expect(second?.id).toBe('call-2');
    await tick(250);
    expect(client.getDailyCallObject()).toBe(factory.last);
    expect(factory.instances.filter((f) => f.callsTo('join').length)).toEqual([factory.last]);
  });
});

describe('a failed start with no error listener', () => {
  it('neither throws an unhandled error nor leaves the client stuck as started', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { client, factory, log } = await setup({ errorListener: false });
      factory.onCreate((fake) => {
        if (factory.instances.length === 0) fake.fail('join', new Error('join refused'));
      });
      await expect(client.start('asst-1')).resolves.toBeNull();
      expect(log.map((e) => e.event).filter((e) => e !== 'call-start-progress')).toEqual(['error', 'call-start-failed', 'error']);
      expect(errorLog).toHaveBeenCalled(); // the unlistened errors are logged
      expect((await client.start('asst-1'))?.id).toBe('call-2');
      await tick(10);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('the same when the platform refuses the call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = await setup({ errorListener: false, reply: (_r, n) => (n === 1 ? { status: 500, body: { message: 'down' } } : { body: webCallBody({}, n) }) });
    await expect(client.start('asst-1')).resolves.toBeNull();
    expect((await client.start('asst-1'))?.id).toBe('call-2');
  });
});

describe('nothing survives stop()', () => {
  let dom: Awaited<ReturnType<typeof installDom>>;
  beforeAll(async () => {
    dom = await installDom();
  });
  afterAll(async () => {
    await dom.uninstall();
  });

  it('no <audio> element, call-object listener or timer; the call object is destroyed once', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    const fake = factory.last!;
    fake.startTrack(fake.addRemoteParticipant({ session_id: 'bot' }), 'audio');
    await until(() => client.getAudioPlayer() !== null, 2000, 'player');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fake.remoteAudioLevels({ bot: 0.3 }); // a pending speech-end timer
    expect(vi.getTimerCount()).toBe(1);
    expect(document.querySelectorAll('audio')).toHaveLength(1);
    expect(fake.listenerCount()).toBeGreaterThan(0);
    await client.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    expect(fake.listenerCount()).toBe(0);
    expect(fake.destroyCount).toBe(1);
    expect(client.getAudioPlayer()).toBeNull();
  });

  it('an <audio> element still starting when stop() runs is removed, and no `audio` follows', async () => {
    let releasePlay!: () => void;
    // play() returns a promise in the DOM; the stub keeps it pending until the test releases it.
    vi.spyOn(dom.window.HTMLMediaElement.prototype, 'play').mockImplementation(
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      () => new Promise<void>((resolve) => (releasePlay = resolve)),
    );
    const { client, factory, events } = await setup();
    await client.start('asst-1');
    const fake = factory.last!;
    fake.startTrack(fake.addRemoteParticipant({ session_id: 'bot' }), 'audio');
    await until(() => document.querySelectorAll('audio').length === 1, 2000, 'element');
    await client.stop();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    releasePlay();
    await tick(5);
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    expect(events('audio')).toEqual([]);
    expect(fake.appMessages).toEqual([]);
  });

  it('stop() during a call destroys the call object once even though daily reports leaving from inside destroy()', async () => {
    const { client, factory, log } = await setup();
    await client.start('asst-1');
    await client.stop();
    await client.stop();
    expect(factory.last!.destroyCount).toBe(1);
    expect(log.filter((e) => e.event === 'call-end')).toHaveLength(1);
  });
});

describe('independent start work overlaps', () => {
  it('POST /call/web runs while the call object is created, loaded and gets the microphone; every stage is still reported', async () => {
    const { client, factory, platform, events } = await setup({
      reply: (_r, n) => ({ delayMs: 500, body: webCallBody({}, n) }),
      fake: { latency: { load: 300, startCamera: 200, join: 400 } },
    });
    const t0 = Date.now();
    await client.start('asst-1');
    const total = Date.now() - t0;
    const fake = factory.last!;
    const at = (m: string) => fake.calls.find((c) => c.method === m)!.at;
    // The warm-up began right away, while the request was in flight…
    expect(platform.requests).toHaveLength(1);
    expect(at('load')).toBeLessThan(100);
    expect(at('startCamera')).toBeLessThan(500);
    // …so join() pays only its own cost, after the request: about 500 + 400, not 500 + 900.
    expect(at('join')).toBeGreaterThanOrEqual(480);
    expect(total).toBeGreaterThanOrEqual(880);
    expect(total).toBeLessThan(1300); // sequential would be 1400
    const pairs = events('call-start-progress').map((p) => `${p.stage}:${p.status}`);
    expect(pairs).toEqual([
      'initialization:started',
      'web-call-creation:started',
      'web-call-creation:completed',
      'daily-call-object-creation:started',
      'daily-call-object-creation:completed',
      'mobile-permissions:started',
      'mobile-permissions:completed',
      'daily-call-join:started',
      'daily-call-join:completed',
      'video-recording-setup:completed',
      'audio-observer-setup:started',
      'audio-observer-setup:completed',
      'audio-processing-setup:started',
      'audio-processing-setup:completed',
    ]);
    expect(new Set(pairs.map((p) => p.split(':')[0]))).toEqual(new Set(START_STAGES));
    const webCall = events('call-start-progress').find((p) => p.stage === 'web-call-creation' && p.status === 'completed');
    expect(webCall.duration).toBeGreaterThanOrEqual(480);
    const join = events('call-start-progress').find((p) => p.stage === 'daily-call-join' && p.status === 'completed');
    expect(join.duration).toBeGreaterThanOrEqual(380);
    expect(join.duration).toBeLessThan(600);
  });

  it('a failed warm-up is not fatal: join() does the work itself', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, factory } = await setup();
    factory.onCreate((fake) => fake.fail('startCamera', new Error('NotAllowedError')));
    expect((await client.start('asst-1'))?.id).toBe('call-1');
    expect(factory.last!.callsTo('join')).toHaveLength(1);
  });
});
