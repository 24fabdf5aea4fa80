/**
 * `WebCallClient`: a drop-in, better-behaved replacement for `@vapi-ai/web` 2.7's `Vapi` class.
 *
 * Same constructor, methods, event names and payloads. Differences, each deliberate:
 * - `stop()` during a pending `start()` cancels it: no join after the stop, no `call-start`,
 *   `start()` resolves `null`, and the client can start again.
 * - A failed start with no `error` listener does not throw and does not leave the client
 *   stuck as started (the emitter never throws for an unlistened `error`).
 * - No `<audio>` element, call-object listener or timer survives `stop()`, and the call object
 *   is destroyed once.
 * - Independent start work overlaps: `POST /call/web` runs while daily-js loads, the call
 *   object is created, its bundle is loaded (`load()`) and the microphone acquired
 *   (`startCamera()`). The stage events still report every stage, in the reference's order.
 * - Each instance has its own token and base URL.
 * - `@daily-co/daily-js` is imported lazily on the first `start()` that needs it.
 */
import type { DailyAdvancedConfig, DailyCall, DailyFactoryOptions, DailyVideoSendSettings } from '@daily-co/daily-js';
import type {
  CallObjectLike,
  CreateCallObject,
  CreateCallObjectOptions,
} from './call-object';
import { Attempt, StartCancelled, settle } from './attempt';
import { sendOn, type WebCallClientMessage } from './app-messages';
import { loadDailyFactory } from './daily-loader';
import { IDLE, canMove, type Lifecycle } from './lifecycle';
import { toCloneSafe } from './clone-safe';
import { resolveLogger, type WebCallLoggerOption } from './logger';
import type {
  AssistantOverrides,
  Call,
  CreateAssistantDTO,
  CreateSquadDTO,
  CreateWorkflowDTO,
  WorkflowOverrides,
} from './platform-types';
import { MOBILE_JOIN_WAIT_MS, RECORDING_OPTIONS } from './constants';
import { EventBridge } from './event-bridge';
import type { CallHost } from './host';
import { stopTracks, type AudioStreamLike } from './microphone';
import { RemoteAudio } from './remote-audio';
import { CallSession } from './session';
import { StartStages } from './start-stages';
import {
  CALL_OBJECT_NOT_AVAILABLE,
  createSafeDailyConfig,
  createSafeDailyFactoryOptions,
  safeSetInputDevicesAsync,
  safeSetLocalAudio,
} from './daily-options';
import { TypedEmitter } from './emitter';
import type { WebCallEvents } from './events';
import { serializeError } from './serialize-error';
import { DEFAULT_BASE_URL, createWebCall, type CreateWebCallBody, type ReconnectWebCall, type WebCall } from './web-call-api';

export type { ReconnectWebCall } from './web-call-api';

export {
  REMOTE_SPEAKER_NAME,
  VIDEO_AVATAR_PROVIDERS,
  MOBILE_JOIN_WAIT_MS,
  AUDIO_LEVEL_INTERVAL_MS,
  VOLUME_LEVEL_DIVISOR,
  SPEAKING_THRESHOLD,
  SPEECH_END_DELAY_MS,
  RECORDING_OPTIONS,
} from './constants';
export type {
  EndCallMessage,
  AddMessageMessage,
  ControlMessages,
  ControlMessage,
  SayMessage,
  WebCallClientMessage,
} from './app-messages';

/** What the web call asks of the call object and its join. */
interface StartPlan {
  url: string | undefined;
  callToken: string | undefined;
  isVideoRecordingEnabled: boolean;
  isVideoEnabled: boolean;
  isMobile: boolean;
  isReconnect: boolean;
}

const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada/i;

/** A saved assistant's id, or an inline assistant. */
export type AssistantInput = CreateAssistantDTO | string;
/** A saved squad's id, or an inline squad. */
export type SquadInput = CreateSquadDTO | string;
/** A saved workflow's id, or an inline workflow. */
export type WorkflowInput = CreateWorkflowDTO | string;
export type { AssistantOverrides, WorkflowOverrides };

