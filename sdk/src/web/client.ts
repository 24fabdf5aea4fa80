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
 * - One event more: `phase`, on every change of `phase` (idle, starting, live, stopping).
 *
 * This module owns the lifecycle (which call is current, and the moves between phases); the
 * methods that act on the current call object are inherited from `CallControls`. The class here
 * is `WebCallClientCore`: everything but the shape checks of daily-js options at construction,
 * which `WebCallClient` (./checked-client.ts) adds through `checkOptions`, so that an embedder
 * passing no such option does not load zod.
 */
import type { CreateCallObjectOptions } from './call-object';
import { Attempt, StartCancelled, settle } from './attempt';
import { CallControls } from './call-controls';
import { creationDuration, prepareSession, type CallPreparationOptions } from './call-preparation';
import { isMobileDevice, type DailyCallConfig, type DailyCallObjectOptions, type StartCallOptions, type WebCallClientOptions } from './client-options';
import { createSafeDailyConfig, withSafeAudioSource } from './daily-options';
import { EventBridge } from './event-bridge';
import type { CallHost } from './host';
import { IDLE, canMove, type Lifecycle, type WebCallPhase } from './lifecycle';
import { resolveLogger, type WebCallLoggerOption } from './logger';
import type { AssistantOverrides, WorkflowOverrides } from './platform-types';
import { RemoteAudio } from './remote-audio';
import { serializeError } from './serialize-error';
import type { CallSession } from './session';
import { StartStages } from './start-stages';
import { now } from './timestamp';
import { runNetworkTests } from './network-tests';
import {
  DEFAULT_BASE_URL,
  createWebCall,
  toWebCallBody,
  type AssistantInput,
  type ReconnectWebCall,
  type SquadInput,
  type WebCall,
  type WorkflowInput,
} from './web-call-api';

/** What the web call asks of the call object and its join. */
interface StartPlan {
  url: string | undefined;
  callToken: string | undefined;
  isVideoRecordingEnabled: boolean;
  isVideoEnabled: boolean;
  isMobile: boolean;
  isReconnect: boolean;
}

/**
 * `WebCallClient` without the shape checks of `userData`, `inputSettings`, `theme`,
 * `customTrayButtons` and `customIntegrations` in `dailyCallObject` (daily-js still checks them
 * when it creates the call object, later and less clearly), and so without zod: for embedders that
 * pass none of those options and count every byte. Same API and events otherwise.
 */
export class WebCallClientCore extends CallControls {
  readonly #token: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #dailyCallObject: CreateCallObjectOptions;
  readonly #preparation: CallPreparationOptions;

