/** A non-OK answer from the platform. `body` is the parsed JSON error body, or the raw text. */
export class PlatformApiError extends Error {
  override readonly name = 'PlatformApiError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;

  constructor(init: { status: number; method: string; url: string; body: unknown; cause?: unknown }) {
    super(`${init.method} ${init.url} failed with ${init.status}${describe(init.body)}`, { cause: init.cause });
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }
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

function describe(body: unknown): string {
  if (typeof body === 'string') return body ? `: ${body.slice(0, 200)}` : '';
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return `: ${message}`;
  if (Array.isArray(message)) return `: ${message.join('; ')}`;
  return '';
}
