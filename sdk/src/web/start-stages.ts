/**
 * The start stages after the call object exists, shared by `start()` and `reconnect()`: each
 * reports its `call-start-progress` events (and its `<stage>-error` when it fails) exactly as
 * `@vapi-ai/web` does, and waits only through the attempt, so `stop()` cancels it.
 */
import { StartCancelled, type Attempt } from './attempt';
import type { CreateCallObjectOptions } from './call-object';
import { AUDIO_LEVEL_INTERVAL_MS, RECORDING_OPTIONS, VIDEO_AVATAR_PROVIDERS } from './constants';
import { sendOn } from './app-messages';
import type { CallStartProgressEvent } from './events';
import type { CallHost } from './host';
import { acquireMicrophone, canAcquireMicrophone, stopTracks, type AudioStreamLike } from './microphone';
import { serializeError } from './serialize-error';
import { now } from './timestamp';
import type { CallSession } from './session';
import type { ReconnectWebCall, WebCall } from './web-call-api';

export class StartStages {
  constructor(
    private readonly host: CallHost,
    private readonly dailyCallObject: CreateCallObjectOptions,
  ) {}

  /**
   * Joins the room and reports the join stage. `reportFailure`: start() reports a failed join;
   * reconnect() only rethrows, as the reference does.
   */
  async joinStage(attempt: Attempt, session: CallSession, url: string | undefined, callToken: string | undefined, reportFailure: boolean): Promise<void> {
    this.progress({ stage: 'daily-call-join', status: 'started' });
    const joinStartTime = Date.now();
    session.recordingRequestedTime = joinStartTime;
    try {
      await attempt.race(
        Promise.resolve(
          session.call.join({
            url,
            // daily-js rejects a `token` key that is present but undefined.
            ...(callToken ? { token: callToken } : {}),
            subscribeToTracksAutomatically: false,
          }),
        ),
      );
    } catch (error) {
      if (reportFailure && !(error instanceof StartCancelled)) {
        this.stageFailed('daily-call-join', error, Date.now() - joinStartTime, { withDuration: true });
      }
      throw error;
    }
    session.joined();
    this.progress({ stage: 'daily-call-join', status: 'completed', duration: Date.now() - joinStartTime });
  }

  /**
   * The early microphone stage: the caller's `mediaStream`, or a `getUserMedia()` started now (in
   * the gesture) when the browser has one and the caller did not choose an `audioSource`. Null
   * when daily is left to acquire the microphone itself, as the reference does. A refused
   * microphone is reported and the start goes on: daily then reports it as a camera-error.
   */
  microphoneStage(attempt: Attempt, mediaStream: AudioStreamLike | undefined): Promise<MediaStreamTrack | undefined> | null {
    if (mediaStream) {
      this.progress({ stage: 'microphone-access', status: 'completed', metadata: { action: 'provided-media-stream' } });
      return Promise.resolve(mediaStream.getAudioTracks()[0]);
    }
    if (this.dailyCallObject.audioSource !== undefined || !canAcquireMicrophone()) return null;
    this.progress({ stage: 'microphone-access', status: 'started' });
    const t0 = Date.now();
    let request: Promise<AudioStreamLike>;
    try {
      request = acquireMicrophone();
    } catch (error) {
      // Passed on unchanged, so the caller sees the browser's own DOMException.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      request = Promise.reject(error);
    }
    return request.then(
      (stream) => {
        const tracks = stream.getTracks();
        if (attempt.cancelled) {
          stopTracks(tracks);
          return undefined;
        }
        for (const track of tracks) attempt.ownedTracks.add(track);
        this.progress({ stage: 'microphone-access', status: 'completed', duration: Date.now() - t0 });
        return stream.getAudioTracks()[0];
      },
      (error: unknown) => {
        if (!attempt.cancelled) {
          this.progress({ stage: 'microphone-access', status: 'failed', duration: Date.now() - t0, metadata: { error: serializeError(error).message } });
        }
        return undefined;
      },
    );
  }

  /** What the web call asks of the call object; reports the creation stage as started. */
  beginCallObjectCreation(webCall: WebCall | ReconnectWebCall | undefined) {
    const isVideoRecordingEnabled: boolean = webCall?.artifactPlan?.videoRecordingEnabled ?? false;
    const isVideoEnabled = VIDEO_AVATAR_PROVIDERS.includes(webCall?.assistant?.voice?.provider as string);
    // The platform's document does not list the meeting token, but a recording web call carries it.
    const callToken = (webCall?.transport as { callToken?: string } | undefined)?.callToken;
    const videoSource = this.dailyCallObject.videoSource ?? isVideoRecordingEnabled;
    this.progress({
      stage: 'daily-call-object-creation',
      status: 'started',
      metadata: { audioSource: this.dailyCallObject.audioSource ?? true, videoSource, isVideoRecordingEnabled, isVideoEnabled },
    });
    return { isVideoRecordingEnabled, isVideoEnabled, callToken, videoSource };
  }

  /** A failed stage: its `call-start-progress` failure, then (when reported) its `<stage>-error` event. */
  stageFailed(
    stage: 'daily-call-object-creation' | 'daily-call-join' | 'video-recording-setup' | 'audio-observer-setup' | 'audio-processing-setup',
    error: unknown,
    duration: number,
    { report = true, withDuration = false }: { report?: boolean; withDuration?: boolean } = {},
  ): void {
    const serialized = serializeError(error);
    this.progress({ stage, status: 'failed', duration, metadata: { error: serialized.message } });
    if (!report) return;
    // The reference puts the duration on the join error only; the payloads stay identical to it.
    this.host.emit('error', { type: `${stage}-error`, stage, error: serialized, ...(withDuration ? { duration } : {}), timestamp: now() });
  }

