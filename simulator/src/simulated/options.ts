// What a simulated call object is created with, and what it offers beyond daily's call object.
import type { CallObjectLike, CreateCallObjectOptions } from '@helena/sdk/web';
import type { SimulatedParticipant } from './participant';
import type { WebSocketConstructorLike } from './socket';

/** `Daily.createCallObject` options, plus a few that only the simulated call object reads. */
export interface SimulatedCallObjectOptions extends CreateCallObjectOptions {
  /** Read the assistant's lines aloud with the browser's speech synthesis, in this language ('es-ES'). */
  speak?: { lang: string };
  /**
   * Hear the visitor with the browser's speech recognition, in this language ('es-ES'), while
   * joined and unmuted: each phrase becomes the visitor's turn in the room. See `voiceSupport()`.
   */
  listen?: { lang: string };
  /** The room URL (a simulator `webCallUrl`), when `join()` is called without one. */
  url?: string;
  /** The local participant's name in the room. Default 'visitor'. */
  userName?: string;
  /** WebSocket implementation. Default: `globalThis.WebSocket`, else the `ws` package (Node 20). */
  WebSocket?: WebSocketConstructorLike;
  /** How long `join()` waits for the room. Default 10 000 ms. */
  joinTimeoutMs?: number;
}

/** What `createSimulatedCallObject` returns: a `CallObjectLike`, plus test hooks. */
export interface SimulatedCallObject extends CallObjectLike {
  participants(): Record<string, SimulatedParticipant>;
  /** Test hook: the visitor says `text` aloud; the room transcribes it and the assistant answers. */
  simulateUserSpeech(text: string): void;
  /** The platform call id of the room joined (after `join()`). */
  readonly callId: string | undefined;
}
