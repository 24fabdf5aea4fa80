// The retry policy, as pure functions of the verb and the failed attempt's answer.
import type { RetryInfo } from './options.js';

/** Statuses retried for idempotent verbs. */
export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** Statuses that may carry a `Retry-After`, which is then honoured instead of the backoff. */
export const RETRY_AFTER_STATUSES = [429, 503];
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);
/** A `Retry-After` longer than this is not waited for: the failure is returned instead. */
const MAX_RETRY_AFTER = 60_000;
const BACKOFF_LIMIT = 10_000;

/**
 * Whether a failed attempt may be retried. `response` is the non-OK answer, or undefined for a
 * network error (the request may or may not have reached the server):
 * - GET, PUT and DELETE: network errors, 408, 429, 500, 502, 503, 504;
 * - POST and PATCH: only 429 or 503 answers that carry `Retry-After`.
 * Timeouts and aborts never reach here: they are never retried.
 */
export function mayRetry(method: string, response: Response | undefined): boolean {
  if (IDEMPOTENT.has(method)) return !response || RETRY_STATUSES.includes(response.status);
  return !!response && RETRY_AFTER_STATUSES.includes(response.status) && response.headers.has('retry-after');
}

/**
 * Milliseconds to wait before retry number `attempt` (1 for the first): the answer's `Retry-After`
 * (seconds or an HTTP date), else an exponential backoff from 250 ms with full jitter, at most
 * 10 s. Undefined when the answer asks for a longer wait than the client is willing to make.
 */
export function retryDelay(attempt: number, response: Response | undefined): number | undefined {
  const header = response && RETRY_AFTER_STATUSES.includes(response.status) ? response.headers.get('retry-after') : null;
  if (header !== null) {
    const seconds = Number(header);
    const ms = Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
    if (!Number.isNaN(ms)) return ms > MAX_RETRY_AFTER ? undefined : Math.max(ms, 0);
  }
  return Math.random() * Math.min(250 * 2 ** (attempt - 1), BACKOFF_LIMIT);
}

export type { RetryInfo };
