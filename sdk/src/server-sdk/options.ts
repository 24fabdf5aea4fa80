// The options of @vapi-ai/server-sdk 2.0.1's client and calls, as that version names them.

/** A value, a promise of it, or a function returning either: read again for every request. */
export type Supplier<T> = T | Promise<T> | (() => T | Promise<T>);

/** Header values as 2.0.1 takes them: `null` or `undefined` leaves the header out. */
export type HeaderValues = Record<string, string | Supplier<string | null | undefined> | null | undefined>;

/** The platform's addresses by name. */
export const VapiEnvironment = { Default: 'https://api.vapi.ai' } as const;
export type VapiEnvironment = typeof VapiEnvironment.Default;

/** The raw answer without its body: what `withRawResponse()` and `VapiError.rawResponse` carry. */
export type RawResponse = Omit<
  { [K in keyof Response as Response[K] extends (...args: never[]) => unknown ? never : K]: Response[K] },
  'ok' | 'body' | 'bodyUsed'
>;

/** A parsed answer and its raw response. */
export interface WithRawResponse<T> {
  readonly data: T;
  readonly rawResponse: RawResponse;
}

/** A log level, as 2.0.1 names them. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** 2.0.1's logger: four methods. */
export interface ILogger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

/** 2.0.1's logging option. Accepted for compatibility; this client logs nothing. */
export interface LogConfig {
  level?: LogLevel;
  logger?: ILogger;
  silent?: boolean;
}

/** What a `fetcher` is called with: 2.0.1's `Fetcher.Args`. */
export interface FetcherArgs {
  url: string;
  method: string;
  contentType?: string;
  headers?: Record<string, unknown>;
  queryParameters?: Record<string, unknown>;
  body?: unknown;
  timeoutMs?: number;
  maxRetries?: number;
  withCredentials?: boolean;
  abortSignal?: AbortSignal;
  requestType?: 'json' | 'file' | 'bytes' | 'form' | 'other';
  responseType?: 'json' | 'blob' | 'sse' | 'streaming' | 'text' | 'arrayBuffer' | 'binary-response';
  duplex?: 'half';
  fetchFn?: typeof fetch;
  logging?: LogConfig | ILogger;
}

/** What a `fetcher` returns: 2.0.1's `APIResponse`, failures by reason. */
export type FetcherResponse<R = unknown> =
  | { ok: true; body: R; headers?: Record<string, unknown> | Headers; rawResponse: RawResponse }
  | {
      ok: false;
      error:
        | { reason: 'status-code'; statusCode: number; body: unknown }
        | { reason: 'non-json'; statusCode: number; rawBody: string }
        | { reason: 'body-is-null'; statusCode: number }
        | { reason: 'timeout'; cause?: unknown }
        | { reason: 'unknown'; errorMessage: string; cause?: unknown };
      rawResponse: RawResponse;
    };

/** 2.0.1's `FetchFunction`: replaces the whole HTTP layer (retries, timeout) for every call. */
export type FetchFunction = <R = unknown>(args: FetcherArgs) => Promise<FetcherResponse<R>>;

/** `new VapiClient(options)`: the options of @vapi-ai/server-sdk 2.0.1. */
export interface BaseClientOptions {
  /** The private API key, sent as `Authorization: Bearer <token>`. */
  token: Supplier<string>;
  /** A `VapiEnvironment` or any base URL; `VapiEnvironment.Default` (`https://api.vapi.ai`) unless set. `baseUrl` wins over it. */
  environment?: Supplier<string>;
  /** A base URL for every request; wins over `environment`. */
  baseUrl?: Supplier<string>;
  /** Extra headers on every request. */
  headers?: HeaderValues;
  /** Per attempt, in seconds. Defaults to 60. */
  timeoutInSeconds?: number;
  /** Retries of a retryable failure. Defaults to 2. */
  maxRetries?: number;
  /** The fetch every request goes through. */
  fetch?: typeof fetch;
  /** Replaces the HTTP layer itself (see `FetchFunction`). */
  fetcher?: FetchFunction;
  /** Accepted for compatibility; this client logs nothing. */
  logging?: LogConfig | ILogger;
}

/** The optional last argument of every method. */
export interface BaseRequestOptions {
  /** Per attempt, in seconds: overrides the client's. */
  timeoutInSeconds?: number;
  /** Overrides the client's `maxRetries`; 0 sends the request once. */
  maxRetries?: number;
  /** Aborts the request (and any wait before a retry). */
  abortSignal?: AbortSignal;
  /** Extra query parameters, after the method's own. */
  queryParams?: Record<string, unknown>;
  /** Extra headers, over the client's. */
  headers?: HeaderValues;
}

/** Reads a supplier's current value. */
export const supplied = async <T>(value: Supplier<T>): Promise<T> =>
  typeof value === 'function' ? (value as () => T | Promise<T>)() : value;
