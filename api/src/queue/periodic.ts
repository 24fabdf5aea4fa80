// A chore every instance runs on a timer (the retention sweep, the platform deletions): now, then
// every `everyMs`, and on demand. Runs never overlap, a failed run does not stop the next, and
// stop() waits for the one in progress, so a graceful shutdown leaves nothing half done.

/** A periodic chore's handle. */
export interface Periodic {
  /** Runs the chore once more, after the one in progress. */
  nudge(): void;
  stop(): Promise<void>;
}

/** Starts `chore` now and every `everyMs`; `onError` hears each failed run. */
export function startPeriodic(chore: () => Promise<void>, everyMs: number, onError: (err: unknown) => void): Periodic {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(chore).catch(onError);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    nudge: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
