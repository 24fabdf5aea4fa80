import ky, { type KyInstance } from 'ky';
import { DEFAULT_BASE_URL } from './base-url.js';
import { retryHooks, retryPolicy, type RetryInfo, type RetryPolicy } from './retry.js';

export interface PlatformClientOptions {
  /** Sent as `Authorization: Bearer <token>` on every route except `POST /credential/webhook`. */
  token?: string;
  /** Defaults to `https://api.vapi.ai`. */
  baseUrl?: string;
  /** Per attempt, in milliseconds. Defaults to 30 000; `false` disables it. */
  timeout?: number | false;
  /** How many times a retryable failure is retried. Defaults to 2. */
  retry?: number;
  /** A fetch implementation; defaults to the global one, looked up when a request is made. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request. */
  headers?: HeadersInit;
  /** Called before every retry. */
  onRetry?: (info: RetryInfo) => void;
}

/** The optional last argument of every method. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeout?: number | false;
  /** Merged over the client's headers for this call. */
  headers?: HeadersInit;
  /** Overrides the client's `retry` (how many retries) for this call; 0 sends it once. */
  retry?: number;
  /** Sees the raw successful answer (status, headers) before its body is parsed and returned. */
  onResponse?: (response: Response) => void;
  /** Extra query parameters, after the method's own (same encoding). */
  query?: Record<string, unknown>;
}

/** The client's options, resolved once: a ky instance holds its base URL, headers, timeout and retry hooks. */
export interface ResolvedOptions {
  token?: string;
  ky: KyInstance;
  timeout: number | false;
  retry: RetryPolicy;
  fetch?: typeof globalThis.fetch;
}

export function resolveOptions(options: PlatformClientOptions = {}): ResolvedOptions {
  const timeout = options.timeout ?? 30_000;
  return {
    token: options.token,
    // ky joins the base URL and a route's path, merges a call's headers over these, and runs the hooks.
    ky: ky.create({ prefixUrl: options.baseUrl ?? DEFAULT_BASE_URL, headers: { accept: 'application/json', ...headerRecord(options.headers) }, timeout, hooks: retryHooks(options.onRetry) }),
    timeout,
    retry: retryPolicy(options.retry ?? 2),
    fetch: options.fetch,
  };
}

/** Any HeadersInit as a record with lower-case names. */
export const headerRecord = (init: HeadersInit | undefined): Record<string, string> =>
  init ? Object.fromEntries(new Headers(init)) : {};
