import { isHTTPError, isTimeoutError } from 'ky';
import { readBody } from './body.js';

/** The platform's error body: NestJS-style, `message` a string or a list of validation messages. */
export interface PlatformErrorBody {
  message: string | string[];
  error?: string;
  statusCode?: number;
  [key: string]: unknown;
}

/** What a failed answer carried: the platform's JSON error, other JSON, the raw text, or nothing. */
export type PlatformErrorPayload = PlatformErrorBody | string | undefined;

interface ApiErrorInit {
  status: number;
  method: string;
  url: string;
  body: unknown;
  /** The raw answer (its body already read into `body`). */
  response?: Response;
  cause?: unknown;
}

/**
 * A non-OK answer from the platform. `body` is the parsed JSON error body, or the raw text.
 * Each common status has its own subclass (`NotFoundError`, `RateLimitedError`, …); all of them
 * are `instanceof PlatformApiError`.
 */
export class PlatformApiError extends Error {
  override readonly name: string = 'PlatformApiError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: PlatformErrorPayload;
  /** The raw answer, for its status text and headers (for example `retry-after` or a request id). */
  readonly response: Response | undefined;

  constructor(init: ApiErrorInit) {
    super(`${init.method} ${init.url} failed with ${init.status}${describe(init.body)}`, { cause: init.cause });
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body as PlatformErrorPayload;
    this.response = init.response;
  }

  /** The platform's own message(s): a string message as one entry, a validation list as is. */
  get messages(): string[] {
    const message = typeof this.body === 'object' ? this.body?.message : undefined;
    if (typeof message === 'string') return [message];
    return Array.isArray(message) ? message.map(String) : [];
  }
}

/** 400: the request body or query was rejected; `messages` lists what was wrong. */
export class BadRequestError extends PlatformApiError {
  override readonly name = 'BadRequestError';
}
/** 401 or 403: the token is missing, wrong, or lacks the permission. */
export class UnauthorizedError extends PlatformApiError {
  override readonly name = 'UnauthorizedError';
}
/** 404: no such resource (or route). */
export class NotFoundError extends PlatformApiError {
  override readonly name = 'NotFoundError';
}
/** 409: the resource's state forbids the change. */
export class ConflictError extends PlatformApiError {
  override readonly name = 'ConflictError';
}
/** 429: too many requests, after the retries allowed; see `response.headers.get('retry-after')`. */
export class RateLimitedError extends PlatformApiError {
  override readonly name = 'RateLimitedError';
}
/** 5xx: the platform failed, after the retries allowed. */
export class ServerError extends PlatformApiError {
  override readonly name = 'ServerError';
}

/** The error class for a status: the matching subclass, or PlatformApiError itself. */
export function platformApiError(init: ApiErrorInit): PlatformApiError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401 || status === 403) return new UnauthorizedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) return new RateLimitedError(init);
  if (status >= 500) return new ServerError(init);
  return new PlatformApiError(init);
}

/** The request (one attempt) took longer than its `timeout`. */
export class PlatformTimeoutError extends Error {
  override readonly name = 'PlatformTimeoutError';
  readonly method: string;
  readonly url: string;
  readonly timeout: number;

  constructor(init: { method: string; url: string; timeout: number; cause?: unknown }) {
    super(`${init.method} ${init.url} timed out after ${init.timeout} ms`, { cause: init.cause });
    this.method = init.method;
    this.url = init.url;
    this.timeout = init.timeout;
  }
}

/**
 * ky's errors as the client's: a non-OK answer becomes the PlatformApiError of its status, with
 * its body read here (ky leaves it unread), a timeout a PlatformTimeoutError; anything else, such
 * as fetch's own network error or an abort, is returned as it is.
 */
export async function fromKyError(error: unknown, timeout: number | false): Promise<unknown> {
  if (isHTTPError(error)) {
    const { request, response } = error;
    const body = await readBody(response).catch(() => undefined);
    return platformApiError({ status: response.status, method: request.method, url: request.url, body, response, cause: error });
  }
  if (isTimeoutError(error)) {
    return new PlatformTimeoutError({ method: error.request.method, url: error.request.url, timeout: timeout || 0, cause: error });
  }
  return error;
}

function describe(body: unknown): string {
  if (typeof body === 'string') return body ? `: ${body.slice(0, 200)}` : '';
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return `: ${message}`;
  if (Array.isArray(message)) return `: ${message.join('; ')}`;
  return '';
}