  #state: Lifecycle = IDLE;
  /** Call objects being destroyed: no new one is created until this is empty. */
  readonly #teardowns = new Set<Promise<void>>();
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
    this.checkOptions(options);
    this.#token = options.token;
    this.#baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    this.#fetch = options.fetch;
    this.logger = resolveLogger(options.logger);
    this.#dailyCallObject = withSafeAudioSource(options.dailyCallObject);
    const host: CallHost = {
      emit: (event, ...args) => this.emit(event, ...args),
      listenerCount: (event) => this.listenerCount(event),
      logger: { log: (...a) => this.logger.log(...a), warn: (...a) => this.logger.warn(...a), error: (...a) => this.logger.error(...a) },
      isCurrent: (session) => this.currentSession() === session,
      volume: () => this.resolvedVolume(),
      onLeftMeeting: (session) => this.#onLeftMeeting(session),
    };
    this.#stages = new StartStages(host, this.#dailyCallObject);
    this.#bridge = new EventBridge(host, new RemoteAudio(host), this.#stages);
    this.#preparation = {
      createCallObject: options.createCallObject,
      dailyCallObject: this.#dailyCallObject,
      dailyConfig: createSafeDailyConfig(options.dailyCallConfig),
      bridge: this.#bridge,
      logger: host.logger,
      allTornDown: () => this.#allTornDown(),
    };
  }

  /**
   * Called first by the constructor, before any option is used; throws to refuse them. The core
   * checks nothing (`WebCallClient` checks the daily call-object options). It runs before the
   * subclass's own fields exist: an override may read only its argument.
   */
  protected checkOptions(_options: WebCallClientOptions): void {}

  // ---------------------------------------------------------------- lifecycle

  /** Where the client is: 'idle', 'starting', 'live' or 'stopping'. Each change emits `phase`. */
  get phase(): WebCallPhase {
    return this.#state.phase;
  }

  /** The only place the lifecycle changes, and so the only place `phase` is emitted. */
  #transition(next: Lifecycle): void {
    const previous = this.#state.phase;
    if (!canMove(previous, next.phase)) {
      throw new Error(`WebCallClient: no transition from ${previous} to ${next.phase}`);
    }
    this.#state = next;
    // starting → starting only records the adopted call object: the phase is unchanged.
    if (previous !== next.phase) this.emit('phase', { previous, phase: next.phase });
  }

  protected override currentSession(): CallSession | null {
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

  /**
   * Starts a call with an assistant, squad or workflow (an id or inline). Resolves with the
   * created web call (the platform's `Call` plus its `webCallUrl`, which `reconnect()` takes),
   * or null when the start failed (reported as `call-start-failed` and `error`), was refused
   * because a call is under way, or was cancelled by `stop()`.
   */
  async start(
    assistant?: AssistantInput,
    assistantOverrides?: AssistantOverrides,
    squad?: SquadInput,
    workflow?: WorkflowInput,
    workflowOverrides?: WorkflowOverrides,
    options?: StartCallOptions,
  ): Promise<WebCall | null> {
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
      const body = toWebCallBody(assistant, assistantOverrides, squad, workflow, workflowOverrides, options?.roomDeleteOnUserLeaveEnabled);
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
        this.#stages.stageFailed('daily-call-object-creation', prepared.error, creationDuration(prepared.error));
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
      const context = { hasAssistant: !!assistant, hasSquad: !!squad, hasWorkflow: !!workflow, isMobile };
      const totalDuration = Date.now() - startTime;
      this.#stages.startFailed(e, { stage: 'unknown', errorType: 'start-method-error', errorStage: 'unknown', totalDuration, context });
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
      const context = { isReconnect: true, ...info, isMobile };
      const totalDuration = Date.now() - startTime;
      this.#stages.startFailed(e, { stage: 'reconnect', errorType: 'reconnect-error', totalDuration, context });
      await this.#releaseAttempt(attempt);
      throw e;
    }
  }

  // ---------------------------------------------------------------- going live

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

    if (this.currentSession() !== session || attempt.cancelled) {
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

  #prepare(attempt: Attempt, videoSource: CreateCallObjectOptions['videoSource'], isMobile: boolean): Promise<CallSession> {
    return prepareSession(this.#preparation, attempt, videoSource, isMobile);
  }

  #onLeftMeeting(session: CallSession): void {
    if (!session.owesCallEnd) return;
    this.#bridge.endCall(session);
    void this.#dispose(session);
  }

  // ---------------------------------------------------------------- teardown

  /**
   * Destroys a session's call object exactly once (see `CallSession.dispose`) and moves the
   * client on: a starting client forgets the session, a live one goes to `stopping`.
   */
  #dispose(session: CallSession): Promise<void> {
    const pending = session.disposal;
    if (pending) return pending;
    const state = this.#state;
    if (state.phase === 'starting' && state.session === session) {
      // The call ended while starting: the attempt sees the session gone and releases itself.
      this.#transition({ phase: 'starting', attempt: state.attempt, session: null });
    }
    const disposed = session.dispose(() => this.#bridge.endCall(session), this.logger);
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

  /**
   * Pre-call network diagnostics on a temporary daily call object (browser only): TURN
   * connectivity, websocket connectivity and, when available, call quality.
   */
  static runNetworkTestsStandalone(logger?: WebCallLoggerOption): Promise<Record<string, unknown>> {
    return runNetworkTests(logger);
  }
}
