import { isHTTPError, isTimeoutError, type RetryOptions } from 'ky';
import type { RetryInfo } from './options.js';

/** Statuses retried for idempotent verbs. */
export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** Statuses that may carry a `Retry-After`, which is then honoured instead of the backoff. */
export const RETRY_AFTER_STATUSES = [429, 503];
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * The retry policy:
 * - GET, PUT and DELETE: network errors, 408, 429, 500, 502, 503, 504;
 * - POST and PATCH: only 429 or 503 answers that carry `Retry-After`;
 * - never a timeout or an abort.
 * Returns false to stop, or undefined to let ky retry (with exponential backoff and jitter, or
 * after the `Retry-After` delay).
 */
export function shouldRetry(method: string, error: unknown): false | undefined {
  if (isTimeoutError(error) || (error as Error | null)?.name === 'AbortError') return false;
  if (isHTTPError(error)) {
    const { status, headers } = error.response;
    if (IDEMPOTENT.has(method)) return RETRY_STATUSES.includes(status) ? undefined : false;
    return RETRY_AFTER_STATUSES.includes(status) && headers.has('retry-after') ? undefined : false;
  }
  // A network error: the request may or may not have reached the server.
  return IDEMPOTENT.has(method) ? undefined : false;
}

export function retryOptions(method: string, limit: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'put', 'delete', 'post', 'patch'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    maxRetryAfter: 60_000,
    backoffLimit: 10_000,
    delay: (attempt) => 250 * 2 ** (attempt - 1),
    jitter: true,
    shouldRetry: ({ error }) => shouldRetry(method, error),
  };
}

/** ky's `beforeRetry` hook: frees the failed response and reports the retry. */
export function beforeRetry(method: string, onRetry?: (info: RetryInfo) => void) {
  return ({ request, error, retryCount }: { request: Request; error: unknown; retryCount: number }) => {
    let status: number | undefined;
    if (isHTTPError(error)) {
      status = error.response.status;
      void error.response.body?.cancel().catch(() => undefined);
    }
    onRetry?.({ attempt: retryCount, method, url: request.url, status, error });
  };
}
