/**
 * `createFakeCallObject()`: an in-memory, fully scriptable stand-in for a daily-js call object,
 * for unit tests of anything that takes a `createCallObject` (such as `WebCallClient`).
 *
 * - It behaves like daily where that matters: `load()` → 'loading'/'loaded', `startCamera()` →
 *   'started-camera', `join()` → 'joining-meeting'/'joined-meeting', `leave()` and `destroy()`
 *   of a joined call → 'left-meeting', `destroy()` → 'call-instance-destroyed'. Calls after
 *   `destroy()` reject or throw 'Use after destroy'.
 * - `latency` gives each step a cost; `join()` also pays the load and camera costs that were not
 *   paid before, as daily does.
 * - `fire()` fires any daily event; `script()`, `fail()` and `delay()` make any method fail or
 *   take time; `calls`, `callsTo()` and `appMessages` show what was done to it.
 * - It enforces daily-js 0.87's one-instance rule: creating a call object while another is still
 *   registered throws 'Duplicate DailyIframe instances are not allowed' (unless the options say
 *   `allowMultipleCallInstances: true`). An instance leaves the registry only when `destroy()` has
 *   finished its `leave()`, as in daily. Each registry stands for one page (daily's `window`).
 *
 * Nothing here touches a browser global; timers it starts are cleared by `destroy()`.
 */