export interface StartCallOptions {
  /** When `false`, the room survives the user leaving, so `reconnect()` can rejoin it. */
  roomDeleteOnUserLeaveEnabled?: boolean;
  /**
   * A microphone stream the caller already holds: its audio track is the call's audio source and
   * no `getUserMedia()` is made. It stays the caller's: the client never stops it.
   */
  mediaStream?: AudioStreamLike;
}


/** daily's advanced config, passed through; the two fields the client reads are typed. */
export type DailyCallConfig = Pick<DailyAdvancedConfig, 'avoidEval' | 'alwaysIncludeMicInPermissionPrompt'> &
  Record<string, unknown>;
/** daily's call-object options, passed through; the two fields the client reads are typed. */
export type DailyCallObjectOptions = Pick<DailyFactoryOptions, 'audioSource' | 'startAudioOff'> & Record<string, unknown>;

/** The daily call-object methods the network tests use (daily-js 0.87). */
interface NetworkTestCall {
  testNetworkConnectivity(videoTrack?: MediaStreamTrack): Promise<unknown>;
  testWebsocketConnectivity(): Promise<unknown>;
  testCallQuality?: () => Promise<unknown>;
  startCamera(): Promise<unknown>;
  destroy(): Promise<void>;
}

export interface WebCallClientOptions {
  /** The public key (sent as `Authorization: Bearer <token>`). */
  token: string;
  /** Default: the platform's public API host, https://api.vapi.ai. */
  baseUrl?: string;
  /** Replaces `Daily.createCallObject`; default: the real daily-js, loaded on the first start(). */
  createCallObject?: CreateCallObject;
  dailyCallConfig?: DailyCallConfig;
  dailyCallObject?: DailyCallObjectOptions;
  /** The `fetch` used for `POST /call/web`; default: the global one. */
  fetch?: typeof fetch;
  /** Where diagnostics go: a logger, 'silent', or (default) the console. */
  logger?: WebCallLoggerOption;
}

const now = () => new Date().toISOString();

function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined' || !navigator) return false;
  return MOBILE_UA.test(String(navigator.userAgent ?? '').toLowerCase());
}

export class WebCallClient extends TypedEmitter<WebCallEvents> {
  readonly #token: string;
  readonly #baseUrl: string;
  readonly #createCallObject: CreateCallObject | undefined;
  readonly #fetch: typeof fetch | undefined;
  readonly #dailyCallConfig: Record<string, unknown>;
  readonly #dailyCallObject: CreateCallObjectOptions;

  #state: Lifecycle = IDLE;
  /** Call objects being destroyed: no new one is created until this is empty. */
  readonly #teardowns = new Set<Promise<void>>();
  /** Survives teardown so the caller's choice persists across calls. */
  #desiredVolume: number | null = null;
  readonly #stages: StartStages;
  readonly #bridge: EventBridge;

  constructor(options: WebCallClientOptions);
  constructor(
    publicKey: string,
    baseUrl?: string,
    dailyCallConfig?: DailyCallConfig,
    dailyCallObject?: DailyCallObjectOptions,
  );
  constructor(
    tokenOrOptions: string | WebCallClientOptions,
    baseUrl?: string,
    dailyCallConfig?: DailyCallConfig,
    dailyCallObject?: DailyCallObjectOptions,
  ) {
    super();
    const options: WebCallClientOptions =
      typeof tokenOrOptions === 'object' && tokenOrOptions !== null
        ? tokenOrOptions
        : { token: tokenOrOptions, baseUrl, dailyCallConfig, dailyCallObject };
    this.#token = options.token;
    this.#baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    this.#createCallObject = options.createCallObject;
    this.#fetch = options.fetch;
    this.logger = resolveLogger(options.logger);
    this.#dailyCallConfig = createSafeDailyConfig(options.dailyCallConfig);
    this.#dailyCallObject = createSafeDailyFactoryOptions(options.dailyCallObject);
    const host: CallHost = {
      emit: (event, ...args) => this.emit(event, ...args),
      listenerCount: (event) => this.listenerCount(event),
      logger: { log: (...a) => this.logger.log(...a), warn: (...a) => this.logger.warn(...a), error: (...a) => this.logger.error(...a) },
      isCurrent: (session) => this.#session === session,
      volume: () => this.#resolvedVolume(),
      onLeftMeeting: (session) => this.#onLeftMeeting(session),
    };
    this.#stages = new StartStages(host, this.#dailyCallObject);
    this.#bridge = new EventBridge(host, new RemoteAudio(host), this.#stages);
  }

