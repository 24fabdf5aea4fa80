import type { Hooks } from 'ky';
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

/** The client's options, resolved once: ky's retry policy and hooks are built here, not per call. */
export interface ResolvedOptions {
  token?: string;
  baseUrl: string;
  timeout: number | false;
  retry: RetryPolicy;
  fetch?: typeof globalThis.fetch;
  /** Lower-case names, so that a call's headers replace them by plain object spread. */
  headers: Record<string, string>;
  hooks: Hooks;
}

export function resolveOptions(options: PlatformClientOptions = {}): ResolvedOptions {
  return {
    token: options.token,
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    timeout: options.timeout ?? 30_000,
    retry: retryPolicy(options.retry ?? 2),
    fetch: options.fetch,
    headers: headerRecord(options.headers),
    hooks: retryHooks(options.onRetry),
  };
}

/** Any HeadersInit as a record with lower-case names. */
export const headerRecord = (init: HeadersInit | undefined): Record<string, string> =>
  init ? Object.fromEntries(new Headers(init)) : {};
