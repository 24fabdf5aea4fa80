/** What a `WebCallClient` and its `start()` are configured with. */
import type { DailyAdvancedConfig, DailyFactoryOptions } from '@daily-co/daily-js';
import type { CreateCallObject } from './call-object';
import type { WebCallLoggerOption } from './logger';
import type { AudioStreamLike } from './microphone';

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

const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada/i;

/** A phone or tablet browser: its join waits for the permission prompt to settle. */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined' || !navigator) return false;
  return MOBILE_UA.test(String(navigator.userAgent ?? '').toLowerCase());
}
