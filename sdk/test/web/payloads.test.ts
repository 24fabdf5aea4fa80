// Clone-safe payloads and the logger option.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCloneSafe } from '@helena/sdk/web';
import { createFakeTrack } from '@helena/simulator';
import { setup } from './setup';

afterEach(() => vi.restoreAllMocks());

// The event names @vapi-ai/web 2.7.1 declares (VapiEventNames in its dist/vapi.d.ts).
const EVENT_NAMES = [
  'call-end', 'call-start', 'volume-level', 'local-volume-level', 'local-audio-level-observer-error', 'speech-start',
  'speech-end', 'message', 'video', 'audio', 'error', 'camera-error', 'network-quality-change', 'network-connection',
  'daily-participant-updated', 'call-start-progress', 'call-start-success', 'call-start-failed', 'recording-started',
  'recording-stopped', 'recording-stats', 'recording-error', 'recording-upload-completed',
] as const;

describe('every emitted payload survives structuredClone', () => {
  it('through a whole call whose audio source, participants and errors carry tracks, functions and cycles', async () => {
    const micTrack = createFakeTrack('audio');
    const { client, factory } = await setup({ client: { dailyCallObject: { audioSource: micTrack as unknown as MediaStreamTrack } } });
    const seen: Array<{ event: string; payload: unknown }> = [];
    for (const name of EVENT_NAMES) {
      if (name === 'audio' || name === 'video') continue; // the media themselves
      client.on(name, ((payload?: unknown) => seen.push({ event: name, payload })) as never);
    }
    await client.start('asst-1');
    const fake = factory.last!;
    const bot = fake.addRemoteParticipant({ session_id: 'bot' });
    const withTracks: Record<string, unknown> = { ...bot, tracks: { audio: { state: 'playable', persistentTrack: fake.createTrack('audio') } } };
    withTracks.self = withTracks;
    fake.fire('participant-updated', { participant: withTracks });
    fake.fire('network-quality-change', { threshold: 'low', quality: 40, stats: { latest: { track: fake.createTrack('video') } } });
    fake.fire('error', { errorMsg: 'boom', error: { type: 'x', details: { track: fake.createTrack('audio'), retry: () => {} } } });
    fake.fire('recording-started', { instanceId: 'rec-1', layout: { preset: 'default' } });
    fake.receiveAppMessage({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'hola' });
    fake.remoteAudioLevels({ bot: 0.4 });
    await client.stop();

    const events = new Set(seen.map((s) => s.event));
    for (const name of ['call-start-progress', 'call-start-success', 'daily-participant-updated', 'network-quality-change', 'error', 'recording-started', 'message', 'volume-level', 'call-end']) {
      expect(events.has(name), name).toBe(true);
    }
    for (const { event, payload } of seen) {
      expect(() => structuredClone(payload), event).not.toThrow();
    }
    const creation = seen.find((s) => s.event === 'call-start-progress' && (s.payload as any).stage === 'daily-call-object-creation')!;
    expect((creation.payload as any).metadata.audioSource).toEqual({ kind: 'audio', id: micTrack.id, label: micTrack.label, readyState: 'live' });
    const updated = seen.find((s) => s.event === 'daily-participant-updated')!.payload as any;
    expect(updated.session_id).toBe('bot');
    expect(updated.self).toBe('[Circular]');
    // The call object itself still got the real track.
    expect(factory.instances[0]!.createOptions?.audioSource).toBe(micTrack);
  });
});

describe('toCloneSafe', () => {
  it('keeps plain data as it is and reduces what cannot be cloned', () => {
    const plain = { a: 1, b: 'x', c: [1, { d: null }], e: true, f: undefined };
    expect(toCloneSafe(plain)).toEqual(plain);
    const error = Object.assign(new Error('bad'), { code: 'E1' });
    const cyclic: Record<string, unknown> = { error, fn: () => 1, when: new Date(0) };
    cyclic.me = cyclic;
    const safe = toCloneSafe(cyclic) as Record<string, any>;
    expect(safe.me).toBe('[Circular]');
    expect('fn' in safe).toBe(false);
    expect(safe.error).toMatchObject({ message: 'bad', name: 'Error', code: 'E1' });
    expect(safe.when).toEqual(new Date(0));
    expect(() => structuredClone(safe)).not.toThrow();
  });
});

describe('the logger option', () => {
  it("'silent' keeps the console quiet; a logger receives what the console would have", async () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => {});
    const quiet = await setup({ client: { logger: 'silent' } });
    await quiet.client.start('asst-1');
    quiet.factory.last!.receiveAppMessage('{not json');
    expect(consoleLog).not.toHaveBeenCalled();

    const lines: unknown[][] = [];
    const logger = { log: (...a: unknown[]) => lines.push(a), warn: () => {}, error: () => {} };
    const told = await setup({ client: { logger } });
    await told.client.start('asst-1');
    told.factory.last!.receiveAppMessage('{not json');
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toBe('Error parsing message data: ');
    expect(consoleLog).not.toHaveBeenCalled();
  });
});
