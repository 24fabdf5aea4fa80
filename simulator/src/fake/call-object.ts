// The fake call object itself: daily's lifecycle, events and one-instance rule, in memory. The
// module that exports it (fake-call-object.ts) says what it does and how tests script it.
import type {
  CallObjectEvent,
  CallObjectInputSettings,
  CallObjectLike,
  CallObjectMeetingState,
  CallObjectParticipant,
  CreateCallObjectOptions,
} from '@helena/sdk/web';
import { TypedEmitter } from '@helena/sdk/web';
import { CallObjectRegistry, defaultCallObjectRegistry } from '../call-object-registry';
import { scriptError, scriptResult, takeScript, type FakeCallRecord, type FakeLatency, type FakeMethodName, type FakeMethodScript } from './scripts';
import { createFakeTrack, type FakeTrack } from './track';

export interface FakeCallObjectOptions {
  latency?: FakeLatency;
  /** Where the one-instance rule is kept; default: `defaultCallObjectRegistry` (one per factory for factories). */
  registry?: CallObjectRegistry;
  /** Remote participants that join (participant-joined) right after the local join completes. */
  remoteParticipants?: Array<Partial<CallObjectParticipant>>;
  /** Called after a successful join, with the fake; a convenient place to script the remote side. */
  onJoin?: (fake: FakeCallObject) => void;
  /** Per-method scripts to start with. */
  scripts?: Partial<Record<FakeMethodName, FakeMethodScript>>;
}

/** A listener as `CallObjectLike.on` takes it (one loose signature for every daily event). */
type Handler = Parameters<CallObjectLike['on']>[1];
type Pending = { timer: ReturnType<typeof setTimeout>; reject: (error: unknown) => void };

let fakeCount = 0;
const USE_AFTER_DESTROY = 'Use after destroy';

export class FakeCallObject implements CallObjectLike {
  readonly callClientId = `fake-call-${++fakeCount}`;
  /** The options it was created with (what `createCallObject` received). */
  readonly createOptions: CreateCallObjectOptions | undefined;
  readonly calls: FakeCallRecord[] = [];
  /** Every `sendAppMessage` payload, in order. */
  readonly appMessages: unknown[] = [];
  readonly latency: Required<FakeLatency>;
  destroyCount = 0;
  loaded = false;
  cameraStarted = false;

