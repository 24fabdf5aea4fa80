/**
 * The subset of a daily-js call object (`DailyCall`) that `WebCallClient` uses.
 *
 * Everything here is a structural subset of daily-js 0.87's `DailyCall`, so the real
 * `Daily.createCallObject` can be passed as `createCallObject`. The fake in
 * `@helena/simulator` (`createFakeCallObject`) and the WebSocket-backed
 * `createSimulatedCallObject` implement this interface.
 *
 * Types are declared here, not imported from daily-js, so that nothing in the web entry
 * point depends on daily-js at type or run time until `start()` loads it.
 *
 * Stability: this file is a contract between helpers. Add optional members only.
 */

/** The daily events `WebCallClient` listens to (plus a few it may observe). */
export type CallObjectEvent =
  | 'loading'
  | 'loaded'
  | 'load-attempt-failed'
  | 'started-camera'
  | 'camera-error'
  | 'joining-meeting'
  | 'joined-meeting'
  | 'left-meeting'
  | 'call-instance-destroyed'
  | 'participant-joined'
  | 'participant-updated'
  | 'participant-left'
  | 'track-started'
  | 'track-stopped'
  | 'recording-started'
  | 'recording-stopped'
  | 'recording-stats'
  | 'recording-error'
  | 'recording-upload-completed'
  | 'app-message'
  | 'network-quality-change'
  | 'network-connection'
  | 'error'
  | 'nonfatal-error'
  | 'local-audio-level'
  | 'remote-participants-audio-level';

/** `DailyMeetingState`. */
export type CallObjectMeetingState =
  | 'new'
  | 'loading'
  | 'loaded'
  | 'joining-meeting'
  | 'joined-meeting'
  | 'left-meeting'
  | 'error';

/** The participant fields the client reads (a subset of `DailyParticipant`). */
export interface CallObjectParticipant {
  session_id: string;
  user_name: string;
  local: boolean;
  user_id?: string;
}

/** A media track, as far as the client cares (`MediaStreamTrack` in browsers). */
export interface CallObjectTrack {
  kind: string;
  id?: string;
  [key: string]: unknown;
}

/** Payloads of the daily events, each a subset of daily-js's `DailyEventObject<T>`. */
export interface CallObjectEventBase {
  action: CallObjectEvent | (string & {});
  callClientId?: string;
}
export interface CallObjectParticipantEvent extends CallObjectEventBase {
  action: 'participant-joined' | 'participant-updated';
  participant: CallObjectParticipant;
}
export interface CallObjectParticipantLeftEvent extends CallObjectEventBase {
  action: 'participant-left';
  participant: CallObjectParticipant;
  reason?: string;
}
export interface CallObjectTrackEvent extends CallObjectEventBase {
  action: 'track-started' | 'track-stopped';
  participant: CallObjectParticipant | null;
  track: CallObjectTrack;
  type?: string;
}
export interface CallObjectAppMessageEvent extends CallObjectEventBase {
  action: 'app-message';
  /** Platform messages arrive as JSON text; 'listening' as plain text. */
  data: unknown;
  fromId: string;
}
export interface CallObjectRemoteAudioLevelEvent extends CallObjectEventBase {
  action: 'remote-participants-audio-level';
  participantsAudioLevel: Record<string, number>;
}
export interface CallObjectLocalAudioLevelEvent extends CallObjectEventBase {
  action: 'local-audio-level';
  audioLevel: number;
}
export interface CallObjectNonFatalErrorEvent extends CallObjectEventBase {
  action: 'nonfatal-error';
  /** e.g. 'audio-processor-error', 'local-audio-level-observer-error'. */
  type: string;
  errorMsg: string;
  details?: unknown;
}
export interface CallObjectErrorEvent extends CallObjectEventBase {
  action: 'error';
  errorMsg: string;
  error?: { type?: string; msg?: string; details?: unknown; [key: string]: unknown };
}
export interface CallObjectCameraErrorEvent extends CallObjectEventBase {
  action: 'camera-error';
  errorMsg: { errorMsg: string; audioOk?: boolean; videoOk?: boolean } | string;
  error?: { type: string; [key: string]: unknown };
}
export interface CallObjectRecordingEvent extends CallObjectEventBase {
  action: 'recording-started' | 'recording-stopped' | 'recording-stats' | 'recording-error' | 'recording-upload-completed';
  [key: string]: unknown;
}
export interface CallObjectNetworkEvent extends CallObjectEventBase {
  action: 'network-quality-change' | 'network-connection';
  [key: string]: unknown;
}
export interface CallObjectLeftMeetingEvent extends CallObjectEventBase {
  action: 'left-meeting';
}

/** Event name → payload, for the events with a known shape; others get `CallObjectEventBase`. */
export interface CallObjectEventMap {
  'participant-joined': CallObjectParticipantEvent;
  'participant-updated': CallObjectParticipantEvent;
  'participant-left': CallObjectParticipantLeftEvent;
  'track-started': CallObjectTrackEvent;
  'track-stopped': CallObjectTrackEvent;
  'app-message': CallObjectAppMessageEvent;
  'remote-participants-audio-level': CallObjectRemoteAudioLevelEvent;
  'local-audio-level': CallObjectLocalAudioLevelEvent;
  'nonfatal-error': CallObjectNonFatalErrorEvent;
  error: CallObjectErrorEvent;
  'camera-error': CallObjectCameraErrorEvent;
  'recording-started': CallObjectRecordingEvent;
  'recording-stopped': CallObjectRecordingEvent;
  'recording-stats': CallObjectRecordingEvent;
  'recording-error': CallObjectRecordingEvent;
  'recording-upload-completed': CallObjectRecordingEvent;
  'network-quality-change': CallObjectNetworkEvent;
  'network-connection': CallObjectNetworkEvent;
  'left-meeting': CallObjectLeftMeetingEvent;
}
export type CallObjectEventPayload<E extends CallObjectEvent> = E extends keyof CallObjectEventMap
  ? CallObjectEventMap[E]
  : CallObjectEventBase;

