// WebCallClient behaviour, one test per rule, driven by createFakeCallObject() and a real
// local platform server answering POST /call/web.
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebCallClient, { START_STAGES } from '@helena/sdk/web';
import { createFakeCallObjectFactory } from '@helena/simulator';
import { startPlatform, tick, until, webCallBody } from './helpers';
import { onCleanup, setup } from './setup';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('constructor', () => {
  it('options form: token, baseUrl, createCallObject, dailyCallConfig, dailyCallObject', async () => {
    const { client, factory, platform } = await setup({
      client: { token: 'pk-options', dailyCallConfig: { avoidEval: true }, dailyCallObject: { startAudioOff: true } },
    });
    await client.start('asst-1');
    expect(platform.requests[0]!.headers.authorization).toBe('Bearer pk-options');
    expect(factory.last!.createOptions).toEqual({
      audioSource: true,
      videoSource: false,
      startAudioOff: true,
      dailyConfig: { avoidEval: true },
    });
  });

  it("the default base URL is the platform's public API host", async () => {
    const urls: string[] = [];
    const fakeFetch = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(webCallBody()), { status: 201 });
    }) as unknown as typeof fetch;
    const client = new WebCallClient({ token: 'pk', createCallObject: createFakeCallObjectFactory(), fetch: fakeFetch });
    await client.start('asst-1');
    await client.stop();
    expect(urls).toEqual(['https://api.vapi.ai/call/web']);
  });

  it('each instance has its own token and base URL', async () => {
    const a = await setup({ client: { token: 'pk-a' } });
    const b = await setup({ client: { token: 'pk-b' } });
    await Promise.all([a.client.start('asst-a'), b.client.start('asst-b')]);
    expect(a.platform.requests.map((r) => [r.headers.authorization, r.body.assistantId])).toEqual([['Bearer pk-a', 'asst-a']]);
    expect(b.platform.requests.map((r) => [r.headers.authorization, r.body.assistantId])).toEqual([['Bearer pk-b', 'asst-b']]);
  });
});

describe('start()', () => {
  it('a string is sent as the matching …Id field, an object inline', async () => {
    const { client, platform } = await setup();
    await client.start('asst-1', { variableValues: { x: 1 } });
    await client.stop();
    await client.start({ name: 'inline' }, undefined, 'squad-1', { name: 'flow', nodes: [], edges: [] }, { variableValues: { y: 2 } });
    await client.stop();
    await client.start(undefined, undefined, { members: [] }, 'wf-1');
    expect(platform.requests.map((r) => r.body)).toEqual([
      { assistantId: 'asst-1', assistantOverrides: { variableValues: { x: 1 } } },
      { assistant: { name: 'inline' }, squadId: 'squad-1', workflow: { name: 'flow', nodes: [], edges: [] }, workflowOverrides: { variableValues: { y: 2 } } },
      { squad: { members: [] }, workflowId: 'wf-1' },
    ]);
  });

  it("none of assistant, squad or workflow: throws 'Assistant or Squad or Workflow must be provided.' and emits a validation-error at input-validation", async () => {
    const { client, platform, events } = await setup();
    await expect(client.start()).rejects.toThrow('Assistant or Squad or Workflow must be provided.');
    expect(events('error')).toEqual([
      {
        type: 'validation-error',
        stage: 'input-validation',
        error: expect.objectContaining({ message: 'Assistant or Squad or Workflow must be provided.', name: 'Error' }),
        timestamp: expect.any(String),
      },
    ]);
    expect(platform.requests).toHaveLength(0);
  });

  it('started twice → null (one request, one call object)', async () => {
    const { client, platform, factory, events } = await setup();
    const first = client.start('asst-1');
    const second = await client.start('asst-2');
    expect(second).toBeNull();
    expect((await first)?.id).toBe('call-1');
    expect(await client.start('asst-3')).toBeNull();
    expect(platform.requests).toHaveLength(1);
    expect(factory.instances).toHaveLength(1);
    expect(events('call-start-progress').filter((e) => e.stage === 'validation')).toEqual([
      { stage: 'validation', status: 'failed', timestamp: expect.any(String), metadata: { reason: 'already-started' } },
      { stage: 'validation', status: 'failed', timestamp: expect.any(String), metadata: { reason: 'already-started' } },
    ]);
  });
});