  #options: FakeCallObjectOptions;
  #t0 = Date.now();
  #events = new TypedEmitter<Record<string, Handler>>();
  #scripts = new Map<string, FakeMethodScript>();
  #pending = new Set<Pending>();
  #state: CallObjectMeetingState = 'new';
  #destroyed = false;
  #destroying: Promise<void> | null = null;
  #localAudio = true;
  #participants: Record<string, CallObjectParticipant> = {
    local: { session_id: 'local-session', user_name: '', local: true },
  };
  #remoteObserver = false;
  #localObserver = false;
  #localAudioLevel = 0;
  #inputSettings: unknown = {};
  #trackCount = 0;
  readonly #registry: CallObjectRegistry;

  constructor(createOptions?: CreateCallObjectOptions, options: FakeCallObjectOptions = {}) {
    this.#registry = options.registry ?? defaultCallObjectRegistry;
    this.#registry.check(createOptions?.allowMultipleCallInstances === true);
    this.#registry.register(this);
    this.createOptions = createOptions;
    this.#options = options;
    this.latency = {
      load: 0,
      startCamera: 0,
      join: 0,
      leave: 0,
      destroy: 0,
      updateInputSettings: 0,
      ...options.latency,
    };
    for (const [method, script] of Object.entries(options.scripts ?? {})) {
      if (script) this.#scripts.set(method, script);
    }
    if (createOptions?.startAudioOff) this.#localAudio = false;
  }

  // ------------------------------------------------------------ scripting and inspection

  /** Makes `method` behave as described (see `FakeMethodScript`). */
  script(method: FakeMethodName, script: FakeMethodScript): this {
    this.#scripts.set(method, script);
    return this;
  }

  /** Makes `method` fail with `error` (reject for async methods, throw for sync ones). */
  fail(method: FakeMethodName, error: unknown = new Error(`${method} failed`), extra: Omit<FakeMethodScript, 'error'> = {}): this {
    return this.script(method, { ...extra, error });
  }

  /** Makes `method` take `ms` milliseconds longer. */
  delay(method: FakeMethodName, ms: number): this {
    return this.script(method, { ...this.#scripts.get(method), delay: ms });
  }

  /** Removes the script of `method` (or of every method). */
  unscript(method?: FakeMethodName): this {
    if (method) this.#scripts.delete(method);
    else this.#scripts.clear();
    return this;
  }

  /** The arguments of every call to `method`, in order. */
  callsTo(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  /** App messages sent, with JSON text parsed (other payloads as they are). */
  get appMessagesParsed(): unknown[] {
    return this.appMessages.map((m) => {
      if (typeof m !== 'string') return m;
      try {
        return JSON.parse(m) as unknown;
      } catch {
        return m;
      }
    });
  }

  /** Fires a daily event at the registered handlers (synchronously). `action` is filled in. */
  fire(event: CallObjectEvent | (string & {}), payload?: Record<string, unknown> | null): void {
    if (this.#events.listenerCount(event) === 0) return;
    this.#events.emit(event, payload === null ? undefined : { action: event, callClientId: this.callClientId, ...payload });
  }

  /** How many handlers are registered for `event` (or for all events). */
  listenerCount(event?: CallObjectEvent | (string & {})): number {
    const events = event ? [event] : this.#events.eventNames();
    return events.reduce((n, name) => n + this.#events.listenerCount(name), 0);
  }

  /** Event names that have handlers. */
  eventNames(): string[] {
    return this.#events.eventNames();
  }

  /** Adds a remote participant and fires participant-joined. Default name: 'Vapi Speaker'. */
  addRemoteParticipant(participant: Partial<CallObjectParticipant> = {}): CallObjectParticipant {
    const p: CallObjectParticipant = {
      session_id: participant.session_id ?? `remote-${Object.keys(this.#participants).length}`,
      user_name: participant.user_name ?? 'Vapi Speaker',
      local: false,
      ...participant,
    };
    this.#participants[p.session_id] = p;
    this.fire('participant-joined', { participant: p });
    return p;
  }

  /** Removes a participant and fires participant-left. */
  removeParticipant(sessionId: string): void {
    const p = this.#participants[sessionId];
    if (!p) return;
    delete this.#participants[sessionId];
    this.fire('participant-left', { participant: p, reason: 'left' });
  }

  /** A fake `MediaStreamTrack`. */
  createTrack(kind: 'audio' | 'video' = 'audio'): FakeTrack {
    return createFakeTrack(kind, `${this.callClientId}-track-${++this.#trackCount}`);
  }

  /** Fires track-started for a participant (by session id or object). Returns the track. */
  startTrack(participant: string | CallObjectParticipant, kind: 'audio' | 'video' = 'audio', track?: FakeTrack): FakeTrack {
    const p = typeof participant === 'string' ? this.#participants[participant] : participant;
    const t = track ?? this.createTrack(kind);
    this.fire('track-started', { participant: p ?? null, track: t, type: kind });
    return t;
  }

  /** Fires app-message as if the remote side sent `data` (objects are sent as JSON text). */
  receiveAppMessage(data: unknown, fromId = 'remote-1'): void {
    this.fire('app-message', { data: typeof data === 'string' ? data : JSON.stringify(data), fromId });
  }

  /** Fires remote-participants-audio-level. */
  remoteAudioLevels(participantsAudioLevel: Record<string, number>): void {
    this.fire('remote-participants-audio-level', { participantsAudioLevel });
  }

  /** Fires local-audio-level and sets `getLocalAudioLevel()`. */
  localAudioLevel(audioLevel: number): void {
    this.#localAudioLevel = audioLevel;
    this.fire('local-audio-level', { audioLevel });
  }

  /** The remote side ended the meeting: state left-meeting, fires left-meeting. */
  endMeeting(): void {
    this.#state = 'left-meeting';
    this.fire('left-meeting', {});
  }

  get inputSettings(): unknown {
    return this.#inputSettings;
  }

  get remoteAudioLevelObserverRunning(): boolean {
    return this.#remoteObserver;
  }

  /** Timers still pending inside the fake (0 once destroyed). */
  get pendingTimers(): number {
    return this.#pending.size;
  }

  // ------------------------------------------------------------ events

  on(event: CallObjectEvent, handler: Handler): this {
    this.#record('on', [event, handler]);
    this.#events.on(event, handler);
    return this;
  }

  once(event: CallObjectEvent, handler: Handler): this {
    this.#record('once', [event, handler]);
    this.#events.once(event, handler);
    return this;
  }

  off(event: CallObjectEvent, handler: Handler): this {
    this.#record('off', [event, handler]);
    this.#events.off(event, handler);
    return this;
  }

  // ------------------------------------------------------------ lifecycle

  load(options?: Record<string, unknown>): Promise<void> {
    return this.#async('load', [options], async () => {
      if (this.loaded) return;
      await this.#payLoad();
    });
  }

  startCamera(options?: Record<string, unknown>): Promise<unknown> {
    return this.#async('startCamera', [options], async () => {
      if (!this.loaded) await this.#payLoad();
      if (!this.cameraStarted) await this.#payCamera();
      return { camera: {}, mic: {}, speaker: {} };
    });
  }

  join(options?: Record<string, unknown>): Promise<unknown> {
    return this.#async('join', [options], async () => {
      if (this.#state === 'joined-meeting') throw new Error('Already joined a meeting.');
      if (!this.loaded) await this.#payLoad();
      if (!this.cameraStarted) await this.#payCamera();
      this.#state = 'joining-meeting';
      this.fire('joining-meeting', {});
      await this.#sleep(this.latency.join);
      this.#state = 'joined-meeting';
      this.fire('joined-meeting', { participants: this.participants() });
      for (const p of this.#options.remoteParticipants ?? []) this.addRemoteParticipant(p);
      this.#options.onJoin?.(this);
      return this.participants();
    });
  }

  leave(): Promise<void> {
    return this.#async('leave', [], async () => {
      await this.#leave();
    });
  }

  destroy(): Promise<void> {
    this.#record('destroy', []);
    this.destroyCount++;
    const script = takeScript(this.#scripts, 'destroy');
    if (script?.throwSync) throw scriptError(script, []);
    if (this.#destroying) return this.#destroying;
    // Stored before any work runs: destroy() re-entered from a left-meeting handler gets it.
    let settle!: { resolve: () => void; reject: (e: unknown) => void };
    this.#destroying = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    (async () => {
      if (script?.delay) await this.#sleep(script.delay, true);
      if (this.latency.destroy) await this.#sleep(this.latency.destroy, true);
      await this.#leave();
      this.#destroyed = true;
      for (const p of this.#pending) {
        clearTimeout(p.timer);
        p.reject(new Error(USE_AFTER_DESTROY));
      }
      this.#pending.clear();
      this.fire('call-instance-destroyed', {});
      this.#registry.unregister(this);
      if (script && 'error' in script) throw scriptError(script, []);
    })().then(settle.resolve, settle.reject);
    return this.#destroying;
  }

  isDestroyed(): boolean {
    this.#record('isDestroyed', []);
    return this.#destroyed;
  }

  meetingState(): CallObjectMeetingState {
    this.#record('meetingState', []);
    return this.#state;
  }

  iframe(): null {
    this.#record('iframe', []);
    return null;
  }

  // ------------------------------------------------------------ participants and messages

  participants(): Record<string, CallObjectParticipant> {
    return { ...this.#participants };
  }

  updateParticipant(sessionId: string, updates: Record<string, unknown>): this {
    return this.#sync('updateParticipant', [sessionId, updates], () => this);
  }

  sendAppMessage(data: unknown, to?: string | string[]): this {
    return this.#sync('sendAppMessage', to === undefined ? [data] : [data, to], () => {
      this.appMessages.push(data);
      return this;
    });
  }

  // ------------------------------------------------------------ audio

  localAudio(): boolean {
    return this.#sync('localAudio', [], () => this.#localAudio);
  }

  setLocalAudio(enabled: boolean, options?: { forceDiscardTrack: boolean }): this {
    return this.#sync('setLocalAudio', options === undefined ? [enabled] : [enabled, options], () => {
      this.#localAudio = enabled;
      return this;
    });
  }

  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void> {
    return this.#async('startRemoteParticipantsAudioLevelObserver', [interval], () => {
      this.#remoteObserver = true;
      return Promise.resolve();
    });
  }

  stopRemoteParticipantsAudioLevelObserver(): void {
    this.#sync('stopRemoteParticipantsAudioLevelObserver', [], () => {
      this.#remoteObserver = false;
    });
  }

  startLocalAudioLevelObserver(interval?: number): Promise<void> {
    return this.#async('startLocalAudioLevelObserver', [interval], () => {
      this.#localObserver = true;
      return Promise.resolve();
    });
  }

  stopLocalAudioLevelObserver(): void {
    this.#sync('stopLocalAudioLevelObserver', [], () => {
      this.#localObserver = false;
    });
  }

  isLocalAudioLevelObserverRunning(): boolean {
    return this.#sync('isLocalAudioLevelObserverRunning', [], () => this.#localObserver);
  }

  getLocalAudioLevel(): number {
    return this.#sync('getLocalAudioLevel', [], () => this.#localAudioLevel);
  }

  updateInputSettings(settings: CallObjectInputSettings): Promise<unknown> {
    return this.#async('updateInputSettings', [settings], async () => {
      await this.#sleep(this.latency.updateInputSettings);
      this.#inputSettings = settings;
      return { inputSettings: settings };
    });
  }

  setInputDevicesAsync(devices: Record<string, unknown>): Promise<unknown> {
    return this.#async('setInputDevicesAsync', [devices], () => Promise.resolve({ camera: {}, mic: {}, speaker: {} }));
  }

  setOutputDeviceAsync(device: { outputDeviceId: string }): Promise<unknown> {
    return this.#async('setOutputDeviceAsync', [device], () => Promise.resolve({ camera: {}, mic: {}, speaker: {} }));
  }

  // ------------------------------------------------------------ recording and screen share

  startRecording(options?: Record<string, unknown>): void {
    this.#sync('startRecording', [options], () => undefined);
  }

  stopRecording(options?: { instanceId: string }): void {
    this.#sync('stopRecording', options === undefined ? [] : [options], () => undefined);
  }

  startScreenShare(options?: Record<string, unknown>): void {
    this.#sync('startScreenShare', [options], () => undefined);
  }

  stopScreenShare(): void {
    this.#sync('stopScreenShare', [], () => undefined);
  }

  // ------------------------------------------------------------ internals

  #record(method: string, args: unknown[]): void {
    this.calls.push({ method, args, at: Date.now() - this.#t0 });
  }

  #sync<T>(method: string, args: unknown[], impl: () => T): T {
    this.#record(method, args);
    if (this.#destroyed) throw new Error(USE_AFTER_DESTROY);
    const script = takeScript(this.#scripts, method);
    if (script && 'error' in script) throw scriptError(script, args);
    if (script && 'result' in script) return scriptResult(script, args) as T;
    return impl();
  }

  #async<T>(method: string, args: unknown[], impl: () => Promise<T>): Promise<T> {
    this.#record(method, args);
    const script = takeScript(this.#scripts, method);
    if (script?.throwSync) throw scriptError(script, args);
    return (async () => {
      if (this.#destroyed) throw new Error(USE_AFTER_DESTROY);
      if (script?.delay) await this.#sleep(script.delay);
      if (script && 'error' in script) throw scriptError(script, args);
      if (script && 'result' in script) return scriptResult(script, args) as T;
      return impl();
    })();
  }

  async #payLoad(): Promise<void> {
    this.#state = 'loading';
    this.fire('loading', {});
    await this.#sleep(this.latency.load);
    this.loaded = true;
    if (this.#state === 'loading') this.#state = 'loaded';
    this.fire('loaded', {});
  }

  async #payCamera(): Promise<void> {
    await this.#sleep(this.latency.startCamera);
    this.cameraStarted = true;
    this.fire('started-camera', {});
  }

  async #leave(): Promise<void> {
    if (this.#state !== 'joined-meeting' && this.#state !== 'joining-meeting') return;
    if (this.latency.leave) await this.#sleep(this.latency.leave, true);
    this.#state = 'left-meeting';
    this.fire('left-meeting', {});
  }

  /** A timer that `destroy()` cancels (rejecting the wait), unless `survivesDestroy`. */
  #sleep(ms: number, survivesDestroy = false): Promise<void> {
    if (!ms || ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const entry: Pending = {
        timer: setTimeout(() => {
          this.#pending.delete(entry);
          if (this.#destroyed && !survivesDestroy) reject(new Error(USE_AFTER_DESTROY));
          else resolve();
        }, ms),
        reject: survivesDestroy ? () => resolve() : reject,
      };
      this.#pending.add(entry);
    });
  }
}
