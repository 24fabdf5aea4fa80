// Compatibility suite: the same scripted scenarios through @vapi-ai/web 2.7.1 (with a fake
// daily-js in the require cache) and through WebCallClient, on the same fake call objects and
// the same local platform server. Everything is compared; the only differences allowed are the
// improvements, and each is asserted where it shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBoth, type Scenario, type ScenarioResult } from './compat-harness';
import { tick, webCallBody } from './helpers';
import { referenceVersion } from './reference';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Everything equal, except what differs by design (asserted here too). */
function expectSameBehaviour(ref: ScenarioResult, ours: ScenarioResult, opts: { sameDestroyCounts?: boolean } = {}) {
  expect(ours.requests).toEqual(ref.requests);
  expect(ours.stagePairs).toEqual(ref.stagePairs);
  expect(ours.progress).toEqual(ref.progress);
  expect(ours.events).toEqual(ref.events);
  expect(ours.appMessages).toEqual(ref.appMessages);
  expect(ours.calls).toEqual(ref.calls);
  expect(ours.registered).toEqual(ref.registered);
  expect(ours.createOptions).toEqual(ref.createOptions);
  expect(ours.out).toEqual(ref.out);
  // Improvement: the call object is destroyed exactly once (the reference sometimes twice).
  for (const n of ours.destroyCounts) expect(n).toBe(1);
  if (opts.sameDestroyCounts) expect(ours.destroyCounts).toEqual(ref.destroyCounts);
  // Improvement: the bundle load and the microphone are paid before join, alongside the request.
  for (const c of ref.loadCalls) expect(c).toMatchObject({ load: 0, startCamera: 0 });
  for (const c of ours.loadCalls) expect(c).toMatchObject({ load: 1, startCamera: 1 });
}

