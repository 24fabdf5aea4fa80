// The errors of @vapi-ai/server-sdk 2.0.1: `VapiError` with its fields, one subclass per status,
// and `VapiTimeoutError`. The platform client's errors become these at the layer's edge.
import { PlatformApiError, PlatformTimeoutError } from '../platform/errors.js';
import type { RawResponse } from './options.js';

interface VapiErrorInit {
  message?: string;
  statusCode?: number;
  body?: unknown;
  rawResponse?: RawResponse;
  cause?: unknown;
}

/**
 * A failed request: a non-2xx answer (`statusCode`, the parsed `body`, `rawResponse`), an abort or
 * a network failure (`message`, `cause`). The message reads as 2.0.1's: the message, then
 * `Status code: N`, then `Body: <JSON>`, each on its line when present.
 */
export class VapiError extends Error {
  readonly statusCode?: number;
  readonly body?: unknown;
  readonly rawResponse?: RawResponse;
  override readonly cause?: unknown;

  constructor({ message, statusCode, body, rawResponse, cause }: VapiErrorInit) {
    super(
      [message, statusCode === undefined ? undefined : `Status code: ${statusCode}`, body == null ? undefined : `Body: ${JSON.stringify(body, null, 2)}`]
        .filter((line) => line !== undefined)
        .join('\n'),
    );
    this.name = 'VapiError';
    this.statusCode = statusCode;
    this.body = body;
    this.rawResponse = rawResponse;
    if (cause != null) this.cause = cause;
  }
}

/** An attempt took longer than `timeoutInSeconds`. */
export class VapiTimeoutError extends Error {
  override readonly cause?: unknown;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message);
    this.name = 'VapiTimeoutError';
    if (options?.cause != null) this.cause = options.cause;
  }
}

/** A status's own error class, as 2.0.1 constructs it: `new NotFoundError(body, rawResponse)`. */
type StatusErrorClass = new (body?: unknown, rawResponse?: RawResponse) => VapiError;

/**
 * The base of each status's class; the message is the class's name, as in 2.0.1. The name is
 * written out because a minifier renames classes.
 */
function statusClass(statusCode: number, name: string) {
  return class extends VapiError {
    constructor(body?: unknown, rawResponse?: RawResponse) {
      super({ message: name, statusCode, body, rawResponse });
      this.name = name;
    }
  };
}

/** 400: the platform refused the request as malformed. */
export class BadRequestError extends statusClass(400, 'BadRequestError') {}
/** 401: the token is missing or wrong. */
export class UnauthorizedError extends statusClass(401, 'UnauthorizedError') {}
/** 402: the organisation's plan does not cover the request (simulation runs). */
export class PaymentRequiredError extends statusClass(402, 'PaymentRequiredError') {}
/** 404: no such resource. */
export class NotFoundError extends statusClass(404, 'NotFoundError') {}
/** 409: the resource's state forbids the change. */
export class ConflictError extends statusClass(409, 'ConflictError') {}
/** 500: the platform failed. */
export class InternalServerError extends statusClass(500, 'InternalServerError') {}
/** 503: the platform is unavailable. */
export class ServiceUnavailableError extends statusClass(503, 'ServiceUnavailableError') {}

const BY_STATUS: Record<number, StatusErrorClass> = {
  400: BadRequestError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  404: NotFoundError,
  409: ConflictError,
  500: InternalServerError,
  503: ServiceUnavailableError,
};

/** The raw response without its body, as 2.0.1 keeps it. */
export function toRawResponse(response: Response): RawResponse {
  const { headers, redirected, status, statusText, type, url } = response;
  return { headers, redirected, status, statusText, type, url };
}

/** 2.0.1's raw response for a request that got no answer: 499 when aborted, else 0. */
const noResponse = (status: 0 | 499): RawResponse => ({
  headers: new Headers(),
  redirected: false,
  status,
  statusText: status ? 'Client Closed Request' : 'Unknown Error',
  type: 'error',
  url: '',
});

/** The error a status gets: its class where 2.0.1 has one, else `VapiError` itself. */
export function statusCodeError(statusCode: number, body: unknown, rawResponse: RawResponse): VapiError {
  const ErrorClass = BY_STATUS[statusCode];
  return ErrorClass ? new ErrorClass(body, rawResponse) : new VapiError({ statusCode, body, rawResponse });
}

/**
 * Any failure of the platform client as 2.0.1 reports it: an answer → the status's error, a
 * timeout → VapiTimeoutError naming the route, an abort → VapiError 'The user aborted a request',
 * a network failure → VapiError with its message. The original error is the `cause`.
 */
export function toVapiError(error: unknown, method: string, path: string, signal: AbortSignal | undefined): Error {
  if (error instanceof PlatformApiError) {
    const raw = error.response ? toRawResponse(error.response) : noResponse(0);
    return statusCodeError(error.status, error.body, raw);
  }
  if (error instanceof PlatformTimeoutError) return new VapiTimeoutError(`Timeout exceeded when calling ${method} ${path}.`, { cause: error });
  if (signal?.aborted) return new VapiError({ message: 'The user aborted a request', rawResponse: noResponse(499), cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new VapiError({ message, rawResponse: noResponse(0), cause: error });
}
