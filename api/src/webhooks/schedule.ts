// When a failed webhook delivery is tried again: exponential backoff with jitter from 5 s,
// doubling up to 6 h, so the first three attempts fall within a minute (even if two of them
// time out) and the gaps then grow; attempts stop once even the shortest draw of every gap has
// covered a day, so a receiver is tried for at least 24 hours.
import { backoffMs } from '../mail/worker';

const HOUR_MS = 60 * 60 * 1000;

/** The schedule's constants. */
export const WEBHOOK_RETRY = {
  /** The first gap (before jitter, which takes up to half of it off). */
  baseMs: 5_000,
  /** The longest gap. */
  maxMs: 6 * HOUR_MS,
  /** Attempts go on at least this long after the first. */
  spanMs: 24 * HOUR_MS,
} as const;

/** The gap after failed attempt number `attempt` (1-based); `random` draws the jitter. */
export function webhookRetryGapMs(attempt: number, random: () => number = Math.random): number {
  return backoffMs(attempt, WEBHOOK_RETRY.baseMs, WEBHOOK_RETRY.maxMs, random);
}

/** How many attempts it takes for the shortest possible gaps to add up to the span. */
function attemptsToCover(spanMs: number): number {
  let attempts = 1;
  for (let covered = 0; covered < spanMs; attempts++) covered += webhookRetryGapMs(attempts, () => 0);
  return attempts;
}

/** Attempts before an event is given up ('failed'). */
export const WEBHOOK_MAX_ATTEMPTS = attemptsToCover(WEBHOOK_RETRY.spanMs);

/**
 * When to try again after failed attempt number `attempts`, `scale` times the schedule (1; tests
 * compress it), or null to give up.
 */
export function nextWebhookAttemptAt(attempts: number, now: number, opts: { random?: () => number; scale?: number } = {}): number | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return now + Math.round(webhookRetryGapMs(attempts, opts.random) * (opts.scale ?? 1));
}