import type { CallObjectEvent, CallObjectInputSettings, CallObjectLike, CallObjectMeetingState, CallObjectParticipant, CallObjectTrack, CreateCallObject, CreateCallObjectOptions } from '@helena/sdk/web';
import { CallObjectRegistry } from './call-object-registry';
/** How a scripted method behaves. Later `script()` calls for the same method replace earlier ones. */
export interface FakeMethodScript {
    /** Milliseconds before the method settles (async methods) — added before its own latency. */
    delay?: number;
    /** Reject (async methods) or throw (sync methods) with this; a function gets the arguments. */
    error?: unknown;
    /** Throw synchronously even from an async method. */
    throwSync?: boolean;
    /** Settle with this value instead of the default behaviour; a function gets the arguments. */
    result?: unknown;
    /** Apply to the next `times` calls only, then fall back to the default behaviour. */
    times?: number;
}
export interface FakeLatency {
    load?: number;
    startCamera?: number;
    /** The join itself; `join()` adds the load and camera costs that were not paid before. */
    join?: number;
    leave?: number;
    destroy?: number;
    updateInputSettings?: number;
}
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
export type FakeMethodName = Exclude<{
    [K in keyof CallObjectLike]: CallObjectLike[K] extends (...args: never[]) => unknown ? K : never;
}[keyof CallObjectLike], 'on' | 'off' | 'once'>;
export interface FakeCallRecord {
    method: string;
    args: unknown[];
    /** `performance.now()`-style milliseconds since the fake was created. */
    at: number;
}
export interface FakeTrack extends CallObjectTrack {
    kind: 'audio' | 'video';
    id: string;
    label: string;
    enabled: boolean;
    readyState: 'live' | 'ended';
    stop(): void;
}
/** A listener as `CallObjectLike.on` takes it (one loose signature for every daily event). */
type Handler = Parameters<CallObjectLike['on']>[1];
/** A fake `MediaStreamTrack` (live until `stop()`), e.g. for an `audioSource` or `mediaStream`. */
export declare function createFakeTrack(kind?: 'audio' | 'video', id?: string): FakeTrack;
export declare class FakeCallObject implements CallObjectLike {
    #private;
    readonly callClientId: string;
    /** The options it was created with (what `createCallObject` received). */
    readonly createOptions: CreateCallObjectOptions | undefined;
    readonly calls: FakeCallRecord[];
    /** Every `sendAppMessage` payload, in order. */
    readonly appMessages: unknown[];
    readonly latency: Required<FakeLatency>;
    destroyCount: number;
    loaded: boolean;
    cameraStarted: boolean;
    constructor(createOptions?: CreateCallObjectOptions, options?: FakeCallObjectOptions);
    /** Makes `method` behave as described (see `FakeMethodScript`). */
    script(method: FakeMethodName, script: FakeMethodScript): this;
    /** Makes `method` fail with `error` (reject for async methods, throw for sync ones). */
    fail(method: FakeMethodName, error?: unknown, extra?: Omit<FakeMethodScript, 'error'>): this;
    /** Makes `method` take `ms` milliseconds longer. */
    delay(method: FakeMethodName, ms: number): this;
    /** Removes the script of `method` (or of every method). */
    unscript(method?: FakeMethodName): this;
    /** The arguments of every call to `method`, in order. */
    callsTo(method: string): unknown[][];
    /** App messages sent, with JSON text parsed (other payloads as they are). */
    get appMessagesParsed(): unknown[];
    /** Fires a daily event at the registered handlers (synchronously). `action` is filled in. */
    fire(event: CallObjectEvent | (string & {}), payload?: Record<string, unknown> | null): void;
    /** How many handlers are registered for `event` (or for all events). */
    listenerCount(event?: CallObjectEvent | (string & {})): number;
    /** Event names that have handlers. */
    eventNames(): string[];
    /** Adds a remote participant and fires participant-joined. Default name: 'Vapi Speaker'. */
    addRemoteParticipant(participant?: Partial<CallObjectParticipant>): CallObjectParticipant;
    /** Removes a participant and fires participant-left. */
    removeParticipant(sessionId: string): void;
    /** A fake `MediaStreamTrack`. */
    createTrack(kind?: 'audio' | 'video'): FakeTrack;
    /** Fires track-started for a participant (by session id or object). Returns the track. */
    startTrack(participant: string | CallObjectParticipant, kind?: 'audio' | 'video', track?: FakeTrack): FakeTrack;
    /** Fires app-message as if the remote side sent `data` (objects are sent as JSON text). */
    receiveAppMessage(data: unknown, fromId?: string): void;
    /** Fires remote-participants-audio-level. */
    remoteAudioLevels(participantsAudioLevel: Record<string, number>): void;
    /** Fires local-audio-level and sets `getLocalAudioLevel()`. */
    localAudioLevel(audioLevel: number): void;
    /** The remote side ended the meeting: state left-meeting, fires left-meeting. */
    endMeeting(): void;
    get inputSettings(): unknown;
    get remoteAudioLevelObserverRunning(): boolean;
    /** Timers still pending inside the fake (0 once destroyed). */
    get pendingTimers(): number;
    on(event: CallObjectEvent, handler: Handler): this;
    once(event: CallObjectEvent, handler: Handler): this;
    off(event: CallObjectEvent, handler: Handler): this;
    load(options?: Record<string, unknown>): Promise<void>;
    startCamera(options?: Record<string, unknown>): Promise<unknown>;
    join(options?: Record<string, unknown>): Promise<unknown>;
    leave(): Promise<void>;
    destroy(): Promise<void>;
    isDestroyed(): boolean;
    meetingState(): CallObjectMeetingState;
    iframe(): null;
    participants(): Record<string, CallObjectParticipant>;
    updateParticipant(sessionId: string, updates: Record<string, unknown>): this;
    sendAppMessage(data: unknown, to?: string | string[]): this;
    localAudio(): boolean;
    setLocalAudio(enabled: boolean, options?: {
        forceDiscardTrack: boolean;
    }): this;
    startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>;
    stopRemoteParticipantsAudioLevelObserver(): void;
    startLocalAudioLevelObserver(interval?: number): Promise<void>;
    stopLocalAudioLevelObserver(): void;
    isLocalAudioLevelObserverRunning(): boolean;
    getLocalAudioLevel(): number;
    updateInputSettings(settings: CallObjectInputSettings): Promise<unknown>;
    setInputDevicesAsync(devices: Record<string, unknown>): Promise<unknown>;
    setOutputDeviceAsync(device: {
        outputDeviceId: string;
    }): Promise<unknown>;
    startRecording(options?: Record<string, unknown>): void;
    stopRecording(options?: {
        instanceId: string;
    }): void;
    startScreenShare(options?: Record<string, unknown>): void;
    stopScreenShare(): void;
}
/**
 * Creates one fake call object. Same signature as `Daily.createCallObject`, so it can be passed
 * as `createCallObject` directly; pass `fake` options for latency and scripts.
 */
export declare function createFakeCallObject(options?: CreateCallObjectOptions, fake?: FakeCallObjectOptions): FakeCallObject;
export interface FakeCallObjectFactory extends CreateCallObject {
    (options?: CreateCallObjectOptions): FakeCallObject;
    /** Every fake created, in order. */
    readonly instances: FakeCallObject[];
    /** The most recently created fake. */
    readonly last: FakeCallObject | undefined;
    /** Runs `setup` on each new fake before it is returned (to script it). */
    onCreate(setup: (fake: FakeCallObject) => void): FakeCallObjectFactory;
    /** Makes the next creation throw `error` (as a failing `Daily.createCallObject` would). */
    failNextCreate(error?: unknown): FakeCallObjectFactory;
    /** The page these fakes share: registered instances and refused duplicate creations. */
    readonly registry: CallObjectRegistry;
}
/**
 * A `createCallObject` that makes fakes with shared options and remembers them. The factory is one
 * page: its fakes share a registry (its own unless `fake.registry` is given), so a second live
 * call object throws as daily-js does.
 */
export declare function createFakeCallObjectFactory(fake?: FakeCallObjectOptions): FakeCallObjectFactory;
export {};