  /**
   * Every payload leaves as a clone-safe copy (see `toCloneSafe`), except the `audio` element and
   * the `video` track, which are the media themselves.
   */
  override emit<E extends keyof WebCallEvents>(event: E, ...args: Parameters<WebCallEvents[E]>): boolean {
    if (event === 'audio' || event === 'video') return super.emit(event, ...args);
    return super.emit(event, ...(args.map(toCloneSafe) as Parameters<WebCallEvents[E]>));
  }

  // ---------------------------------------------------------------- lifecycle

  /** Where the client is: 'idle', 'starting', 'live' or 'stopping'. */
  get phase(): Lifecycle['phase'] {
    return this.#state.phase;
  }

  /** The only place the lifecycle changes. */
  #transition(next: Lifecycle): void {
    if (!canMove(this.#state.phase, next.phase)) {
      throw new Error(`WebCallClient: no transition from ${this.#state.phase} to ${next.phase}`);
    }
    this.#state = next;
  }

  get #session(): CallSession | null {
    const state = this.#state;
    return state.phase === 'live' || state.phase === 'starting' ? state.session : null;
  }

  get #attempt(): Attempt | null {
    return this.#state.phase === 'starting' ? this.#state.attempt : null;
  }

  #isBusy(): boolean {
    return this.#state.phase === 'starting' || this.#state.phase === 'live';
  }

  /** Enters `stopping` until `work` (and every other pending teardown) is done, then `idle`. */
  #stopWith(work: Promise<unknown>): Promise<void> {
    const teardown = work.then(() => this.#allTornDown());
    const state: Lifecycle = { phase: 'stopping', teardown };
    this.#transition(state);
    return teardown.finally(() => {
      if (this.#state === state) this.#transition(IDLE);
    });
  }

  /** Resolves once no call object is being destroyed (daily-js allows one registered at a time). */
  async #allTornDown(): Promise<void> {
    while (this.#teardowns.size > 0) await Promise.all(this.#teardowns);
  }

  // ---------------------------------------------------------------- start

  async start(
    assistant?: AssistantInput,
    assistantOverrides?: AssistantOverrides,
    squad?: SquadInput,
    workflow?: WorkflowInput,
    workflowOverrides?: WorkflowOverrides,
    options?: StartCallOptions,
  ): Promise<Call | null> {
    const startTime = Date.now();
    if (!assistant && !squad && !workflow) {
      const error = new Error('Assistant or Squad or Workflow must be provided.');
      this.emit('error', {
        type: 'validation-error',
        stage: 'input-validation',
        error: serializeError(error),
        timestamp: now(),
      });
      throw error;
    }
    if (this.#isBusy()) {
      this.#stages.progress({ stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } });
      return null;
    }
    this.#stages.progress({
      stage: 'initialization',
      status: 'started',
      metadata: { hasAssistant: !!assistant, hasSquad: !!squad, hasWorkflow: !!workflow },
    });
    const attempt = new Attempt();
    this.#transition({ phase: 'starting', attempt, session: null });
    // Before any await: getUserMedia must run inside the caller's gesture.
    attempt.microphone = this.#stages.microphoneStage(attempt, options?.mediaStream);
    const isMobile = isMobileDevice();
    let webCall: WebCall | undefined;

    try {
      this.#stages.progress({ stage: 'web-call-creation', status: 'started' });
      const webCallStartTime = Date.now();
      const body: CreateWebCallBody = {
        assistant: typeof assistant === 'string' ? undefined : assistant,
        assistantId: typeof assistant === 'string' ? assistant : undefined,
        assistantOverrides,
        squad: typeof squad === 'string' ? undefined : squad,
        squadId: typeof squad === 'string' ? squad : undefined,
        workflow: typeof workflow === 'string' ? undefined : workflow,
        workflowId: typeof workflow === 'string' ? workflow : undefined,
        workflowOverrides,
        roomDeleteOnUserLeaveEnabled: options?.roomDeleteOnUserLeaveEnabled,
      };
      // The independent work starts together: the platform request, and the call object
      // (daily-js import, creation, bundle load, microphone). The call object is created on
      // the assumption that video is off unless configured; if the created web call turns
      // out to need video, it is recreated below.
      const webCallTask = settle(
        createWebCall(body, {
          baseUrl: this.#baseUrl,
          token: this.#token,
          fetch: this.#fetch,
          signal: attempt.abort.signal,
        }),
      );
      const assumedVideoSource = this.#dailyCallObject.videoSource ?? false;
      const prepareTask = settle(this.#prepare(attempt, assumedVideoSource, isMobile));

      const created = await attempt.race(webCallTask);
      if (!created.ok) throw created.error;
      webCall = created.value;
      this.#stages.progress({
        stage: 'web-call-creation',
        status: 'completed',
        duration: created.endedAt - webCallStartTime,
        metadata: {
          callId: webCall?.id || 'unknown',
          videoRecordingEnabled: webCall?.artifactPlan?.videoRecordingEnabled ?? false,
          voiceProvider: webCall?.assistant?.voice?.provider || 'unknown',
        },
      });

      const { isVideoRecordingEnabled, isVideoEnabled, callToken, videoSource } = this.#stages.beginCallObjectCreation(webCall);
      let prepared = await attempt.race(prepareTask);
      if (prepared.ok && prepared.value.videoSource !== videoSource) {
        // #prepare waits for this call object to be gone before it creates the next one.
        void this.#dispose(prepared.value);
        prepared = await attempt.race(settle(this.#prepare(attempt, videoSource, isMobile)));
      }
      if (!prepared.ok) {
        const duration = (prepared.error as { createDuration?: number })?.createDuration ?? 0;
        this.#stages.stageFailed('daily-call-object-creation', prepared.error, duration);
        throw prepared.error;
      }
      const plan = { url: webCall.webCallUrl, callToken, isVideoRecordingEnabled, isVideoEnabled, isMobile, isReconnect: false };
      const live = await this.#goLive(attempt, prepared.value, plan, () =>
        this.emit('call-start-success', { totalDuration: Date.now() - startTime, callId: webCall?.id || 'unknown', timestamp: now() }),
      );
      if (!live) return null;
      return webCall;
    } catch (e) {
      if (e instanceof StartCancelled || attempt.cancelled) {
        await this.#releaseAttempt(attempt);
        return null;
      }
      const totalDuration = Date.now() - startTime;
      const serialized = serializeError(e);
      const context = { hasAssistant: !!assistant, hasSquad: !!squad, hasWorkflow: !!workflow, isMobile };
      this.emit('call-start-failed', {
        stage: 'unknown',
        totalDuration,
        error: serialized.message,
        errorStack: serialized.stack || 'No stack trace available',
        timestamp: now(),
        context,
      });
      this.emit('error', {
        type: 'start-method-error',
        stage: 'unknown',
        error: serialized,
        totalDuration,
        timestamp: now(),
        context,
      });
      await this.#releaseAttempt(attempt);
      return null;
    }
  }

  /**
   * Rejoins a call that `start()` created with `roomDeleteOnUserLeaveEnabled: false`.
   * Throws (after emitting `call-start-failed` and a `reconnect-error`) when it fails.
   */
  async reconnect(webCall: ReconnectWebCall | WebCall): Promise<void> {
    const startTime = Date.now();
    if (this.#isBusy()) throw new Error('Cannot reconnect while a call is already in progress. Call stop() first.');
    if (!webCall.webCallUrl) throw new Error('webCallUrl is required for reconnection.');
    const info = {
      callId: webCall.id || 'unknown',
      hasVideoRecording: !!webCall?.artifactPlan?.videoRecordingEnabled,
      voiceProvider: webCall?.assistant?.voice?.provider || 'unknown',
    };
    this.#stages.progress({ stage: 'reconnect-initialization', status: 'started', metadata: info });
    const pendingTeardown = this.#state.phase === 'stopping' ? this.#state.teardown : null;
    const attempt = new Attempt();
    this.#transition({ phase: 'starting', attempt, session: null });
    const isMobile = isMobileDevice();
    try {
      if (pendingTeardown) {
        this.#stages.progress({ stage: 'cleanup-existing-call', status: 'started' });
        await attempt.race(pendingTeardown);
        this.#stages.progress({ stage: 'cleanup-existing-call', status: 'completed' });
      }
      const { isVideoRecordingEnabled, isVideoEnabled, callToken, videoSource } = this.#stages.beginCallObjectCreation(webCall);
      const session = await attempt.race(this.#prepare(attempt, videoSource, isMobile));
      const plan = { url: webCall.webCallUrl, callToken, isVideoRecordingEnabled, isVideoEnabled, isMobile, isReconnect: true };
      await this.#goLive(attempt, session, plan, () => {
        this.emit('call-start-success', { totalDuration: Date.now() - startTime, callId: info.callId, timestamp: now() });
        this.emit('call-start');
      });
    } catch (e) {
      if (e instanceof StartCancelled || attempt.cancelled) {
        await this.#releaseAttempt(attempt);
        return;
      }
      const totalDuration = Date.now() - startTime;
      const serialized = serializeError(e);
      const context = { isReconnect: true, ...info, isMobile };
      this.emit('call-start-failed', {
        stage: 'reconnect',
        totalDuration,
        error: serialized.message,
        errorStack: serialized.stack || 'No stack trace available',
        timestamp: now(),
        context,
      });
      this.emit('error', { type: 'reconnect-error', error: serialized, totalDuration, timestamp: now(), context });
      await this.#releaseAttempt(attempt);
      throw e;
    }
  }

  // ---------------------------------------------------------------- start stages

  /**
   * Everything after the call object exists, shared by `start()` and `reconnect()`: adopt it,
   * then the mobile, join, recording, level-observer and audio-processing stages, in the
   * reference's order for each (reconnect wires the media events before joining and reports
   * stage failures only by rethrowing). True once live; false when the call ended or was
   * stopped meanwhile, and the attempt has been released. `onLive` runs in the same turn as the
   * last stage, as the reference emits its success (a later tick would reorder it after errors).
   */
  async #goLive(attempt: Attempt, session: CallSession, plan: StartPlan, onLive: () => void): Promise<boolean> {
    const { url, callToken, isVideoRecordingEnabled, isMobile, isReconnect } = plan;
    const report = !isReconnect;
    this.#stages.progress({ stage: 'daily-call-object-creation', status: 'completed', duration: session.createDuration });
    session.isVideoRecordingEnabled = isVideoRecordingEnabled;
    session.isVideoEnabled = plan.isVideoEnabled;
    this.#transition({ phase: 'starting', attempt, session });
    session.adopt();
    if (isReconnect) this.#bridge.wireMedia(session);
    if (isVideoRecordingEnabled) this.#stages.watchFirstRecording(session);

    await this.#stages.mobileStage(attempt, session, isMobile);
    // The warm-up never rejects; join() redoes whatever it could not do.
    await attempt.race(session.warm);
    await this.#stages.joinStage(attempt, session, url, callToken, report);

    this.#stages.videoRecordingStage(session, isVideoRecordingEnabled, callToken, report);
    await this.#stages.audioObserverStage(attempt, session, report);
    if (!isReconnect) this.#bridge.wireMedia(session);
    this.#stages.audioProcessingStage(session, report);

    if (this.#session !== session || attempt.cancelled) {
      // The call ended while it was starting (its call-end has been reported).
      await this.#releaseAttempt(attempt);
      return false;
    }
    for (const track of attempt.ownedTracks) session.ownedTracks.add(track);
    attempt.ownedTracks.clear();
    this.#transition({ phase: 'live', session });
    onLive();
    return true;
  }

  /**
   * Creates a call object and starts warming it up (bundle, then microphone), plus the mobile
   * wait. Never creates anything once the attempt is cancelled.
   */
  async #prepare(attempt: Attempt, videoSource: CreateCallObjectOptions['videoSource'], isMobile: boolean): Promise<CallSession> {
    const t0 = Date.now();
    let call: CallObjectLike;
    try {
      const factory = this.#createCallObject ?? (await attempt.race(loadDailyFactory()));
      // daily-js refuses a second call object until the previous one's destroy() has finished.
      await attempt.race(this.#allTornDown());
      if (attempt.cancelled) throw new StartCancelled();
      const { audioSource, startAudioOff } = this.#dailyCallObject;
      const earlyTrack = attempt.microphone ? await attempt.race(attempt.microphone) : undefined;
      if (attempt.cancelled) throw new StartCancelled();
      call = factory({
        audioSource: earlyTrack ?? audioSource ?? true,
        videoSource,
        ...(startAudioOff !== undefined ? { startAudioOff } : {}),
        dailyConfig: this.#dailyCallConfig,
      });
    } catch (error) {
      if (error && typeof error === 'object') (error as { createDuration?: number }).createDuration = Date.now() - t0;
      throw error;
    }
    const session = new CallSession(call, videoSource);
    session.createDuration = Date.now() - t0;
    attempt.sessions.add(session);
    this.#bridge.wire(session);
    try {
      call.iframe?.()?.style.setProperty('display', 'none');
    } catch {
      // a call object has no iframe
    }
    if (isMobile) {
      const waitStart = Date.now();
      session.mobileWait = attempt.sleep(MOBILE_JOIN_WAIT_MS).then(() => {
        session.mobileWaitDuration = Date.now() - waitStart;
      });
    }
    session.warm = (async () => {
      try {
        await call.load();
        if (attempt.cancelled || session.disposing) return;
        await call.startCamera();
      } catch (error) {
        if (!session.disposing) this.logger.warn('[helena] pre-join warm-up failed; join() will retry it:', error);
      }
    })();
    return session;
  }

  // ---------------------------------------------------------------- call-object events

  #onLeftMeeting(session: CallSession): void {
    if (!session.joined || session.ended) return;
    this.#bridge.endCall(session);
    void this.#dispose(session);
  }

  #resolvedVolume(): number | null {
    if (this.#desiredVolume === null || !Number.isFinite(this.#desiredVolume)) return null;
    return Math.min(1, Math.max(0, this.#desiredVolume));
  }

  // ---------------------------------------------------------------- teardown

  /**
   * Destroys a session's call object exactly once, then removes every listener, timer and
   * `<audio>` element it owns. A joined call that ends this way still reports `call-end`.
   */
  #dispose(session: CallSession): Promise<void> {
    if (session.disposed) return session.disposed;
    session.disposing = true;
    const state = this.#state;
    if (state.phase === 'starting' && state.session === session) {
      // The call ended while starting: the attempt sees the session gone and releases itself.
      this.#transition({ phase: 'starting', attempt: state.attempt, session: null });
    }
    // Stored before destroy() runs: daily fires left-meeting from inside destroy(), and the
    // handler comes back here; it must get this promise, not destroy the call object again.
    let done!: () => void;
    session.disposed = new Promise<void>((resolve) => (done = resolve));
    void (async () => {
      try {
        if (!session.call.isDestroyed?.()) await session.call.destroy();
      } catch (error) {
        this.logger.warn('[helena] destroying the call object failed:', error);
      }
      for (const [event, handler] of session.handlers.splice(0)) {
        try {
          session.call.off(event, handler);
        } catch {
          // already gone
        }
      }
      // The call object did not report leaving: report the end ourselves.
      if (session.adopted && session.joined && !session.ended) this.#bridge.endCall(session);
      if (session.speakingTimeout) clearTimeout(session.speakingTimeout);
      session.speakingTimeout = null;
      for (const player of session.players) player.remove();
      session.players.clear();
      session.pendingBuilds.clear();
      session.audioPlayer = null;
      stopTracks(session.ownedTracks);
      session.ownedTracks.clear();
    })().finally(done);
    const disposed = session.disposed;
    this.#teardowns.add(disposed);
    void disposed.then(() => this.#teardowns.delete(disposed));
    if (state.phase === 'live' && state.session === session) void this.#stopWith(disposed);
    return disposed;
  }

  /** Releases everything an attempt created and, if it is still the current one, resets the client. */
  async #releaseAttempt(attempt: Attempt): Promise<void> {
    attempt.cancel();
    const released = Promise.all([...attempt.sessions].map((s) => this.#dispose(s)));
    if (this.#attempt === attempt) await this.#stopWith(released);
    else await released;
  }

  /**
   * Stops the call (or a pending start) and destroys the call object. With
   * `roomDeleteOnUserLeaveEnabled: false` the platform call survives, for `reconnect()`.
   */
  async stop(): Promise<void> {
    const state = this.#state;
    switch (state.phase) {
      case 'idle':
        return;
      case 'stopping':
        return state.teardown;
      case 'starting':
        return this.#releaseAttempt(state.attempt);
      case 'live':
        // Disposing the live session moves the client to stopping; wait for that teardown.
        void this.#dispose(state.session);
        return this.stop();
    }
  }

  /** Ends the call for everyone (`end-call`), then stops. */
  end(): Promise<void> {
    this.send({ type: 'end-call' });
    return this.stop();
  }

  // ---------------------------------------------------------------- messages

  /** Sends a live-call-control message to the assistant. */
  send(message: WebCallClientMessage): void {
    const session = this.#session;
    if (session) sendOn(session, message);
  }

  say(message: string, endCallAfterSpoken?: boolean, interruptionsEnabled?: boolean, interruptAssistantEnabled?: boolean): void {
    this.send({
      type: 'say',
      message,
      endCallAfterSpoken,
      interruptionsEnabled: interruptionsEnabled ?? false,
      interruptAssistantEnabled: interruptAssistantEnabled ?? false,
    });
  }

  // ---------------------------------------------------------------- audio and devices

  /** The `<audio>` element playing the assistant, or null before its track arrives. */
  getAudioPlayer(): HTMLAudioElement | null {
    return this.#session?.audioPlayer ?? null;
  }

  /** Assistant playback volume, 0 to 1 (clamped; non-finite ignored). Remembered across calls. */
  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    this.#desiredVolume = Math.min(1, Math.max(0, volume));
    const player = this.#session?.audioPlayer;
    if (player) player.volume = this.#desiredVolume;
  }

  setMuted(mute: boolean): void {
    safeSetLocalAudio(this.#liveCall(), !mute);
  }

  isMuted(): boolean {
    const call = this.#liveCall();
    return call ? call.localAudio() === false : false;
  }

  setInputDevicesAsync(options: Parameters<DailyCall['setInputDevicesAsync']>[0]): Promise<void> {
    return safeSetInputDevicesAsync(this.#liveCall(), options);
  }

  async increaseMicLevel(gain: number): Promise<void> {
    const call = this.#liveCall();
    if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const audioContext = new AudioContext();
      const source = audioContext.createMediaStreamSource(stream);
      const gainNode = audioContext.createGain();
      gainNode.gain.value = gain;
      source.connect(gainNode);
      const destination = audioContext.createMediaStreamDestination();
      gainNode.connect(destination);
      const [boostedTrack] = destination.stream.getAudioTracks();
      await safeSetInputDevicesAsync(call, { audioSource: boostedTrack });
    } catch (error) {
      this.logger.error('Error adjusting microphone level:', error);
    }
  }

  setOutputDeviceAsync(options: Parameters<DailyCall['setOutputDeviceAsync']>[0]): void {
    const call = this.#liveCall();
    if (!call) return;
    Promise.resolve(call.setOutputDeviceAsync(options)).catch((error) =>
      this.logger.error('[helena] setOutputDeviceAsync failed:', error),
    );
  }

  /** The daily call object of the current call (or of the start in progress), or null. */
  getDailyCallObject(): DailyCall | null {
    return (this.#liveCall() as unknown as DailyCall) ?? null;
  }

  /** The most recent local microphone level (0 to 1); 0 without a call. */
  getLocalAudioLevel(): number {
    const call = this.#liveCall();
    return call ? call.getLocalAudioLevel() : 0;
  }

  /** Starts (or restarts) the local level observer that feeds `local-volume-level`. */
  async startLocalAudioLevelObserver(interval?: number): Promise<void> {
    const call = this.#liveCall();
    if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
    await call.startLocalAudioLevelObserver(interval);
  }

  stopLocalAudioLevelObserver(): void {
    this.#liveCall()?.stopLocalAudioLevelObserver();
  }

  isLocalAudioLevelObserverRunning(): boolean {
    const call = this.#liveCall();
    return call ? call.isLocalAudioLevelObserverRunning() : false;
  }

  startScreenSharing(displayMediaOptions?: DisplayMediaStreamOptions, screenVideoSendSettings?: DailyVideoSendSettings): void {
    this.#liveCall()?.startScreenShare({ displayMediaOptions, screenVideoSendSettings });
  }

  stopScreenSharing(): void {
    this.#liveCall()?.stopScreenShare();
  }

  /**
   * Starts (or retries) the cloud recording: 1280×720, background #1F2D3D, default layout.
   * Success arrives as `recording-started`, failure as `recording-error`.
   */
  startRecording(): void {
    const call = this.#liveCall();
    if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
    call.startRecording({ ...RECORDING_OPTIONS, layout: { ...RECORDING_OPTIONS.layout } });
  }

  stopRecording(): void {
    this.#liveCall()?.stopRecording();
  }

  #liveCall(): CallObjectLike | null {
    const session = this.#session;
    return session && !session.disposing ? session.call : null;
  }

  /**
   * Pre-call network diagnostics on a temporary daily call object (browser only): TURN
   * connectivity, websocket connectivity and, when available, call quality.
   */
  static async runNetworkTestsStandalone(logger?: WebCallLoggerOption): Promise<Record<string, unknown>> {
    const results: Record<string, unknown> = {};
    let call: NetworkTestCall | null = null;
    try {
      const factory = await loadDailyFactory();
      // The factory is daily's createCallObject here, whose objects have the test methods.
      call = factory({ audioSource: true, videoSource: true }) as unknown as NetworkTestCall;
      let videoTrack: MediaStreamTrack | undefined;
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ video: true });
        videoTrack = stream.getVideoTracks()[0];
        results.networkConnectivity = await call.testNetworkConnectivity(videoTrack);
      } catch (error) {
        results.networkConnectivity = { result: 'error', error: String(error) };
      } finally {
        videoTrack?.stop();
      }
      try {
        results.websocketConnectivity = await call.testWebsocketConnectivity();
      } catch (error) {
        results.websocketConnectivity = { result: 'error', error: String(error) };
      }
      if (typeof call.testCallQuality === 'function') {
        try {
          await call.startCamera();
          results.callQuality = await call.testCallQuality();
        } catch (error) {
          results.callQuality = {
            result: 'error',
            error: String(error),
            message: 'Failed to initialize camera for call quality test. Check camera permissions.',
          };
        }
      } else {
        results.callQuality = { result: 'not-available', message: 'testCallQuality method not available' };
      }
    } catch (error) {
      results.error = String(error);
    } finally {
      if (call) {
        try {
          await call.destroy();
        } catch (error) {
          resolveLogger(logger).error('Error destroying temporary call object:', error);
        }
      }
    }
    return results;
  }
}

