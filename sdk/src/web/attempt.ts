/**
 * One `start()` or `reconnect()`: everything it waits on can be abandoned at once by `stop()`.
 */
import { stopTracks, type StoppableTrack } from './microphone';
import type { CallSession } from './session';

const CANCELLED: unique symbol = Symbol('cancelled');

/** Thrown inside an attempt's stages once `stop()` has cancelled it; never reaches callers. */
export class StartCancelled extends Error {
  constructor() {
    super('The call start was cancelled by stop().');
  }
}

/** A promise's outcome plus when it settled, so overlapping stages can report their own duration. */
export type Settled<T> = { ok: true; value: T; endedAt: number } | { ok: false; error: unknown; endedAt: number };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value, endedAt: Date.now() }),
    (error: unknown) => ({ ok: false as const, error, endedAt: Date.now() }),
  );
}

export class Attempt {
  cancelled = false;
  readonly abort = new AbortController();
  /** Every call object this attempt created: all of them are released if it does not end live. */
  readonly sessions = new Set<CallSession>();
  /** Media the client acquired for this attempt: stopped if it is cancelled, handed to the call if it goes live. */
  readonly ownedTracks = new Set<StoppableTrack>();
  /** The early microphone's track, when one is being acquired or was given; null: daily acquires it. */
  microphone: Promise<MediaStreamTrack | undefined> | null = null;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #onCancel!: (value: typeof CANCELLED) => void;
  readonly #cancelledPromise = new Promise<typeof CANCELLED>((resolve) => (this.#onCancel = resolve));

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.abort.abort();
    stopTracks(this.ownedTracks);
    this.ownedTracks.clear();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#onCancel(CANCELLED);
  }

  /** Awaits `promise`, or throws `StartCancelled` as soon as the attempt is cancelled. */
  async race<T>(promise: Promise<T>): Promise<T> {
    if (this.cancelled) throw new StartCancelled();
    const result = await Promise.race([promise, this.#cancelledPromise]);
    if (result === CANCELLED || this.cancelled) throw new StartCancelled();
    return result;
  }

  /** A wait that `cancel()` clears, so no timer outlives a stopped start. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }
}
