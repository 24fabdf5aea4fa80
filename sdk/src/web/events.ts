/**
 * The `WebCallClient` event map and payload types, declared once. Names and payloads are those
 * of `@vapi-ai/web` 2.7.
 */
import type {
  DailyEventObjectNoPayload,
  DailyEventObjectRecordingError,
  DailyEventObjectRecordingStarted,
  DailyEventObjectRecordingStopped,
  DailyParticipant,
} from '@daily-co/daily-js';
import type { WebCallPhase } from './lifecycle';
import type { ClientMessage } from './platform-types';

/* eslint-disable @typescript-eslint/no-explicit-any -- the `any` below are `@vapi-ai/web`'s own
   listener and payload types; narrowing them would break code written against that SDK. */

/** The stages `start()` reports, in order. */
export const START_STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
] as const;
export type StartStage = (typeof START_STAGES)[number];

/** Every `stage` value that appears in `call-start-progress` (start, reconnect and side stages). */
export type CallStartProgressStage =
  | StartStage
  | 'validation'
  | 'microphone-access'
  | 'video-recording-started'
  | 'reconnect-initialization'
  | 'cleanup-existing-call';

export interface CallStartProgressEvent {
  stage: CallStartProgressStage | (string & {});
  status: 'started' | 'completed' | 'failed';
  duration?: number;
  timestamp: string;
  metadata?: Record<string, any>;
}

export interface CallStartSuccessEvent {
  totalDuration: number;
  callId?: string;
  timestamp: string;
}

export interface CallStartFailedEvent {
  stage: string;
  totalDuration: number;
  error: string;
  errorStack?: string;
  timestamp: string;
  context: Record<string, any>;
}

/** An error reduced to plain, JSON-serialisable fields. */
export interface SerializedError {
  message: string;
  name?: string;
  stack?: string;
  code?: unknown;
  cause?: string;
  reason?: unknown;
  details?: unknown;
  errorMsg?: unknown;
  errorDetail?: string;
  [key: string]: unknown;
}

/** The `error` event's payload types. */
export type WebCallErrorType =
  | 'validation-error'
  | 'daily-call-object-creation-error'
  | 'daily-call-join-error'
  | 'video-recording-setup-error'
  | 'audio-observer-setup-error'
  | 'audio-processing-setup-error'
  | 'audio-processor-recovery-error'
  | 'start-method-error'
  | 'reconnect-error'
  | 'daily-error'
  | 'audio-start-failed';

export interface WebCallErrorEvent {
  type: WebCallErrorType | (string & {});
  stage?: string;
  error: SerializedError;
  timestamp?: string;
  duration?: number;
  totalDuration?: number;
  context?: Record<string, any>;
}

export interface CameraErrorEvent {
  type: 'camera-error';
  error: SerializedError;
  timestamp: string;
}

/** A status update as the platform sends it, and as synthesised when the call ends without one. */
export interface StatusUpdateMessage {
  type: 'status-update';
  status: string;
  endedReason?: string;
  [key: string]: unknown;
}

/**
 * A `message` event's payload: one of the platform's client messages, or the status update
 * (sent by the platform, or synthesised when the call ends without one). Narrow it by `type`.
 */
export type WebCallMessage = ClientMessage | StatusUpdateMessage;

/**
 * The `phase` event's payload: the client's phase before and after one change. Not part of
 * `@vapi-ai/web`; it is how a UI follows the call's lifecycle without rebuilding it from the
 * other events. `live` comes once every start stage is done, just before `call-start-success`;
 * `idle` once a call (or a failed or stopped start) has been torn down.
 */
export interface WebCallPhaseEvent {
  previous: WebCallPhase;
  phase: WebCallPhase;
}

/** Listener signatures, by event name. */
export type WebCallEvents = {
  'call-end': () => void;
  'call-start': () => void;
  'volume-level': (volume: number) => void;
  'local-volume-level': (volume: number) => void;
  'local-audio-level-observer-error': (error: any) => void;
  'speech-start': () => void;
  'speech-end': () => void;
  video: (track: MediaStreamTrack) => void;
  audio: (player: HTMLAudioElement) => void;
  message: (message: WebCallMessage) => void;
  error: (error: any) => void;
  'camera-error': (error: any) => void;
  'network-quality-change': (event: any) => void;
  'network-connection': (event: any) => void;
  'daily-participant-updated': (participant: DailyParticipant) => void;
  'call-start-progress': (event: CallStartProgressEvent) => void;
  'call-start-success': (event: CallStartSuccessEvent) => void;
  'call-start-failed': (event: CallStartFailedEvent) => void;
  'recording-started': (event: DailyEventObjectRecordingStarted) => void;
  'recording-stopped': (event: DailyEventObjectRecordingStopped) => void;
  'recording-stats': (event: DailyEventObjectNoPayload) => void;
  'recording-error': (event: DailyEventObjectRecordingError) => void;
  'recording-upload-completed': (event: DailyEventObjectNoPayload) => void;
  /** Helena's own: every change of `client.phase`. */
  phase: (event: WebCallPhaseEvent) => void;
};

export type WebCallEventName = keyof WebCallEvents;
/** The payload (first argument) of an event, or `undefined` for events without one. */
export type WebCallEventPayload<E extends WebCallEventName> = Parameters<WebCallEvents[E]>[0];
