// The retry policy in ky's terms. ky runs it: the attempts, the backoff with jitter, the wait a
// `Retry-After` asks for, stopping the wait on abort. Two rules ky has no option for are
// `shouldRetry`: POST and PATCH only on 429/503 with `Retry-After`, and no wait over a minute.
import { isHTTPError, type Hooks, type RetryOptions, type ShouldRetryState } from 'ky';
import { fromKyError } from './errors.js';

/** What `onRetry` sees before every retry. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  method: string;
  url: string;
  /** The status that caused the retry, or undefined for a network error. */
  status?: number;
  /** The failed attempt's error (a PlatformApiError for an answer, or the network error). */
  error: unknown;
}

/**
 * ky's retry options for a verb: one set for the idempotent verbs (GET, PUT, DELETE), one for
 * POST and PATCH. Two sets because ky tells `shouldRetry` the error, not the verb, and a network
 * error carries no request to read it from.
 */
export type RetryPolicy = (method: string) => RetryOptions;

/** Statuses retried for idempotent verbs. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** Statuses whose `Retry-After` is honoured instead of the backoff. */
const RETRY_AFTER_STATUSES = [429, 503];
/** A `Retry-After` longer than this is not waited for: the failure is returned instead. */
const MAX_RETRY_AFTER = 60_000;

/** The policy for `limit` retries: exponential backoff from 250 ms, full jitter, at most 10 s. */
export function retryPolicy(limit: number): RetryPolicy {
  const common: RetryOptions = {
    limit,
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    maxRetryAfter: MAX_RETRY_AFTER,
    backoffLimit: 10_000,
    delay: (attempt) => 250 * 2 ** (attempt - 1),
    jitter: true,
  };
  const idempotent: RetryOptions = { ...common, methods: ['get', 'put', 'delete'], shouldRetry: notTooLate };
  const other: RetryOptions = { ...common, methods: ['post', 'patch'], shouldRetry: onlyWhenAsked };
  return (method) => (method === 'POST' || method === 'PATCH' ? other : idempotent);
}

/**
 * False vetoes a retry whose `Retry-After` is over a minute (ky would shorten the wait instead);
 * undefined leaves it to ky's rules above, which never retry a timeout or another status.
 */
function notTooLate({ error }: ShouldRetryState): false | undefined {
  const retryAfter = retryAfterOf(error);
  return retryAfter !== null && waitOf(retryAfter) > MAX_RETRY_AFTER ? false : undefined;
}

/** POST and PATCH may not have been idempotent: only an answer asking to be retried later is. */
function onlyWhenAsked(state: ShouldRetryState): false | undefined {
  return retryAfterOf(state.error) === null ? false : notTooLate(state);
}

const retryAfterOf = (error: Error): string | null =>
  isHTTPError(error) && RETRY_AFTER_STATUSES.includes(error.response.status) ? error.response.headers.get('retry-after') : null;

/** Milliseconds a `Retry-After` (seconds or an HTTP date) asks for; NaN when unreadable. */
const waitOf = (header: string): number => {
  const seconds = Number(header);
  return Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
};

/**
 * ky's `beforeRetry` hook: reads the failed answer's body (ky leaves it unread, which would hold
 * its connection) and reports the retry to `onRetry` with the client's error types.
 */
export function retryHooks(onRetry: ((info: RetryInfo) => void) | undefined): Hooks {
  return {
    beforeRetry: [
      async ({ request, error, retryCount }) => {
        const failure = await fromKyError(error, false);
        onRetry?.({
          attempt: retryCount,
          method: request.method,
          url: request.url,
          status: isHTTPError(error) ? error.response.status : undefined,
          error: failure,
        });
      },
    ],
  };
}
