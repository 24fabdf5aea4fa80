// A room's timers: each one is cleared when the call ends, so an ended room leaves nothing
// scheduled behind it.

/** The timers of one room; a callback whose room has ended by then does not run. */
export class RoomTimers {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly ended: () => boolean) {}

  /** Runs `fn` in `ms` unless the room has ended; `unref` timers do not keep Node alive. */
  later(ms: number, fn: () => void, unref = false): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.ended()) fn();
    }, ms);
    if (unref) (timer as { unref?: () => void }).unref?.();
    this.timers.add(timer);
    return timer;
  }

  /** Resolves in `ms`, ended or not (a cleared sleep never resolves). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Runs `fn` in `ms` whatever the room's state (the room closing after the call ended). */
  always(ms: number, fn: () => void): void {
    const timer = setTimeout(fn, ms);
    this.timers.add(timer);
  }

  cancel(timer: ReturnType<typeof setTimeout>): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
