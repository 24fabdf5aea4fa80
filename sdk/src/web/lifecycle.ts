/**
 * The client's lifecycle as one value. Which call object is current, and whether a start is in
 * flight, are read from it and nowhere else, so "started" can never disagree with what exists.
 *
 *   idle ──start()/reconnect()──▶ starting ──joined──▶ live
 *     ▲                              │                  │
 *     └──────── teardown done ◀── stopping ◀──stop(), failed start, call ended
 *
 * A start may begin while an earlier call is still `stopping`; it then creates its call object
 * only once that teardown has finished (daily-js refuses two registered call objects).
 */
import type { Attempt } from './attempt';
import type { CallSession } from './session';

export type Lifecycle =
  | { readonly phase: 'idle' }
  /** `session` is set once the attempt's call object is adopted (before join). */
  | { readonly phase: 'starting'; readonly attempt: Attempt; readonly session: CallSession | null }
  | { readonly phase: 'live'; readonly session: CallSession }
  | { readonly phase: 'stopping'; readonly teardown: Promise<void> };

/** Where a `WebCallClient` is; read from `client.phase`, and announced by its `phase` event. */
export type WebCallPhase = Lifecycle['phase'];

/** The moves the client may make; anything else is a bug, reported loudly rather than absorbed. */
const ALLOWED: Record<WebCallPhase, readonly WebCallPhase[]> = {
  idle: ['starting'],
  starting: ['starting', 'live', 'stopping'],
  live: ['stopping'],
  stopping: ['idle', 'starting'],
};

export function canMove(from: WebCallPhase, to: WebCallPhase): boolean {
  return ALLOWED[from].includes(to);
}

export const IDLE: Lifecycle = { phase: 'idle' };
