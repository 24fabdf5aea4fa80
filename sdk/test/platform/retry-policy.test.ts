// The parts of the retry policy that ky has no option for, and what onRetry and a caller's fetch
// see now that ky runs the attempts; against a real HTTP server.
import { createPlatformClient, PlatformApiError, ServerError, type RetryInfo } from '@helena/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = (options: Parameters<typeof createPlatformClient>[0] = {}) =>
  createPlatformClient({ token: 't', baseUrl: server.url, ...options });

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