  /**
   * A start or reconnect that failed: `call-start-failed`, then its `error` event (`stage` on the
   * error only when given: the reference's start sets it, its reconnect does not).
   */
  startFailed(
    error: unknown,
    report: { stage: string; errorType: string; errorStage?: string; totalDuration: number; context: Record<string, unknown> },
  ): void {
    const { stage, errorType, errorStage, totalDuration, context } = report;
    const serialized = serializeError(error);
    this.host.emit('call-start-failed', {
      stage,
      totalDuration,
      error: serialized.message,
      errorStack: serialized.stack || 'No stack trace available',
      timestamp: now(),
      context,
    });
    this.host.emit('error', {
      type: errorType,
      ...(errorStage !== undefined ? { stage: errorStage } : {}),
      error: serialized,
      totalDuration,
      timestamp: now(),
      context,
    });
  }

  progress(event: Omit<CallStartProgressEvent, 'timestamp'> & { timestamp?: string }): void {
    const { stage, status, duration, metadata } = event;
    this.host.emit('call-start-progress', {
      stage,
      status,
      ...(duration !== undefined ? { duration } : {}),
      timestamp: now(),
      ...(metadata !== undefined ? { metadata } : {}),
    });
  }


  async mobileStage(attempt: Attempt, session: CallSession, isMobile: boolean): Promise<void> {
    this.progress({ stage: 'mobile-permissions', status: 'started', metadata: { isMobile } });
    if (isMobile) {
      await attempt.race(session.mobileWait);
      this.progress({
        stage: 'mobile-permissions',
        status: 'completed',
        duration: session.mobileWaitDuration,
        metadata: { action: 'permissions-wait' },
      });
    } else {
      this.progress({ stage: 'mobile-permissions', status: 'completed', metadata: { action: 'skipped-not-mobile' } });
    }
  }

  watchFirstRecording(session: CallSession): void {
    const onFirstRecording = () => {
      session.deliver(() => {
        const delaySeconds = (Date.now() - session.recordingRequestedTime) / 1000;
        this.progress({ stage: 'video-recording-started', status: 'completed', metadata: { delaySeconds } });
        sendOn(session, { type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: delaySeconds });
      });
    };
    // Registered before join(): a token-started recording can begin while join() is in flight.
    session.call.once('recording-started', onFirstRecording);
    session.handlers.push(['recording-started', onFirstRecording]);
  }

  videoRecordingStage(session: CallSession, enabled: boolean, callToken: string | undefined, reportErrors: boolean): void {
    if (enabled && callToken) {
      this.progress({
        stage: 'video-recording-setup',
        status: 'completed',
        metadata: { action: 'auto-started-via-meeting-token' },
      });
      return;
    }
    if (!enabled) {
      this.progress({ stage: 'video-recording-setup', status: 'completed', metadata: { action: 'skipped-not-enabled' } });
      return;
    }
    this.progress({ stage: 'video-recording-setup', status: 'started' });
    const t0 = Date.now();
    try {
      session.recordingRequestedTime = Date.now();
      session.call.startRecording({ ...RECORDING_OPTIONS, layout: { ...RECORDING_OPTIONS.layout } });
      this.progress({ stage: 'video-recording-setup', status: 'completed', duration: Date.now() - t0 });
    } catch (error) {
      this.stageFailed('video-recording-setup', error, Date.now() - t0, { report: reportErrors });
      // Recording is optional: the call goes on.
    }
  }

  async audioObserverStage(attempt: Attempt, session: CallSession, reportErrors: boolean): Promise<void> {
    this.progress({ stage: 'audio-observer-setup', status: 'started' });
    const t0 = Date.now();
    try {
      await attempt.race(Promise.resolve(session.call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS)));
      this.progress({ stage: 'audio-observer-setup', status: 'completed', duration: Date.now() - t0 });
    } catch (error) {
      if (error instanceof StartCancelled) throw error;
      this.stageFailed('audio-observer-setup', error, Date.now() - t0, { report: reportErrors });
      // Non-critical: the call goes on without volume-level / speech events.
    }
  }

  audioProcessingStage(session: CallSession, reportErrors: boolean): void {
    this.progress({ stage: 'audio-processing-setup', status: 'started' });
    const t0 = Date.now();
    try {
      // Not awaited: noise cancellation (Krisp) can take long to initialise and is optional.
      const update = Promise.resolve(session.call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } }));
      update.then(
        () => this.maybeStartLocalAudioLevelObserver(session),
        (error) => {
          this.emitAudioProcessingError('audio-processing-setup', error);
          return this.maybeStartLocalAudioLevelObserver(session);
        },
      );
      this.progress({ stage: 'audio-processing-setup', status: 'completed', duration: Date.now() - t0 });
    } catch (error) {
      this.stageFailed('audio-processing-setup', error, Date.now() - t0, { report: reportErrors });
    }
  }

  emitAudioProcessingError(stage: string, error: unknown): void {
    this.host.emit('error', { type: `${stage}-error`, stage, error: serializeError(error), timestamp: now() });
  }

  /**
   * Starts the local (microphone) level observer only when someone listens for
   * `local-volume-level`, and only after noise cancellation has settled (it replaces the
   * microphone track, which would abort an observer started earlier).
   */
  async maybeStartLocalAudioLevelObserver(session: CallSession): Promise<void> {
    if (session.disposing || !this.host.isCurrent(session) || this.host.listenerCount('local-volume-level') === 0) return;
    try {
      await session.call.startLocalAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS);
    } catch (error) {
      this.host.emit('local-audio-level-observer-error', serializeError(error));
    }
  }
}
