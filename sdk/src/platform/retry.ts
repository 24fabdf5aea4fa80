// The retry policy in ky's terms. ky runs it: the attempts, the backoff with jitter, the wait a
// `Retry-After` asks for, stopping the wait on abort. Two rules ky has no option for are
// `shouldRetry`: POST and PATCH only on 429/503 with `Retry-After`, and no wait over a minute.
import { isHTTPError, type Hooks, type RetryOptions, type ShouldRetryState } from 'ky';
import { fromKyError } from './errors.js';
import type { RetryInfo } from './options.js';

/** Statuses retried for idempotent verbs. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** Statuses whose `Retry-After` is honoured instead of the backoff. */
const RETRY_AFTER_STATUSES = [429, 503];
const IDEMPOTENT = ['GET', 'PUT', 'DELETE'];
/** A `Retry-After` longer than this is not waited for: the failure is returned instead. */
const MAX_RETRY_AFTER = 60_000;

/** ky's retry options for `limit` retries: exponential backoff from 250 ms, full jitter, at most 10 s. */
export function retryOptions(limit: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'put', 'delete', 'post', 'patch'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    maxRetryAfter: MAX_RETRY_AFTER,
    backoffLimit: 10_000,
    delay: (attempt) => 250 * 2 ** (attempt - 1),
    jitter: true,
    shouldRetry,
  };
}

/**
 * False vetoes a retry; undefined leaves it to ky's rules above (which already never retry a
 * timeout, an abort or another status). GET, PUT and DELETE: network errors and the statuses
 * above. POST and PATCH may not have been idempotent, so only an answer that asks to be retried
 * later (429 or 503 with `Retry-After`) is.
 */
function shouldRetry({ error }: ShouldRetryState): false | undefined {
  const response = isHTTPError(error) ? error.response : undefined;
  const retryAfter = response && RETRY_AFTER_STATUSES.includes(response.status) ? response.headers.get('retry-after') : null;
  if (retryAfter !== null && waitOf(retryAfter) > MAX_RETRY_AFTER) return false;
  const { method } = (error as { request?: Request }).request ?? {};
  if (method && IDEMPOTENT.includes(method)) return undefined;
  return retryAfter === null ? false : undefined;
}

/** Milliseconds a `Retry-After` (seconds or an HTTP date) asks for; NaN when unreadable. */
const waitOf = (header: string): number => {
  const seconds = Number(header);
  return Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
};

/** ky's `beforeRetry` hook that reports every retry to `onRetry`, with the client's error types. */
export function retryHooks(onRetry: ((info: RetryInfo) => void) | undefined): Hooks | undefined {
  if (!onRetry) return undefined;
  return {
    beforeRetry: [
      ({ request, error, retryCount }) =>
        onRetry({
          attempt: retryCount,
          method: request.method,
          url: request.url,
          status: isHTTPError(error) ? error.response.status : undefined,
          error: fromKyError(error, false),
        }),
    ],
  };
}
