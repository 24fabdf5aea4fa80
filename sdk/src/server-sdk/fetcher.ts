// A 2.0.1 `fetcher` (a whole HTTP layer: args in, `{ ok, body | error }` out) seen as the `fetch`
// the platform client sends through, so the route table still builds every request.
import { PlatformTimeoutError } from '../platform/errors.js';
import type { FetchFunction } from './options.js';

interface FetcherContext {
  timeoutMs: number | false;
  maxRetries: number | undefined;
  signal: AbortSignal | undefined;
  fetchFn: typeof fetch | undefined;
}

const json = (value: unknown): string | undefined => (value === undefined ? undefined : JSON.stringify(value));

/** Calls `fetcher` with the request `fetch` would have sent, and answers as a `Response`. */
export function fetcherAsFetch(fetcher: FetchFunction, context: FetcherContext): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init.headers));
    const form = init.body instanceof FormData;
    const answer = await fetcher({
      url,
      method,
      headers,
      body: form ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      contentType: form ? undefined : headers['content-type'],
      requestType: form ? 'file' : 'json',
      timeoutMs: context.timeoutMs === false ? undefined : context.timeoutMs,
      maxRetries: context.maxRetries,
      abortSignal: context.signal,
      fetchFn: context.fetchFn,
    });
    const { rawResponse } = answer;
    const respond = (body: string | undefined, status: number) => new Response(body, { status, statusText: rawResponse.statusText, headers: rawResponse.headers });
    if (answer.ok) return respond(json(answer.body), rawResponse.status || 200);
    const { error } = answer;
    switch (error.reason) {
      case 'status-code':
        return respond(json(error.body), error.statusCode);
      case 'non-json':
        return respond(error.rawBody, error.statusCode);
      case 'body-is-null':
        return respond(undefined, error.statusCode);
      case 'timeout':
        throw new PlatformTimeoutError({ method, url, timeout: context.timeoutMs || 0, cause: error.cause });
      default:
        throw new Error(error.errorMessage, { cause: error.cause });
    }
  };
}
