// The early microphone: getUserMedia inside the gesture (synchronously in start(), before
// POST /call/web is sent), its track passed as the call object's audio source, stopped when the
// start fails or the call ends, reported as its own stage; a caller's mediaStream skips it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeTrack, type FakeTrack } from '@helena/simulator';
import { stagePairs } from './helpers';
import { setup } from './setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubMicrophone(answer: () => Promise<unknown>) {
  const requests: MediaStreamConstraints[] = [];
  vi.stubGlobal('navigator', {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    mediaDevices: {
      getUserMedia: (constraints: MediaStreamConstraints) => {
        requests.push(constraints);
        return answer();
      },
    },
  });
  return requests;
}

const streamOf = (track: FakeTrack) => ({ getAudioTracks: () => [track], getTracks: () => [track] });

describe('early microphone', () => {
  it('is asked for synchronously in start(), before POST /call/web, and its track is the audio source', async () => {
    const track = createFakeTrack('audio');
    const requests = stubMicrophone(async () => streamOf(track));
    const { client, factory, platform, log } = await setup();
    const pending = client.start('asst-1');
    // Still inside the caller's turn: nothing has been awaited yet.
    expect(requests).toEqual([{ audio: true }]);
    expect(platform.requests).toHaveLength(0);
    expect((await pending)?.id).toBe('call-1');
    expect(factory.last!.createOptions?.audioSource).toBe(track);
    const pairs = stagePairs(log);
    expect(pairs.slice(0, 2)).toEqual(['initialization:started', 'microphone-access:started']);
    expect(pairs).toContain('microphone-access:completed');
    expect(track.readyState).toBe('live');
    await client.stop();
    expect(track.readyState).toBe('ended');
  });

  it('is stopped when the start fails', async () => {
    const track = createFakeTrack('audio');
    stubMicrophone(async () => streamOf(track));
    const { client } = await setup({ reply: () => ({ status: 400, body: { message: 'bad assistant' } }) });
    expect(await client.start('asst-1')).toBeNull();
    expect(track.readyState).toBe('ended');
  });

  it('is stopped when stop() cancels the start, even if it arrives after the stop', async () => {
    const track = createFakeTrack('audio');
    let grant!: () => void;
    stubMicrophone(() => new Promise((resolve) => (grant = () => resolve(streamOf(track)))));
    const { client, factory } = await setup();
    const pending = client.start('asst-1');
    await client.stop();
    expect(await pending).toBeNull();
    grant();
    await vi.waitFor(() => expect(track.readyState).toBe('ended'));
    expect(factory.instances.every((f) => f.callsTo('join').length === 0)).toBe(true);
  });

  it('a refused microphone is reported as the stage failing, and daily is left to ask for it', async () => {
    stubMicrophone(async () => {
      throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    });
    const { client, factory, events } = await setup();
    expect((await client.start('asst-1'))?.id).toBe('call-1');
    expect(events('call-start-progress').find((e) => e.stage === 'microphone-access' && e.status === 'failed')).toMatchObject({
      metadata: { error: 'Permission denied' },
    });
    expect(factory.last!.createOptions?.audioSource).toBe(true);
  });

  it('a mediaStream option skips getUserMedia; its track is used and left running', async () => {
    const requests = stubMicrophone(async () => streamOf(createFakeTrack('audio')));
    const track = createFakeTrack('audio');
    const { client, factory, log } = await setup();
    await client.start('asst-1', undefined, undefined, undefined, undefined, { mediaStream: streamOf(track) as never });
    expect(requests).toEqual([]);
    expect(factory.last!.createOptions?.audioSource).toBe(track);
    expect(stagePairs(log)).toContain('microphone-access:completed');
    await client.stop();
    expect(track.readyState).toBe('live');
  });

  it('an audioSource chosen in the constructor is respected: no getUserMedia', async () => {
    const requests = stubMicrophone(async () => streamOf(createFakeTrack('audio')));
    const { client, factory } = await setup({ client: { dailyCallObject: { audioSource: 'mic-device-id' } } });
    await client.start('asst-1');
    expect(requests).toEqual([]);
    expect(factory.last!.createOptions?.audioSource).toBe('mic-device-id');
  });
});
