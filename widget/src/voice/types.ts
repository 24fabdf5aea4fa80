/**
 * The voice-client boundary the store talks to: the part of `@helena/sdk/web`'s `WebCallClient`
 * (same API as `@vapi-ai/web` 2.7) that the widget uses. Tests replace it with a double.
 */
import type { ReconnectWebCall } from '@helena/sdk/web';

export type VoiceEvent =
  | 'phase'
  | 'call-start'
  | 'call-end'
  | 'speech-start'
  | 'speech-end'
  | 'volume-level'
  | 'message'
  | 'error';

export interface AddMessage {
  type: 'add-message';
  message: { role: 'user' | 'system' | 'assistant'; content: string };
}

export interface VoiceClient {
  // Each event has its own payload (WebCallClient's typed map); one loose signature fits them all.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: VoiceEvent, listener: (...args: any[]) => void): unknown;
  removeAllListeners?(): unknown;
  /**
   * An assistant id with inline overrides, or an inline assistant. `options` as
   * WebCallClient.start's: the widget keeps the room for a rejoin after a reload.
   */
  start(
    assistant: string | Record<string, unknown>,
    overrides?: Record<string, unknown>,
    squad?: undefined,
    workflow?: undefined,
    workflowOverrides?: undefined,
    options?: { roomDeleteOnUserLeaveEnabled?: boolean },
  ): Promise<{ id?: string; webCallUrl?: string; transport?: object } | null | undefined>;
  /** Joins again a call whose room outlived the page that started it. */
  reconnect?(webCall: ReconnectWebCall): Promise<void>;
  stop(): Promise<void> | void;
  /** Ends the call for everyone (`end-call`), then stops: a kept room does not outlive it. */
  end?(): Promise<void> | void;
  send(message: AddMessage): void;
  /** Turns the visitor's microphone off (true) or on in the live call; throws without one. */
  setMuted(mute: boolean): void;
  isMuted(): boolean;
}

export interface VoiceOptions {
  /** Demo mode: the platform simulator the server mounts at `${apiUrl}/sim`. */
  demo: boolean;
  publicKey?: string;
  apiUrl: string;
  /** The element's locale: the demo voice speaks it. */
  locale?: 'es' | 'en';
}

export type VoiceFactory = (options: VoiceOptions) => Promise<VoiceClient>;

/** A platform message (`message` event). Only the fields the widget reads. */
export interface PlatformMessage {
  type?: string;
  role?: string;
  transcriptType?: 'partial' | 'final';
  transcript?: string;
  content?: string;
  status?: string;
  /** `tool-calls`: the functions the assistant calls, with their arguments. */
  toolCallList?: Array<{ function?: { name?: string; arguments?: unknown } }>;
}