describe('start stages and start events', () => {
  it('every stage is reported with {stage, status, duration?, timestamp, metadata?}, in order', async () => {
    const { client, events } = await setup();
    await client.start('asst-1');
    const progress = events('call-start-progress');
    const stagesSeen = [...new Set(progress.map((p) => p.stage))];
    expect(stagesSeen).toEqual([...START_STAGES]);
    for (const p of progress) {
      expect(Object.keys(p).every((k) => ['stage', 'status', 'duration', 'timestamp', 'metadata'].includes(k))).toBe(true);
      expect(['started', 'completed', 'failed']).toContain(p.status);
      expect(new Date(p.timestamp).toISOString()).toBe(p.timestamp);
      if ('duration' in p) expect(typeof p.duration).toBe('number');
    }
    expect(progress[0]).toMatchObject({ stage: 'initialization', status: 'started', metadata: { hasAssistant: true, hasSquad: false, hasWorkflow: false } });
    expect(progress.find((p) => p.stage === 'web-call-creation' && p.status === 'completed')).toMatchObject({
      duration: expect.any(Number),
      metadata: { callId: 'call-1', videoRecordingEnabled: false, voiceProvider: '11labs' },
    });
    expect(progress.find((p) => p.stage === 'daily-call-object-creation' && p.status === 'started')!.metadata).toEqual({
      audioSource: true,
      videoSource: false,
      isVideoRecordingEnabled: false,
      isVideoEnabled: false,
    });
  });

  it('a completed start emits call-start-success {totalDuration, callId, timestamp} and returns the call', async () => {
    const { client, events } = await setup();
    const call = await client.start('asst-1');
    expect(call).toMatchObject({ id: 'call-1', webCallUrl: 'https://helena-test.daily.co/room-1' });
    expect(events('call-start-success')).toEqual([{ totalDuration: expect.any(Number), callId: 'call-1', timestamp: expect.any(String) }]);
  });

  it('a failed start emits call-start-failed (text, stack, total duration, context), then the error type, and resets', async () => {
    const { client, factory, events, log } = await setup();
    factory.onCreate((fake) => {
      if (factory.instances.length === 0) fake.fail('join', new Error('join refused'));
    });
    expect(await client.start('asst-1')).toBeNull();
    const failed = events('call-start-failed');
    expect(failed).toEqual([
      {
        stage: 'unknown',
        totalDuration: expect.any(Number),
        error: 'join refused',
        errorStack: expect.stringContaining('join refused'),
        timestamp: expect.any(String),
        context: { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: false },
      },
    ]);
    const names = log.map((e) => e.event).filter((n) => n !== 'call-start-progress');
    expect(names).toEqual(['error', 'call-start-failed', 'error']);
    expect(events('error').map((e) => e.type)).toEqual(['daily-call-join-error', 'start-method-error']);
    // Reset: the call object is destroyed once, nothing is current, and a new start works.
    expect(factory.last!.destroyCount).toBe(1);
    expect(client.getDailyCallObject()).toBeNull();
    expect((await client.start('asst-1'))?.id).toBe('call-2');
    expect(factory.instances).toHaveLength(2);
  });

  it.each([
    ['daily-call-object-creation-error', (f: ReturnType<typeof createFakeCallObjectFactory>) => f.failNextCreate(new Error('no daily'))],
    ['daily-call-join-error', (f: ReturnType<typeof createFakeCallObjectFactory>) => f.onCreate((c) => c.fail('join', new Error('x')))],
    [
      'audio-observer-setup-error',
      (f: ReturnType<typeof createFakeCallObjectFactory>) =>
        f.onCreate((c) => c.fail('startRemoteParticipantsAudioLevelObserver', new Error('x'))),
    ],
    [
      'audio-processing-setup-error',
      (f: ReturnType<typeof createFakeCallObjectFactory>) => f.onCreate((c) => c.fail('updateInputSettings', new Error('x'), { throwSync: true })),
    ],
  ])('error type %s', async (type, script) => {
    const { client, factory, events } = await setup();
    script(factory);
    await client.start('asst-1');
    expect(events('error').map((e) => e.type)).toContain(type);
    const error = events('error').find((e) => e.type === type);
    expect(error).toMatchObject({ stage: type.replace(/-error$/, ''), error: { message: expect.any(String) }, timestamp: expect.any(String) });
  });

  it('error type video-recording-setup-error (recording enabled, startRecording throws)', async () => {
    const { client, factory, events } = await setup({ reply: (_r, n) => ({ body: webCallBody({ artifactPlan: { videoRecordingEnabled: true } }, n) }) });
    factory.onCreate((c) => c.fail('startRecording', new Error('no recording')));
    expect((await client.start('asst-1'))?.id).toBe('call-1');
    expect(events('error')).toEqual([
      { type: 'video-recording-setup-error', stage: 'video-recording-setup', error: expect.objectContaining({ message: 'no recording' }), timestamp: expect.any(String) },
    ]);
  });

  it('error type start-method-error (the platform refuses the call)', async () => {
    const { client, events } = await setup({ reply: () => ({ status: 401, body: { message: 'Invalid Key.', error: 'Unauthorized', statusCode: 401 } }) });
    expect(await client.start('asst-1')).toBeNull();
    expect(events('error')).toEqual([
      expect.objectContaining({ type: 'start-method-error', stage: 'unknown', error: expect.objectContaining({ message: 'Invalid Key.' }) }),
    ]);
    expect(events('call-start-failed')[0].error).toBe('Invalid Key.');
  });
});