/** The handler type daily passes events to. Daily may call a handler with `undefined`. */
export type CallObjectHandler<E extends CallObjectEvent = CallObjectEvent> = (event?: CallObjectEventPayload<E>) => void;

/** `DailyCallOptions` fields the client passes to `join()` / `startCamera()` / `load()`. */
export interface CallObjectJoinOptions {
  url?: string;
  token?: string;
  subscribeToTracksAutomatically?: boolean;
  [key: string]: unknown;
}

/** `DailyInputSettings` (the parts the client sets). */
export interface CallObjectInputSettings {
  audio?: { processor?: { type: 'none' | 'noise-cancellation' } };
  video?: {
    processor?:
      | { type: 'none' }
      | { type: 'background-blur'; config: { strength?: number } }
      | { type: 'background-image'; config: { url?: string; source?: string | number | ArrayBuffer } };
  };
}

/** `DailyStreamingOptions<'recording','start'>` (the parts the client sets). */
export interface CallObjectRecordingOptions {
  width?: number;
  height?: number;
  backgroundColor?: string;
  layout?: { preset: 'default'; max_cam_streams?: number };
}

export interface CallObjectInputDevices {
  audioDeviceId?: string | false | null;
  audioSource?: string | boolean | MediaStreamTrack;
  videoDeviceId?: string | false | null;
  videoSource?: string | boolean | MediaStreamTrack;
}

export interface CallObjectScreenShareOptions {
  // daily's own option types are unions with an Electron variant that no narrower type here
  // can match, so these stay open; both are passed to daily as given.
  /** `DisplayMediaStreamOptions` in browsers. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  displayMediaOptions?: any;
  /** `DailyVideoSendSettings` or a preset name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  screenVideoSendSettings?: any;
}

/**
 * The call-object surface `WebCallClient` uses. Return types are deliberately loose
 * (`unknown` where daily returns the call object for chaining) so a `DailyCall` fits.
 */
export interface CallObjectLike {
  /**
   * Handlers receive `CallObjectEventPayload<E>` (see `CallObjectEventMap`); the parameter is
   * typed loosely so daily-js's own generic `on` fits.
   */
  /* eslint-disable @typescript-eslint/no-explicit-any -- daily's `on` is generic per event; only `any` lets it fit one signature */
  on(event: CallObjectEvent, handler: (event?: any) => void): unknown;
  once(event: CallObjectEvent, handler: (event?: any) => void): unknown;
  off(event: CallObjectEvent, handler: (event?: any) => void): unknown;
  /* eslint-enable @typescript-eslint/no-explicit-any */

  /** Loads the call bundle ahead of `join()` (daily: `load()`). */
  load(options?: CallObjectJoinOptions): Promise<void>;
  /** Acquires the microphone (and camera when `videoSource`) ahead of `join()`. */
  startCamera(options?: CallObjectJoinOptions): Promise<unknown>;
  join(options?: CallObjectJoinOptions): Promise<unknown>;
  leave(): Promise<void>;
  destroy(): Promise<void>;
  isDestroyed(): boolean;
  meetingState(): CallObjectMeetingState;
  /** daily: the hidden iframe of a call object is `null`. */
  iframe(): { style: { setProperty(name: string, value: string): void } } | null;

  participants(): Record<string, CallObjectParticipant>;
  updateParticipant(sessionId: string, updates: { setSubscribedTracks?: { audio?: boolean; video?: boolean; screenVideo?: boolean; screenAudio?: boolean } | boolean; [key: string]: unknown }): unknown;
  sendAppMessage(data: unknown, to?: string | string[]): unknown;

  localAudio(): boolean;
  setLocalAudio(enabled: boolean, options?: { forceDiscardTrack: boolean }): unknown;

  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>;
  stopRemoteParticipantsAudioLevelObserver(): void;
  startLocalAudioLevelObserver(interval?: number): Promise<void>;
  stopLocalAudioLevelObserver(): void;
  isLocalAudioLevelObserverRunning(): boolean;
  getLocalAudioLevel(): number;

  startRecording(options?: CallObjectRecordingOptions): void;
  stopRecording(options?: { instanceId: string }): void;

  updateInputSettings(settings: CallObjectInputSettings): Promise<unknown>;
  setInputDevicesAsync(devices: CallObjectInputDevices): Promise<unknown>;
  setOutputDeviceAsync(device: { outputDeviceId: string }): Promise<unknown>;

  startScreenShare(options?: CallObjectScreenShareOptions): void;
  stopScreenShare(): void;
}

/** The options `WebCallClient` passes to `createCallObject` (a subset of `DailyFactoryOptions`). */
export interface CreateCallObjectOptions {
  audioSource?: string | boolean | MediaStreamTrack;
  videoSource?: string | boolean | MediaStreamTrack;
  startAudioOff?: boolean;
  dailyConfig?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Same signature as `Daily.createCallObject`. */
export type CreateCallObject = (options?: CreateCallObjectOptions) => CallObjectLike;
