import { createPlatformClient, PlatformApiError, PlatformTimeoutError, ServerError, type RetryInfo } from '@helena/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { delayed, drop, json, rejection, startServer, text, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = (options: Parameters<typeof createPlatformClient>[0] = {}) =>
  createPlatformClient({ token: 't', baseUrl: server.url, ...options });


describe('PlatformApiError', () => {
  it('carries status, method, url and the parsed JSON body of a 4xx', async () => {
    const body = { message: ['name must be shorter'], error: 'Bad Request', statusCode: 400 };
    server.handle(json(400, body));
    const error = await rejection(client().assistants.create({ name: 'x' }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'BadRequestError', status: 400, method: 'POST', url: `${server.url}/assistant`, body });
    expect(error.message).toContain('name must be shorter');
    expect(error.response).toBeInstanceOf(Response);
    expect(error.response.status).toBe(400);
    expect(error.stack).toContain('BadRequestError');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the text of a 5xx with a text body', async () => {
    server.handle(text(502, 'upstream exploded'));
    const error = await rejection(client({ retry: 0 }).calls.get('c 1'));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toMatchObject({ status: 502, method: 'GET', url: `${server.url}/call/c%201`, body: 'upstream exploded' });
  });

  it('is not retried on a 4xx, even for GET', async () => {
    server.handle(json(404, { message: 'Not Found' }));
    const error = await rejection(client().calls.get('missing'));
    expect(error.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });
});

describe('retry policy', () => {
  it('retries a GET on 503 after the Retry-After delay', async () => {
    const retries: RetryInfo[] = [];
    server.handle(json(503, { message: 'busy' }, { 'retry-after': '1' }), json(200, { id: 'c1' }));
    const started = performance.now();
    await expect(client({ onRetry: (r) => retries.push(r) }).calls.get('c1')).resolves.toEqual({ id: 'c1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, method: 'GET', url: `${server.url}/call/c1`, status: 503 })]);
  });

  it('retries a GET on a dropped connection', async () => {
    const retries: RetryInfo[] = [];
    server.handle(drop, json(200, [{ id: 'a1' }]));
    await expect(client({ onRetry: (r) => retries.push(r) }).assistants.list()).resolves.toEqual([{ id: 'a1' }]);
    expect(server.requests).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.status).toBeUndefined();
    expect(retries[0]!.error).toBeInstanceOf(Error);
  });

  it('retries PUT and DELETE on 5xx with backoff, up to the retry limit', async () => {
    const retries: RetryInfo[] = [];
    server.handle(json(500, {}), json(502, {}), json(200, { ok: 1 }));
    await expect(client({ onRetry: (r) => retries.push(r) }).assistants.replace('a1', { name: 'n' })).resolves.toEqual({ ok: 1 });
    expect(retries.map((r) => [r.attempt, r.status])).toEqual([
      [1, 500],
      [2, 502],
    ]);

    server.handle(json(504, { message: 'late' }));
    const error = await rejection(client({ retry: 2 }).tools.delete('t1'));
    expect(error).toMatchObject({ status: 504, method: 'DELETE' });
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a POST on 500', async () => {
    const retries: RetryInfo[] = [];
    server.handle(json(500, { message: 'boom' }), json(200, {}));
    const error = await rejection(client({ onRetry: (r) => retries.push(r) }).calls.create({}));
    expect(error).toMatchObject({ status: 500, body: { message: 'boom' } });
    expect(server.requests).toHaveLength(1);
    expect(retries).toHaveLength(0);
  });

  it('retries a POST on 429 with Retry-After', async () => {
    const retries: RetryInfo[] = [];
    server.handle(json(429, { message: 'slow down' }, { 'retry-after': '0' }), json(201, { id: 'a1' }));
    await expect(client({ onRetry: (r) => retries.push(r) }).assistants.create({ name: 'n' })).resolves.toEqual({ id: 'a1' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.toString()).toBe('{"name":"n"}');
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, method: 'POST', status: 429 })]);
  });

  it('retries a PATCH on 503 with Retry-After, but not without it, nor a POST on a dropped connection', async () => {
    server.handle(json(503, {}, { 'retry-after': '0' }), json(200, { id: 'x' }));
    await expect(client().squads.update('s1', { name: 'n' } as any)).resolves.toEqual({ id: 'x' });
    expect(server.requests).toHaveLength(2);

    server.handle(json(503, { message: 'down' }), json(200, {}));
    await expect(client().squads.update('s1', {} as any)).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);

    server.handle(drop, json(200, {}));
    await expect(client().calls.create({})).rejects.toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(1);
  });

  it('retry: 0 turns retries off', async () => {
    server.handle(json(503, {}, { 'retry-after': '0' }), json(200, {}));
    await expect(client({ retry: 0 }).calls.list()).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeout and abort', () => {
  it('turns a slow answer into PlatformTimeoutError', async () => {
    server.handle(delayed(2000, json(200, {})));
    const error = await rejection(client({ timeout: 100 }).calls.get('slow'));
    expect(error).toBeInstanceOf(PlatformTimeoutError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'PlatformTimeoutError', method: 'GET', url: `${server.url}/call/slow`, timeout: 100 });
    expect(error.cause).toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(1);
  });

  it('lets a call override the client timeout', async () => {
    server.handle(delayed(300, json(200, { late: true })));
    await expect(client({ timeout: 50 }).calls.get('x', { timeout: 2000 })).resolves.toEqual({ late: true });
    await expect(client({ timeout: 5000 }).calls.get('x', { timeout: 50 })).rejects.toBeInstanceOf(PlatformTimeoutError);
  });

  it('aborts through the caller signal', async () => {
    server.handle(delayed(2000, json(200, {})));
    const controller = new AbortController();
    const pending = client().calls.get('x', { signal: controller.signal });
    // Aborted once the server holds the request: on a busy machine a timer could fire before it is sent.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);

    const aborted = AbortSignal.abort();
    await expect(client().assistants.list(undefined, { signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops waiting for a retry when aborted during the backoff', async () => {
    server.handle(json(503, {}, { 'retry-after': '30' }), json(200, {}));
    const controller = new AbortController();
    const pending = client().calls.get('x', { signal: controller.signal });
    // The 503 asks for 30 s: once it is answered, the client is in (or about to start) that wait.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });
});

// The rules ky has no option for, and what onRetry and a caller's fetch see now that ky runs the attempts.
describe('Retry-After', () => {
  it('over 60 s, in seconds or as a date, is not waited for: the answer is the error', async () => {
    const later = new Date(Date.now() + 120_000).toUTCString();
    for (const retryAfter of ['120', later]) {
      server.handle(json(503, { message: 'busy' }, { 'retry-after': retryAfter }), json(200, { id: 'c1' }));
      const error = await client({ retry: 2 }).calls.get('c1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 503 });
      expect(server.requests).toHaveLength(1);
    }
  });

  it('on a POST, a 503 without it is final and a 503 with it is retried', async () => {
    server.handle(json(503, {}), json(201, { id: 'a1' }));
    await expect(client().assistants.create({ name: 'n' })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);

    server.handle(json(503, {}, { 'retry-after': '0' }), json(201, { id: 'a1' }));
    await expect(client().assistants.create({ name: 'n' })).resolves.toEqual({ id: 'a1' });
    expect(server.requests.map((r) => r.body.toString())).toEqual(['{"name":"n"}', '{"name":"n"}']);
  });
});

describe('onRetry', () => {
  it("sees the failed answer as the client's typed error, with the platform's body", async () => {
    const retries: RetryInfo[] = [];
    server.handle(json(429, { message: 'slow down', statusCode: 429 }, { 'retry-after': '0' }), json(200, { id: 'c1' }));
    await client({ onRetry: (r) => retries.push(r) }).calls.get('c1');
    expect(retries).toHaveLength(1);
    expect(retries[0]!.error).toBeInstanceOf(PlatformApiError);
    expect(retries[0]!.error).toMatchObject({ name: 'RateLimitedError', status: 429, body: { message: 'slow down', statusCode: 429 } });
  });
});

describe("the caller's fetch", () => {
  it('is called with a URL string and an init carrying the verb, headers, body and a signal, on every attempt', async () => {
    const seen: { input: unknown; init: RequestInit | undefined }[] = [];
    const own = client({
      headers: { 'x-app': 'a' },
      fetch: (input, init) => {
        seen.push({ input, init });
        return fetch(input, init);
      },
    });
    server.handle(json(429, {}, { 'retry-after': '0' }), json(201, { id: 'a1' }));
    await expect(own.assistants.create({ name: 'n' })).resolves.toEqual({ id: 'a1' });
    expect(seen).toHaveLength(2);
    for (const { input, init } of seen) {
      expect(input).toBe(`${server.url}/assistant`);
      expect(init).toMatchObject({ method: 'POST', body: '{"name":"n"}' });
      expect(init!.signal).toBeInstanceOf(AbortSignal);
      expect(new Headers(init!.headers).get('x-app')).toBe('a');
      expect(new Headers(init!.headers).get('content-type')).toBe('application/json');
    }
  });
});