describe('during and after the call', () => {
  it("the 'listening' app message → call-start", async () => {
    const { client, factory, events, log } = await setup();
    await client.start('asst-1');
    expect(log.some((e) => e.event === 'call-start')).toBe(false);
    factory.last!.receiveAppMessage('listening');
    expect(log.filter((e) => e.event === 'call-start')).toHaveLength(1);
    expect(events('message')).toEqual([]);
  });

  it('other app messages are parsed into `message`; unparseable ones are only logged', async () => {
    const logSpy = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { client, factory, events } = await setup();
    await client.start('asst-1');
    factory.last!.receiveAppMessage({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Ho' });
    factory.last!.fire('app-message', { data: '{broken', fromId: 'x' });
    factory.last!.receiveAppMessage({ type: 'speech-update', status: 'started', role: 'assistant' });
    expect(events('message')).toEqual([
      { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Ho' },
      { type: 'speech-update', status: 'started', role: 'assistant' },
    ]);
    expect(events('error')).toEqual([]);
    expect(logSpy).toHaveBeenCalledWith('Error parsing message data: ', expect.any(SyntaxError));
  });

  it('leaving → call-end plus a synthetic ended status-update when none was seen; then the client resets', async () => {
    const { client, factory, log } = await setup();
    await client.start('asst-1');
    factory.last!.endMeeting();
    expect(log.slice(-2).map((e) => [e.event, e.args[0]])).toEqual([
      ['call-end', undefined],
      ['message', { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' }],
    ]);
    await until(() => factory.last!.destroyCount === 1, 1000, 'destroy');
    expect(client.getDailyCallObject()).toBeNull();
    expect((await client.start('asst-1'))?.id).toBe('call-2');
  });

  it('leaving after the platform sent an ended status → call-end only', async () => {
    const { client, factory, log } = await setup();
    await client.start('asst-1');
    factory.last!.receiveAppMessage({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' });
    factory.last!.endMeeting();
    expect(log.slice(-2).map((e) => e.event)).toEqual(['message', 'call-end']);
  });

  it('the remote audio-level observer runs every 100 ms', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    expect(factory.last!.callsTo('startRemoteParticipantsAudioLevelObserver')).toEqual([[100]]);
  });

  it('volume-level = min(1, sum / 0.15)', async () => {
    const { client, factory, events } = await setup();
    await client.start('asst-1');
    factory.last!.remoteAudioLevels({ a: 0.03, b: 0.0 });
    factory.last!.remoteAudioLevels({ a: 0.05, b: 0.04 });
    factory.last!.remoteAudioLevels({ a: 0.3 });
    factory.last!.remoteAudioLevels({});
    const levels = events('volume-level');
    expect(levels[0]).toBeCloseTo(0.2);
    expect(levels[1]).toBeCloseTo(0.6);
    expect(levels.slice(2)).toEqual([1, 0]);
  });

  it('speech-start when the summed level exceeds 0.01, once per utterance', async () => {
    const { client, factory, log } = await setup();
    await client.start('asst-1');
    factory.last!.remoteAudioLevels({ a: 0.005, b: 0.005 }); // exactly 0.01: not speaking
    expect(log.filter((e) => e.event === 'speech-start')).toHaveLength(0);
    factory.last!.remoteAudioLevels({ a: 0.006, b: 0.005 });
    factory.last!.remoteAudioLevels({ a: 0.5 });
    expect(log.filter((e) => e.event === 'speech-start')).toHaveLength(1);
  });

  it('speech-end 1000 ms after the last level above the threshold', async () => {
    const { client, factory, log } = await setup();
    await client.start('asst-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    factory.last!.remoteAudioLevels({ a: 0.2 });
    vi.advanceTimersByTime(600);
    factory.last!.remoteAudioLevels({ a: 0.2 }); // still speaking: the timer restarts
    factory.last!.remoteAudioLevels({ a: 0.0 }); // silence does not restart it
    vi.advanceTimersByTime(999);
    expect(log.filter((e) => e.event === 'speech-end')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(log.filter((e) => e.event === 'speech-end')).toHaveLength(1);
    expect(log.filter((e) => e.event === 'speech-start')).toHaveLength(1);
  });

  it("the remote speaker is the participant named 'Vapi Speaker': its tracks are reported and 'playable' sent", async () => {
    const { client, factory, events } = await setup();
    await client.start('asst-1');
    const fake = factory.last!;
    const guest = fake.addRemoteParticipant({ session_id: 'guest', user_name: 'Somebody' });
    fake.startTrack(guest, 'video');
    fake.startTrack(guest, 'audio');
    expect(events('video')).toEqual([]);
    const speaker = fake.addRemoteParticipant({ session_id: 'bot' });
    const video = fake.startTrack(speaker, 'video');
    fake.startTrack(speaker, 'audio');
    await tick(5);
    expect(events('video')).toEqual([video]);
    // Without a document there is no <audio> element and no `audio` event (see the DOM tests).
    expect(events('audio')).toEqual([]);
    expect(fake.appMessages).toEqual(['playable', 'playable']);
  });

  it('remote tracks are subscribed to on participant-joined: audio always, video only with recording or a video avatar', async () => {
    for (const [body, video] of [
      [{}, false],
      [{ artifactPlan: { videoRecordingEnabled: true } }, true],
      [{ assistant: { voice: { provider: 'tavus' } } }, true],
    ] as const) {
      const { client, factory } = await setup({ reply: (_r, n) => ({ body: webCallBody(body, n) }) });
      await client.start('asst-1');
      const fake = factory.instances.find((f) => f.callsTo('join').length)!;
      fake.addRemoteParticipant({ session_id: 'bot' });
      fake.fire('participant-joined', { participant: { session_id: 'me', user_name: '', local: true } });
      expect(fake.callsTo('updateParticipant')).toEqual([['bot', { setSubscribedTracks: { audio: true, video } }]]);
      expect(fake.callsTo('join')[0]![0]).toMatchObject({ subscribeToTracksAutomatically: false });
      await client.stop();
    }
  });

  it('video recording: 1280×720, background #1F2D3D, default layout; then say-first-message with the delay', async () => {
    const { client, factory, events } = await setup({ reply: (_r, n) => ({ body: webCallBody({ artifactPlan: { videoRecordingEnabled: true } }, n) }) });
    await client.start('asst-1');
    const fake = factory.instances.find((f) => f.callsTo('join').length)!;
    expect(fake.createOptions).toMatchObject({ videoSource: true });
    expect(fake.callsTo('startRecording')).toEqual([[{ width: 1280, height: 720, backgroundColor: '#FF1F2D3D', layout: { preset: 'default' } }]]);
    expect(fake.appMessages).toEqual([]);
    await tick(20);
    fake.fire('recording-started', { instanceId: 'r1' });
    fake.fire('recording-started', { instanceId: 'r1' });
    const sent = fake.appMessagesParsed as any[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'control', control: 'say-first-message' });
    expect(sent[0].videoRecordingStartDelaySeconds).toBeGreaterThanOrEqual(0.015);
    expect(events('call-start-progress').at(-1)).toMatchObject({ stage: 'video-recording-started', status: 'completed', metadata: { delaySeconds: sent[0].videoRecordingStartDelaySeconds } });
    expect(events('recording-started')).toHaveLength(2);
  });

  it('noise cancellation is on by default', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    expect(factory.last!.callsTo('updateInputSettings')).toEqual([[{ audio: { processor: { type: 'noise-cancellation' } } }]]);
  });

  it('a non-fatal audio-processor-error turns noise cancellation off and re-enables the microphone', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    client.setMuted(true);
    factory.last!.fire('nonfatal-error', { type: 'audio-processor-error', errorMsg: 'krisp' });
    await until(() => client.isMuted() === false, 1000, 'mic back on');
    expect(factory.last!.callsTo('updateInputSettings').at(-1)).toEqual([{ audio: { processor: { type: 'none' } } }]);
    expect(factory.last!.callsTo('setLocalAudio')).toEqual([[false], [true]]);
  });

  it.each(['Android', 'iPhone', 'iPad', 'iPod', 'IEMobile', 'BlackBerry', 'Bada'])('mobile detection by user agent: %s', async (word) => {
    vi.stubGlobal('navigator', { userAgent: `Mozilla/5.0 (${word}; like Gecko)` });
    const { client, events } = await setup();
    const started = client.start('asst-1');
    await until(() => events('call-start-progress').some((p) => p.stage === 'mobile-permissions'), 2000, 'mobile stage');
    expect(events('call-start-progress').find((p) => p.stage === 'mobile-permissions')!.metadata).toEqual({ isMobile: true });
    await client.stop();
    expect(await started).toBeNull();
  });

  it('a desktop user agent is not mobile', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15' });
    const { client, events } = await setup();
    await client.start('asst-1');
    expect(events('call-start-progress').filter((p) => p.stage === 'mobile-permissions').map((p) => p.metadata)).toEqual([
      { isMobile: false },
      { action: 'skipped-not-mobile' },
    ]);
  });

  it('on mobile, join waits 1 s', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    const { client, factory, events } = await setup();
    const t0 = Date.now();
    await client.start('asst-1');
    const joinAt = factory.last!.calls.find((c) => c.method === 'join')!.at;
    const createdAt = factory.last!.calls[0]!.at;
    expect(joinAt - createdAt).toBeGreaterThanOrEqual(990);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(990);
    expect(events('call-start-progress').find((p) => p.stage === 'mobile-permissions' && p.status === 'completed')).toMatchObject({
      duration: expect.any(Number),
      metadata: { action: 'permissions-wait' },
    });
  });

  it("setMuted and increaseMicLevel without a call throw 'Call object is not available.'", async () => {
    const client = new WebCallClient({ token: 'pk', createCallObject: createFakeCallObjectFactory() });
    expect(() => client.setMuted(true)).toThrow('Call object is not available.');
    await expect(client.increaseMicLevel(2)).rejects.toThrow('Call object is not available.');
  });
});

describe('the rest of the surface', () => {
  it('say, send and end send live-call-control messages', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    const fake = factory.last!;
    client.say('Hola');
    client.say('Adiós', true, true, true);
    client.send({ type: 'add-message', message: { role: 'user', content: 'hola' }, triggerResponseEnabled: false });
    client.send({ type: 'control', control: 'mute-assistant' });
    await client.end();
    expect(fake.appMessagesParsed).toEqual([
      { type: 'say', message: 'Hola', interruptionsEnabled: false, interruptAssistantEnabled: false },
      { type: 'say', message: 'Adiós', endCallAfterSpoken: true, interruptionsEnabled: true, interruptAssistantEnabled: true },
      { type: 'add-message', message: { role: 'user', content: 'hola' }, triggerResponseEnabled: false },
      { type: 'control', control: 'mute-assistant' },
      { type: 'end-call' },
    ]);
    expect(fake.destroyCount).toBe(1);
    expect(client.getDailyCallObject()).toBeNull();
  });

  it('setMuted / isMuted', async () => {
    const { client, factory } = await setup();
    expect(client.isMuted()).toBe(false);
    await client.start('asst-1');
    client.setMuted(true);
    expect(client.isMuted()).toBe(true);
    client.setMuted(false);
    expect(client.isMuted()).toBe(false);
    expect(factory.last!.callsTo('setLocalAudio')).toEqual([[false], [true]]);
  });

  it('device methods: setInputDevicesAsync (audioSource:false rewritten), setOutputDeviceAsync, increaseMicLevel errors are logged', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, factory } = await setup();
    await client.start('asst-1');
    await client.setInputDevicesAsync({ audioDeviceId: 'mic-2' });
    await client.setInputDevicesAsync({ audioSource: false, videoDeviceId: 'cam' });
    client.setOutputDeviceAsync({ outputDeviceId: 'spk' });
    factory.last!.fail('setOutputDeviceAsync', new Error('no such device'));
    client.setOutputDeviceAsync({ outputDeviceId: 'gone' });
    await tick(5);
    expect(factory.last!.callsTo('setInputDevicesAsync')).toEqual([[{ audioDeviceId: 'mic-2' }], [{ videoDeviceId: 'cam' }]]);
    expect(factory.last!.callsTo('setOutputDeviceAsync')).toEqual([[{ outputDeviceId: 'spk' }], [{ outputDeviceId: 'gone' }]]);
    await client.increaseMicLevel(1.5); // no navigator.mediaDevices in Node: logged, not thrown
    expect(errorSpy).toHaveBeenCalledWith('Error adjusting microphone level:', expect.anything());
  });

  it('screen sharing and recording methods', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    client.startScreenSharing({ video: true }, { maxBitrate: 500 } as any);
    client.stopScreenSharing();
    client.startRecording();
    client.stopRecording();
    const fake = factory.last!;
    expect(fake.callsTo('startScreenShare')).toEqual([[{ displayMediaOptions: { video: true }, screenVideoSendSettings: { maxBitrate: 500 } }]]);
    expect(fake.callsTo('stopScreenShare')).toEqual([[]]);
    expect(fake.callsTo('startRecording')).toEqual([[{ width: 1280, height: 720, backgroundColor: '#FF1F2D3D', layout: { preset: 'default' } }]]);
    expect(fake.callsTo('stopRecording')).toEqual([[]]);
    await client.stop();
    expect(() => client.startRecording()).toThrow('Call object is not available.');
  });

  it('recording-* events are forwarded (events without a payload are not)', async () => {
    const { client, factory, events } = await setup();
    await client.start('asst-1');
    for (const name of ['recording-started', 'recording-stopped', 'recording-stats', 'recording-error', 'recording-upload-completed'] as const) {
      factory.last!.fire(name, { tag: name });
      factory.last!.fire(name, null);
      expect(events(name)).toEqual([expect.objectContaining({ action: name, tag: name })]);
    }
  });

  it('camera-error, network-quality-change, network-connection, daily-participant-updated, daily error', async () => {
    const { client, factory, events } = await setup();
    await client.start('asst-1');
    const fake = factory.last!;
    fake.fire('camera-error', { errorMsg: { errorMsg: 'denied' }, error: { type: 'permissions' } });
    fake.fire('network-quality-change', { threshold: 'low', quality: 40 });
    fake.fire('network-connection', { type: 'sfu', event: 'interrupted' });
    fake.fire('participant-updated', { participant: { session_id: 'bot', user_name: 'Vapi Speaker', local: false } });
    fake.fire('error', { errorMsg: 'meeting ended' });
    expect(events('camera-error')).toEqual([{ type: 'camera-error', error: expect.objectContaining({ error: { type: 'permissions' } }), timestamp: expect.any(String) }]);
    expect(events('network-quality-change')).toEqual([expect.objectContaining({ threshold: 'low', quality: 40 })]);
    expect(events('network-connection')).toEqual([expect.objectContaining({ type: 'sfu', event: 'interrupted' })]);
    expect(events('daily-participant-updated')).toEqual([{ session_id: 'bot', user_name: 'Vapi Speaker', local: false }]);
    expect(events('error')).toEqual([{ type: 'daily-error', error: expect.objectContaining({ errorMsg: 'meeting ended' }), timestamp: expect.any(String) }]);
  });

  it('local-volume-level: with a listener, the local observer starts (after noise cancellation) and levels flow', async () => {
    const { client, factory, events } = await setup({ fake: { latency: { updateInputSettings: 30 } } });
    client.on('local-volume-level', () => {});
    await client.start('asst-1');
    const fake = factory.last!;
    expect(fake.callsTo('startLocalAudioLevelObserver')).toEqual([]);
    await until(() => fake.callsTo('startLocalAudioLevelObserver').length === 1, 1000, 'local observer');
    expect(fake.callsTo('startLocalAudioLevelObserver')).toEqual([[100]]);
    fake.localAudioLevel(0.25);
    expect(events('local-volume-level')).toEqual([0.25]);
    expect(client.getLocalAudioLevel()).toBe(0.25);
    expect(client.isLocalAudioLevelObserverRunning()).toBe(true);
  });

  it('without a local-volume-level listener the local observer is not started', async () => {
    const { client, factory } = await setup();
    await client.start('asst-1');
    await tick(10);
    expect(factory.last!.callsTo('startLocalAudioLevelObserver')).toEqual([]);
  });

  it('reconnect() rejoins a kept room without a new request', async () => {
    const { client, factory, platform, events, log } = await setup();
    const call = await client.start('asst-1', undefined, undefined, undefined, undefined, { roomDeleteOnUserLeaveEnabled: false });
    expect(platform.requests[0]!.body.roomDeleteOnUserLeaveEnabled).toBe(false);
    await client.stop();
    await client.reconnect(call as any);
    expect(platform.requests).toHaveLength(1);
    expect(factory.instances).toHaveLength(2);
    expect(factory.last!.callsTo('join')).toEqual([[{ url: webCallBody({}, 1).webCallUrl, subscribeToTracksAutomatically: false }]]);
    expect(events('call-start-progress')[14]).toMatchObject({ stage: 'reconnect-initialization', status: 'started', metadata: { callId: 'call-1' } });
    expect(log.at(-1)!.event).toBe('call-start');
    await expect(client.reconnect(call as any)).rejects.toThrow('Cannot reconnect while a call is already in progress. Call stop() first.');
  });

  it('getDailyCallObject returns the call object of the current call', async () => {
    const { client, factory } = await setup();
    expect(client.getDailyCallObject()).toBeNull();
    await client.start('asst-1');
    expect(client.getDailyCallObject()).toBe(factory.last);
  });

  it('the emitter: on/once/off/removeAllListeners/listenerCount, and a throwing listener does not break the call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, factory } = await setup();
    const seen: string[] = [];
    const onMsg = (m: any) => seen.push(`on:${m.n}`);
    client.on('message', () => {
      throw new Error('listener bug');
    });
    client.on('message', onMsg);
    client.once('message', (m: any) => seen.push(`once:${m.n}`));
    expect(client.listenerCount('message')).toBe(3);
    await client.start('asst-1');
    factory.last!.receiveAppMessage({ n: 1 });
    factory.last!.receiveAppMessage({ n: 2 });
    client.off('message', onMsg);
    factory.last!.receiveAppMessage({ n: 3 });
    expect(seen).toEqual(['on:1', 'once:1', 'on:2']);
    client.removeAllListeners('message');
    expect(client.listenerCount('message')).toBe(0);
  });
});

