// The error subclasses, the raw answer and the per-call retry override, against a real HTTP server.
import {
  BadRequestError,
  ConflictError,
  createPlatformClient,
  NotFoundError,
  PlatformApiError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from '@helena/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, text, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = () => createPlatformClient({ token: 't', baseUrl: server.url, retry: 0 });

async function rejection(promise: Promise<unknown>): Promise<PlatformApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformApiError);
  return error as PlatformApiError;
}

describe('error subclasses by status', () => {
  const cases = [
    [400, BadRequestError, 'BadRequestError'],
    [401, UnauthorizedError, 'UnauthorizedError'],
    [403, UnauthorizedError, 'UnauthorizedError'],
    [404, NotFoundError, 'NotFoundError'],
    [409, ConflictError, 'ConflictError'],
    [429, RateLimitedError, 'RateLimitedError'],
    [500, ServerError, 'ServerError'],
    [503, ServerError, 'ServerError'],
  ] as const;
  for (const [status, Class, name] of cases) {
    it(`${status} is a ${name}`, async () => {
      server.handle(json(status, { message: 'nope', statusCode: status }));
      const error = await rejection(client().calls.get('c1'));
      expect(error).toBeInstanceOf(Class);
      expect(error.name).toBe(name);
      expect(error.status).toBe(status);
    });
  }

  it('any other status stays a plain PlatformApiError', async () => {
    server.handle(json(422, { message: 'unprocessable' }));
    const error = await rejection(client().calls.get('c1'));
    expect(error.constructor).toBe(PlatformApiError);
    expect(error.name).toBe('PlatformApiError');
  });
});

describe('the platform message, as a string or a list', () => {
  it('reads a validation list', async () => {
    server.handle(json(400, { message: ['name must be a string', 'members must be an array'], error: 'Bad Request', statusCode: 400 }));
    const error = await rejection(client().assistants.create({ name: 'x' }));
    expect(error.messages).toEqual(['name must be a string', 'members must be an array']);
    expect(error.message).toContain('name must be a string; members must be an array');
  });

  it('reads a single message', async () => {
    server.handle(json(404, { message: 'Not Found', statusCode: 404 }));
    const error = await rejection(client().calls.get('c1'));
    expect(error.messages).toEqual(['Not Found']);
    expect(error.message).toMatch(/failed with 404: Not Found$/);
  });

  it('has no messages for a text body', async () => {
    server.handle(text(502, 'bad gateway'));
    const error = await rejection(client().calls.get('c1'));
    expect(error.messages).toEqual([]);
    expect(error.body).toBe('bad gateway');
  });
});

describe('the raw answer', () => {
  it('an error carries the Response with its headers', async () => {
    server.handle(json(429, { message: 'slow down' }, { 'retry-after': '120', 'x-request-id': 'r-1' }));
    const error = await rejection(client().calls.get('c1'));
    expect(error.response).toBeInstanceOf(Response);
    expect(error.response!.status).toBe(429);
    expect(error.response!.headers.get('x-request-id')).toBe('r-1');
  });

  it('onResponse sees a successful answer before its body is returned', async () => {
    server.handle(json(200, { id: 'c1' }, { 'x-request-id': 'r-2' }));
    let seen: Response | undefined;
    const call = await client().calls.get('c1', { onResponse: (r) => (seen = r) });
    expect(call).toEqual({ id: 'c1' });
    expect(seen!.status).toBe(200);
    expect(seen!.headers.get('x-request-id')).toBe('r-2');
  });
});

describe('per-call retry', () => {
  it('a call can allow retries the client does not', async () => {
    server.handle(json(503, { message: 'busy' }, { 'retry-after': '0' }), json(200, { id: 'c1' }));
    await expect(client().calls.get('c1', { retry: 1 })).resolves.toEqual({ id: 'c1' });
    expect(server.requests).toHaveLength(2);
  });

  it('a call can turn off the retries the client allows', async () => {
    server.handle(json(503, { message: 'busy' }, { 'retry-after': '0' }), json(200, { id: 'c1' }));
    const withRetries = createPlatformClient({ token: 't', baseUrl: server.url, retry: 3 });
    const error = await rejection(withRetries.calls.get('c1', { retry: 0 }));
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
  });
});