const transcript = { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hola, ¿en qué puedo ayudarte?' };

describe(`compatibility with @vapi-ai/web ${referenceVersion}`, () => {
  it('uses the installed reference version 2.7.1', () => {
    expect(referenceVersion).toBe('2.7.1');
  });

  it('a full call: assistant id + overrides, listening, messages, speech, controls, remote end', async () => {
    const scenario: Scenario = {
      name: 'full call',
      run: async ({ client, factory, out }) => {
        const call = await client.start('asst-1', { variableValues: { name: 'Ana' } });
        out.callId = call?.id;
        const fake = factory.last!;
        const speaker = fake.addRemoteParticipant({ session_id: 'bot-1' });
        fake.addRemoteParticipant({ session_id: 'other-1', user_name: 'someone' });
        fake.startTrack(speaker, 'video');
        fake.receiveAppMessage('listening');
        fake.receiveAppMessage(transcript);
        fake.fire('app-message', { data: 'not json {', fromId: 'bot-1' });
        fake.remoteAudioLevels({ 'bot-1': 0.03, 'other-1': 0.0 });
        fake.remoteAudioLevels({ 'bot-1': 0.2 });
        fake.remoteAudioLevels({ 'bot-1': 0.001 });
        await tick(1100);
        client.say('Hola', true);
        client.say('Adiós', false, true, true);
        client.send({ type: 'add-message', message: { role: 'system', content: 'Sé breve' }, triggerResponseEnabled: true });
        client.send({ type: 'control', control: 'mute-assistant' });
        client.setMuted(true);
        out.mutedAfterMute = client.isMuted();
        client.setMuted(false);
        out.mutedAfterUnmute = client.isMuted();
        fake.fire('participant-updated', { participant: { session_id: 'bot-1', user_name: 'Vapi Speaker', local: false } });
        fake.fire('camera-error', { errorMsg: { errorMsg: 'denied', audioOk: false }, error: { type: 'permissions' } });
        fake.fire('network-quality-change', { threshold: 'good', quality: 100 });
        fake.fire('network-connection', { type: 'signaling', event: 'connected' });
        fake.fire('error', { errorMsg: 'boom', error: { type: 'connection-error' } });
        fake.fire('recording-stats', {});
        fake.fire('recording-error', { errorMsg: 'recording failed' });
        fake.fire('recording-stats', null);
        // (participant-left is compared in the DOM suite: the reference needs `document` for it.)
        fake.receiveAppMessage({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' });
        fake.endMeeting();
        await tick(5);
        out.dailyAfterEnd = client.getDailyCallObject() === null;
      },
    };
    const { ref, ours } = await runBoth(scenario);
    expectSameBehaviour(ref, ours, { sameDestroyCounts: true });
    const names = ours.events.map((e) => e.event);
    expect(names).toContain('speech-start');
    expect(names).toContain('speech-end');
    expect(names.filter((n) => n === 'message')).toHaveLength(2); // no synthetic ended status
  });

  it('inline assistant; the call ends without an ended status → synthetic status-update', async () => {
    const { ref, ours } = await runBoth({
      name: 'inline assistant',
      run: async ({ client, factory }) => {
        await client.start({ name: 'Helena', firstMessage: 'Hola', model: { provider: 'openai', model: 'gpt-4o' } });
        factory.last!.receiveAppMessage('listening');
        factory.last!.endMeeting();
        await tick(5);
      },
    });
    expectSameBehaviour(ref, ours, { sameDestroyCounts: true });
    expect(ours.events.map((e) => e.event).slice(-2)).toEqual(['call-end', 'message']);
    expect(ours.events.at(-1)!.args[0]).toEqual({ type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' });
  });

  it('squad id, inline workflow with overrides, roomDeleteOnUserLeaveEnabled', async () => {
    const { ref, ours } = await runBoth({
      name: 'squad/workflow',
      run: async ({ client }) => {
        await client.start(undefined, undefined, 'squad-1', { name: 'wf', nodes: [] }, { variableValues: { a: 1 } }, {
          roomDeleteOnUserLeaveEnabled: false,
        });
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.requests[0]!.body).toEqual({
      squadId: 'squad-1',
      workflow: { name: 'wf', nodes: [] },
      workflowOverrides: { variableValues: { a: 1 } },
      roomDeleteOnUserLeaveEnabled: false,
    });
  });

  it('workflow id and inline squad', async () => {
    const { ref, ours } = await runBoth({
      name: 'workflow id',
      run: async ({ client }) => {
        await client.start(undefined, undefined, { members: [{ assistantId: 'a' }] }, 'wf-1');
      },
    });
    expectSameBehaviour(ref, ours);
  });

  it('video recording enabled (no meeting token): recording, first-message control, video subscription', async () => {
    const { ref, ours } = await runBoth({
      name: 'video recording',
      reply: (_r, n) => ({ body: webCallBody({ artifactPlan: { videoRecordingEnabled: true } }, n) }),
      run: async ({ client, factory }) => {
        await client.start('asst-1');
        const fake = factory.last!;
        fake.addRemoteParticipant({ session_id: 'bot-1' });
        fake.fire('recording-started', { layout: { preset: 'default' }, instanceId: 'rec-1' });
        fake.fire('recording-started', { layout: { preset: 'default' }, instanceId: 'rec-2' });
        fake.fire('recording-stopped', { instanceId: 'rec-1' });
        fake.fire('recording-upload-completed', {});
        fake.fire('error', { errorMsg: 'fatal' });
        fake.endMeeting();
        await tick(5);
      },
    });
    expectSameBehaviour(ref, ours, { sameDestroyCounts: true });
    expect(ours.createOptions[0]).toMatchObject({ audioSource: true, videoSource: true });
    // Difference by design: the call object made alongside the request assumed no video; it is
    // discarded (destroyed once, never joined) and a video one made, as the reference makes it.
    expect(ours.discarded).toHaveLength(1);
    expect(ours.discarded[0]).toMatchObject({ createOptions: { videoSource: false }, destroyCount: 1 });
    expect(ours.discarded[0]!.calls).not.toContain('join');
    expect(ours.calls[0]!.find((c) => c.method === 'startRecording')!.args).toEqual([
      { width: 1280, height: 720, backgroundColor: '#FF1F2D3D', layout: { preset: 'default' } },
    ]);
    expect(ours.appMessages[0]![0]).toMatchObject({ type: 'control', control: 'say-first-message' });
    expect(ours.calls[0]!.find((c) => c.method === 'updateParticipant')!.args).toEqual([
      'bot-1',
      { setSubscribedTracks: { audio: true, video: true } },
    ]);
  });

  it('video recording with a meeting token: auto-started, joined with the token', async () => {
    const { ref, ours } = await runBoth({
      name: 'video recording token',
      reply: (_r, n) =>
        ({ body: webCallBody({ artifactPlan: { videoRecordingEnabled: true }, transport: { provider: 'daily', callToken: 'tok-1' } }, n) }),
      fake: { onJoin: (fake) => fake.fire('recording-started', { instanceId: 'rec-1' }) },
      run: async ({ client }) => {
        await client.start('asst-1');
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.calls[0]!.find((c) => c.method === 'join')!.args).toEqual([
      { url: 'https://helena-test.daily.co/room-1', token: 'tok-1', subscribeToTracksAutomatically: false },
    ]);
  });

  it('a video-avatar voice provider subscribes to remote video; others do not', async () => {
    for (const provider of ['tavus', '11labs']) {
      const { ref, ours } = await runBoth({
        name: `provider ${provider}`,
        reply: (_r, n) => ({ body: webCallBody({ assistant: { voice: { provider } } }, n) }),
        run: async ({ client, factory }) => {
          await client.start('asst-1');
          factory.last!.addRemoteParticipant({ session_id: 'bot-1' });
        },
      });
      expectSameBehaviour(ref, ours);
      expect(ours.calls[0]!.find((c) => c.method === 'updateParticipant')!.args).toEqual([
        'bot-1',
        { setSubscribedTracks: { audio: true, video: provider === 'tavus' } },
      ]);
    }
  });

  it('join fails: daily-call-join-error, call-start-failed, start-method-error, reset', async () => {
    const { ref, ours } = await runBoth({
      name: 'join fails',
      setupFactory: (f) => f.onCreate((fake) => fake.fail('join', new Error('room not found'))),
      run: async ({ client, out }) => {
        out.result = await client.start('asst-1');
        out.second = (await client.start('asst-1'))?.id ?? null;
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.events.map((e) => e.event).slice(0, 3)).toEqual(['error', 'call-start-failed', 'error']);
    expect(ours.events[1]!.args[0]).toMatchObject({
      error: 'room not found',
      context: { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: false },
    });
  });

  it('creating the call object fails: daily-call-object-creation-error', async () => {
    const { ref, ours } = await runBoth({
      name: 'create fails',
      setupFactory: (f) => f.failNextCreate(new Error('Duplicate DailyIframe instances are not allowed')),
      run: async ({ client, out }) => {
        out.result = await client.start('asst-1');
      },
    });
    expect(ours.requests).toEqual(ref.requests);
    expect(ours.stagePairs).toEqual(ref.stagePairs);
    expect(ours.events).toEqual(ref.events);
    expect(ours.out).toEqual(ref.out);
    expect(ours.stagePairs).toContain('daily-call-object-creation:failed');
    expect(ours.events.map((e) => e.event)).toEqual(['error', 'call-start-failed', 'error']);
    expect(ours.events[0]!.args[0]).toMatchObject({ type: 'daily-call-object-creation-error', stage: 'daily-call-object-creation' });
  });

  it('POST /call/web fails: same events; the error text is a string (improvement)', async () => {
    const errorBody = { message: 'Couldn\'t Get Assistant. `assistantId` asst-x Does Not Exist.', error: 'Bad Request', statusCode: 400 };
    const { ref, ours } = await runBoth({
      name: 'post fails',
      reply: () => ({ status: 400, body: errorBody }),
      run: async ({ client, out }) => {
        out.result = await client.start('asst-x');
      },
    });
    expect(ours.requests).toEqual(ref.requests);
    expect(ours.stagePairs).toEqual(ref.stagePairs);
    expect(ours.events.map((e) => e.event)).toEqual(ref.events.map((e) => e.event));
    expect(ours.out).toEqual(ref.out);
    // Improvement: the reference reports the parsed body object as the "error text".
    const refFailed = ref.raw.find((e) => e.event === 'call-start-failed')!.args[0];
    const ourFailed = ours.raw.find((e) => e.event === 'call-start-failed')!.args[0];
    expect(refFailed.error).toEqual(errorBody);
    expect(ourFailed.error).toBe(errorBody.message);
    expect(ourFailed.context).toEqual(refFailed.context);
    const ourError = ours.raw.filter((e) => e.event === 'error').at(-1)!.args[0];
    expect(ourError).toMatchObject({ type: 'start-method-error', stage: 'unknown', error: { details: errorBody } });
    // No call object survives: the one created alongside the request is destroyed.
    expect(ours.discarded.map((d) => d.destroyCount)).toEqual([1]);
  });

  it('nothing to start: throws and emits a validation-error at input-validation', async () => {
    const { ref, ours } = await runBoth({
      name: 'validation',
      run: async ({ client, out }) => {
        out.thrown = await client.start().then(
          () => 'resolved',
          (e: Error) => e.message,
        );
      },
    });
    expect(ours.events).toEqual(ref.events);
    expect(ours.out).toEqual({ thrown: 'Assistant or Squad or Workflow must be provided.' });
    expect(ours.events[0]!.args[0]).toMatchObject({ type: 'validation-error', stage: 'input-validation' });
    expect(ours.requests).toEqual([]);
  });

  it('started twice → null, with a validation progress event', async () => {
    const { ref, ours } = await runBoth({
      name: 'twice',
      run: async ({ client, out }) => {
        await client.start('asst-1');
        out.second = await client.start('asst-2');
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.out.second).toBeNull();
    expect(ours.stagePairs.at(-1)).toBe('validation:failed');
  });

  it('audio-processor-error turns noise cancellation off and the microphone back on', async () => {
    const { ref, ours } = await runBoth({
      name: 'audio processor error',
      run: async ({ client, factory, out }) => {
        await client.start('asst-1');
        const fake = factory.last!;
        fake.setLocalAudio(false);
        fake.fire('nonfatal-error', { type: 'audio-processor-error', errorMsg: 'krisp failed' });
        await tick(5);
        out.muted = client.isMuted();
        fake.fire('nonfatal-error', { type: 'local-audio-level-observer-error', errorMsg: 'worklet' });
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.out.muted).toBe(false);
    expect(ours.calls[0]!.filter((c) => c.method === 'updateInputSettings').map((c) => c.args)).toEqual([
      [{ audio: { processor: { type: 'noise-cancellation' } } }],
      [{ audio: { processor: { type: 'none' } } }],
    ]);
  });

  it('noise cancellation rejected asynchronously → audio-processing-setup-error, the call goes on', async () => {
    const { ref, ours } = await runBoth({
      name: 'nc rejects',
      setupFactory: (f) => f.onCreate((fake) => fake.fail('updateInputSettings', new Error('KrispInitError: Canceled'))),
      run: async ({ client, out }) => {
        out.call = (await client.start('asst-1'))?.id;
        await tick(5);
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.events.find((e) => e.event === 'error')!.args[0]).toMatchObject({ type: 'audio-processing-setup-error' });
  });

  it('noise cancellation throwing synchronously → audio-processing-setup failed', async () => {
    const { ref, ours } = await runBoth({
      name: 'nc throws',
      setupFactory: (f) => f.onCreate((fake) => fake.fail('updateInputSettings', new Error('sync'), { throwSync: true })),
      run: async ({ client }) => {
        await client.start('asst-1');
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.stagePairs).toContain('audio-processing-setup:failed');
  });

  it('the remote level observer failing → audio-observer-setup failed, the call goes on', async () => {
    const { ref, ours } = await runBoth({
      name: 'observer throws',
      setupFactory: (f) =>
        f.onCreate((fake) => fake.fail('startRemoteParticipantsAudioLevelObserver', new Error('no observer'), { throwSync: true })),
      run: async ({ client }) => {
        await client.start('asst-1');
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.stagePairs).toContain('audio-observer-setup:failed');
    expect(ours.events.map((e) => e.event)).toContain('call-start-success');
  });

  it('startRecording throwing → video-recording-setup-error, the call goes on', async () => {
    const { ref, ours } = await runBoth({
      name: 'recording throws',
      reply: (_r, n) => ({ body: webCallBody({ artifactPlan: { videoRecordingEnabled: true } }, n) }),
      setupFactory: (f) => f.onCreate((fake) => fake.fail('startRecording', new Error('no recording'))),
      run: async ({ client }) => {
        await client.start('asst-1');
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.events.find((e) => e.event === 'error')!.args[0]).toMatchObject({ type: 'video-recording-setup-error' });
  });

  it('mobile user agent: 1 s permissions wait before joining', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' });
    const { ref, ours } = await runBoth({
      name: 'mobile',
      run: async ({ client, out }) => {
        const t0 = Date.now();
        await client.start('asst-1');
        out.waited = Date.now() - t0 >= 1000;
      },
    });
    expectSameBehaviour(ref, ours);
    const mobile = ours.raw.filter((e) => e.event === 'call-start-progress' && e.args[0].stage === 'mobile-permissions');
    expect(mobile.map((e) => e.args[0].metadata)).toEqual([{ isMobile: true }, { action: 'permissions-wait' }]);
    expect(mobile[1]!.args[0].duration).toBeGreaterThanOrEqual(990);
  });

  it('local-volume-level listener: the local observer starts after noise cancellation', async () => {
    const { ref, ours } = await runBoth({
      name: 'local level',
      run: async ({ client, factory, out }) => {
        const levels: number[] = [];
        client.on('local-volume-level', (v: number) => levels.push(v));
        await client.start('asst-1');
        await tick(5);
        factory.last!.localAudioLevel(0.42);
        out.levels = levels;
        out.level = client.getLocalAudioLevel();
        out.running = client.isLocalAudioLevelObserverRunning();
        client.stopLocalAudioLevelObserver();
        out.runningAfterStop = client.isLocalAudioLevelObserverRunning();
        await client.startLocalAudioLevelObserver(50);
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.out).toMatchObject({ levels: [0.42], level: 0.42, running: true, runningAfterStop: false });
  });

  it('end(): sends end-call, then stops (call-end and the synthetic status)', async () => {
    const { ref, ours } = await runBoth({
      name: 'end',
      run: async ({ client }) => {
        await client.start('asst-1');
        await client.end();
        await tick(5);
      },
    });
    // The reference destroys twice here (stop() and the left-meeting handler); we once.
    expect(ref.destroyCounts).toEqual([2]);
    expectSameBehaviour(ref, ours);
    expect(ours.appMessages[0]).toEqual([{ type: 'end-call' }]);
    expect(ours.events.map((e) => e.event).slice(-2)).toEqual(['call-end', 'message']);
  });

  it('stop() during a call: call-end and the synthetic status, destroyed once', async () => {
    const { ref, ours } = await runBoth({
      name: 'stop',
      run: async ({ client, factory, out }) => {
        await client.start('asst-1');
        factory.last!.receiveAppMessage('listening');
        await client.stop();
        out.dailyAfterStop = client.getDailyCallObject();
        out.mutedAfterStop = client.isMuted();
        out.setMuted = (() => {
          try {
            client.setMuted(true);
            return 'ok';
          } catch (e) {
            return (e as Error).message;
          }
        })();
      },
    });
    expect(ref.destroyCounts).toEqual([2]);
    expectSameBehaviour(ref, ours);
    expect(ours.out.setMuted).toBe('Call object is not available.');
  });

  it('device, screen-share and recording methods reach the call object the same way', async () => {
    const { ref, ours } = await runBoth({
      name: 'devices',
      run: async ({ client, out }) => {
        await client.start('asst-1');
        await client.setInputDevicesAsync({ audioDeviceId: 'mic-2' });
        await client.setInputDevicesAsync({ audioSource: false, videoDeviceId: 'cam-1' });
        client.setOutputDeviceAsync({ outputDeviceId: 'spk-1' });
        client.startScreenSharing({ video: true }, { maxBitrate: 1000 });
        client.stopScreenSharing();
        client.startRecording();
        client.stopRecording();
        client.setVolume(0.5);
        out.player = client.getAudioPlayer();
        await tick(5);
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.calls[0]!.filter((c) => c.method === 'setInputDevicesAsync').map((c) => c.args)).toEqual([
      [{ audioDeviceId: 'mic-2' }],
      [{ videoDeviceId: 'cam-1' }],
    ]);
  });

  it('methods without a call: same results and messages', async () => {
    const { ref, ours } = await runBoth({
      name: 'no call',
      run: async ({ client, out }) => {
        const attempt = async (fn: () => unknown) => {
          try {
            const v = await fn();
            return v === undefined ? 'undefined' : v;
          } catch (e) {
            return `threw: ${(e as Error).message}`;
          }
        };
        out.setMuted = await attempt(() => client.setMuted(true));
        out.increaseMicLevel = await attempt(() => client.increaseMicLevel(2));
        out.isMuted = await attempt(() => client.isMuted());
        out.startRecording = await attempt(() => client.startRecording());
        out.setInputDevicesAsync = await attempt(() => client.setInputDevicesAsync({ audioDeviceId: 'x' }));
        out.startLocalAudioLevelObserver = await attempt(() => client.startLocalAudioLevelObserver());
        out.getLocalAudioLevel = await attempt(() => client.getLocalAudioLevel());
        out.isLocalAudioLevelObserverRunning = await attempt(() => client.isLocalAudioLevelObserverRunning());
        out.getDailyCallObject = await attempt(() => client.getDailyCallObject());
        out.getAudioPlayer = await attempt(() => client.getAudioPlayer());
        out.send = await attempt(() => client.send({ type: 'end-call' }));
        out.stopScreenSharing = await attempt(() => client.stopScreenSharing());
        out.stopRecording = await attempt(() => client.stopRecording());
        out.setOutputDeviceAsync = await attempt(() => client.setOutputDeviceAsync({ outputDeviceId: 'x' }));
      },
    });
    expect(ours.out).toEqual(ref.out);
    expect(ours.out.setMuted).toBe('threw: Call object is not available.');
    expect(ours.out.increaseMicLevel).toBe('threw: Call object is not available.');
  });

  it('dailyCallObject / dailyCallConfig reach createCallObject the same way (with the safety rewrites)', async () => {
    const { ref, ours } = await runBoth({
      name: 'ctor options',
      ctorExtra: [{ avoidEval: true, alwaysIncludeMicInPermissionPrompt: false }, { audioSource: false }],
      run: async ({ client }) => {
        await client.start('asst-1');
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.createOptions[0]).toEqual({ audioSource: true, videoSource: false, dailyConfig: { avoidEval: true } });
  });

  it('reconnect(): rejoins a call without a new POST /call/web, and emits call-start', async () => {
    const webCall = { id: 'call-9', webCallUrl: 'https://helena-test.daily.co/room-9', assistant: { voice: { provider: '11labs' } } };
    const { ref, ours } = await runBoth({
      name: 'reconnect',
      run: async ({ client, factory, out }) => {
        await client.reconnect(webCall);
        factory.last!.receiveAppMessage(transcript);
        out.again = await client.reconnect(webCall).then(
          () => 'ok',
          (e: Error) => e.message,
        );
        await client.stop();
        out.noUrl = await client.reconnect({ id: 'x' }).then(
          () => 'ok',
          (e: Error) => e.message,
        );
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.requests).toEqual([]);
    expect(ours.events.map((e) => e.event).slice(0, 2)).toEqual(['call-start-success', 'call-start']);
  });

  it('reconnect() whose join fails: call-start-failed (reconnect), reconnect-error, rethrows', async () => {
    const webCall = { id: 'call-9', webCallUrl: 'https://helena-test.daily.co/room-9' };
    const { ref, ours } = await runBoth({
      name: 'reconnect fails',
      setupFactory: (f) => f.onCreate((fake) => fake.fail('join', new Error('room gone'))),
      run: async ({ client, out }) => {
        out.result = await client.reconnect(webCall).then(
          () => 'ok',
          (e: Error) => e.message,
        );
      },
    });
    expectSameBehaviour(ref, ours);
    expect(ours.out.result).toBe('room gone');
  });
});

describe('the improvements, side by side with @vapi-ai/web 2.7.1', () => {
  it('each instance has its own token and base URL (the reference shares one module-level client)', async () => {
    const { ReferenceVapi, useFactoryForReference } = await import('./reference');
    const { default: WebCallClient } = await import('@helena/sdk/web');
    const { createFakeCallObjectFactory } = await import('@helena/simulator');
    const { startPlatform } = await import('./helpers');
    const [p1, p2] = await Promise.all([startPlatform(), startPlatform()]);
    const factory = createFakeCallObjectFactory();
    useFactoryForReference(factory);
    const refA = new ReferenceVapi('pk-a', p1.url);
    new ReferenceVapi('pk-b', p2.url);
    await refA.start('asst-a');
    await refA.stop();
    // The reference's first instance now talks to the second one's server with its token.
    expect(p1.requests).toHaveLength(0);
    expect(p2.requests.map((r) => r.headers.authorization)).toEqual(['Bearer pk-b']);
    const ourA = new WebCallClient({ token: 'pk-a', baseUrl: p1.url, createCallObject: factory });
    const ourB = new WebCallClient({ token: 'pk-b', baseUrl: p2.url, createCallObject: factory });
    await ourA.start('asst-a');
    await ourB.start('asst-b');
    await Promise.all([ourA.stop(), ourB.stop()]);
    expect(p1.requests.map((r) => [r.headers.authorization, r.body.assistantId])).toEqual([['Bearer pk-a', 'asst-a']]);
    expect(p2.requests.slice(1).map((r) => [r.headers.authorization, r.body.assistantId])).toEqual([['Bearer pk-b', 'asst-b']]);
    await Promise.all([p1.close(), p2.close()]);
  });

  it('a failed start without an error listener: the reference rejects and stays started; ours resolves null and can start again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failFirstJoin = (f: any) =>
      f.onCreate((fake: any) => {
        if (f.instances.length === 0) fake.fail('join', new Error('join refused'));
      });
    const { ref, ours } = await runBoth({
      name: 'no error listener',
      errorListener: false,
      setupFactory: failFirstJoin,
      run: async ({ client, out }) => {
        out.first = await client.start('asst-1').then(
          (v: unknown) => (v === null ? 'null' : 'call'),
          (e: Error) => `rejected: ${e.message.slice(0, 40)}`,
        );
        out.second = await client.start('asst-1').then(
          (v: any) => (v === null ? 'null' : v.id),
          (e: Error) => `rejected: ${e.message.slice(0, 40)}`,
        );
      },
    });
    expect(ref.out.first).toMatch(/^rejected: /);
    expect(ref.out.second).toBe('null'); // stuck: "already started"
    expect(ours.out).toEqual({ first: 'null', second: 'call-2' });
    vi.restoreAllMocks();
  });

  it('stop() during a pending start: the reference still joins and reports success after the stop; ours cancels', async () => {
    const { ref, ours } = await runBoth({
      name: 'stop during start',
      reply: (_r, n) => ({ delayMs: 150, body: webCallBody({}, n) }),
      run: async ({ client, platform, out }) => {
        const pending = client.start('asst-1');
        while (platform.requests.length === 0) await tick(2);
        await client.stop();
        out.result = await pending.then((v: any) => (v === null ? null : v.id));
        await tick(50);
      },
    });
    expect(ref.out.result).toBe('call-1');
    expect(ref.loadCalls.map((c) => c.join)).toEqual([1]);
    expect(ref.events.map((e) => e.event)).toContain('call-start-success');
    expect(ours.out.result).toBeNull();
    expect(ours.loadCalls).toEqual([]); // its only call object never joined…
    expect(ours.discarded).toEqual([expect.objectContaining({ destroyCount: 1 })]); // …and was destroyed
    expect(ours.events).toEqual([]);
  });
});