describe('daily-js loading', () => {
  it('importing @helena/sdk/web touches no browser global', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = `
      // tsx, the loader that compiles the source here, probes 'self' on newer Node lines; only a
      // touch from any other code counts.
      for (const name of ['window', 'document', 'navigator', 'self', 'location', 'localStorage', 'MediaStream', 'AudioContext']) {
        Object.defineProperty(globalThis, name, { configurable: true, get() {
          if (new Error().stack.includes('/node_modules/tsx/')) return undefined;
          throw new Error('touched ' + name);
        } });
      }
      const mod = await import('./sdk/src/web/index.ts');
      if (typeof mod.default !== 'function' || mod.default !== mod.WebCallClient) throw new Error('bad exports');
      new mod.WebCallClient('pk');
      console.log('ok');
    `;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../../../', import.meta.url).pathname,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('ok');
  });
});

describe('createFakeCallObject', () => {
  it('can be passed directly as createCallObject', async () => {
    const { createFakeCallObject } = await import('@helena/simulator');
    const platform = await startPlatform();
    onCleanup(() => platform.close());
    let made: any;
    const client = new WebCallClient({
      token: 'pk',
      baseUrl: platform.url,
      createCallObject: (options) => (made = createFakeCallObject(options)),
    });
    expect((await client.start('asst-1'))?.id).toBe('call-1');
    expect(made.callsTo('join')).toHaveLength(1);
    await client.stop();
    expect(made.isDestroyed()).toBe(true);
  });
});
