// While the database is away every request and every poll fails the same way: one warning per
// interval says so, instead of an error line per failure.
import type { Logger } from '../log';

/** A warning `msg` at most once per `intervalMs`; `count` failures in between are summed into it. */
export function outageNotice(log: Logger, msg: string, intervalMs = 10_000): (fields?: Record<string, unknown>) => void {
  let last = -Infinity;
  let suppressed = 0;
  return (fields) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed++;
      return;
    }
    log.warn(msg, { ...fields, alsoSince: suppressed });
    last = now;
    suppressed = 0;
  };
}
