// The drop-in layer against a real local HTTP server. Expected requests come from the platform's
// OpenAPI document (verbs, paths, which fields travel in the query or the body); the client's
// behaviour from @vapi-ai/server-sdk 2.0.1's documentation (README: retries on 408, 429 and 5xx
// up to maxRetries, default 2; a 60 s default timeout; abortSignal; VapiError's statusCode,
// message and body) and its declared types (withRawResponse() → { data, rawResponse }).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Vapi, VapiClient, VapiError, VapiTimeoutError, type BaseClientOptions, type FetchFunction } from '../../src/server-sdk/index.js';
import { delayed, json, rejection, text, startServer, type TestServer } from '../platform/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = (options: Partial<BaseClientOptions> = {}) => new VapiClient({ token: 'sk-test', environment: server.url, ...options });


const bodyOf = (i = 0) => JSON.parse(server.requests[i]!.body.toString('utf8'));

describe('requests', () => {
  it('sends a list request object as the query, with the bearer token', async () => {
    server.handle(json(200, []));
    await client().calls.list({ assistantId: 'a1', limit: 5 });
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/call?assistantId=a1&limit=5' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('takes path parameters out of the request object and encodes them', async () => {
    server.handle(json(200, { id: 'c 1' }));
    await client().calls.get({ id: 'c 1' });
    await client().providerResources.providerResourceControllerGetProviderResource({ provider: 'cartesia', resourceName: 'pronunciation-dictionary', id: 'r1' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /call/c%201', 'GET /provider/cartesia/pronunciation-dictionary/r1']);
  });

  it('sends the other fields of an update as the JSON body', async () => {
    server.handle(json(200, { id: 'a1' }));
    await client().assistants.update({ id: 'a1', name: 'Helena', firstMessage: 'Hola' });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/assistant/a1' });
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
    expect(bodyOf()).toEqual({ name: 'Helena', firstMessage: 'Hola' });
  });

  it('takes a tools.update body from `body` (2.0.1) or from the other fields (2.0.0)', async () => {
    server.handle(json(200, { id: 't1' }));
    await client().tools.update({ id: 't1', body: { type: 'apiRequest', url: 'https://example.com/hook' } });
    await client().tools.update({ id: 't1', type: 'apiRequest', url: 'https://example.com/hook' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PATCH /tool/t1', 'PATCH /tool/t1']);
    expect(bodyOf(0)).toEqual({ type: 'apiRequest', url: 'https://example.com/hook' });
    expect(bodyOf(1)).toEqual({ type: 'apiRequest', url: 'https://example.com/hook' });
  });

  it('sends structured output updates with schemaOverride in the query, as the document requires', async () => {
    server.handle(json(200, { id: 's1' }));
    await client().structuredOutputs.structuredOutputControllerUpdate({ id: 's1', schemaOverride: 'true', name: 'precio' });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/structured-output/s1?schemaOverride=true' });
    expect(bodyOf()).toEqual({ name: 'precio' });
  });

  it('lists files with or without a purpose', async () => {
    server.handle(json(200, []));
    await client().files.list();
    await client().files.list({ purpose: 'knowledge-base' });
    expect(server.requests.map((r) => r.url)).toEqual(['/file', '/file?purpose=knowledge-base']);
  });

  it('uploads a file as multipart form data', async () => {
    server.handle(json(201, { id: 'f1' }));
    await client().files.create({ file: { data: new TextEncoder().encode('Precios 2025'), filename: 'precios.txt' } });
    const request = server.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/file' });
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request.body.toString('utf8');
    expect(body).toContain('name="file"; filename="precios.txt"');
    expect(body).toContain('Precios 2025');
  });

  it('merges client headers (suppliers read per request, null left out), request headers and queryParams', async () => {
    server.handle(json(200, []));
    let n = 0;
    const c = client({ token: async () => `rotated-${++n}`, headers: { 'x-team': 'ventas', 'x-trace': () => `t${n}`, 'x-gone': null } });
    await c.assistants.list({ limit: 1 }, { headers: { 'x-request': 'one' }, queryParams: { extra: 'yes' } });
    await c.assistants.list();
    const [first, second] = server.requests;
    expect(first!.url).toBe('/assistant?limit=1&extra=yes');
    expect(first!.headers).toMatchObject({ authorization: 'Bearer rotated-1', 'x-team': 'ventas', 'x-trace': 't1', 'x-request': 'one' });
    expect(first!.headers).not.toHaveProperty('x-gone');
    expect(second!.headers.authorization).toBe('Bearer rotated-2');
    expect(second!.headers).not.toHaveProperty('x-request');
  });

  it('prefers baseUrl over environment', async () => {
    server.handle(json(200, []));
    await client({ environment: 'http://127.0.0.1:1', baseUrl: server.url }).squads.list();
    expect(server.requests.map((r) => r.url)).toEqual(['/squad']);
  });
});

describe('withRawResponse()', () => {
  it('gives the parsed data and the raw response; awaiting the call gives the data alone', async () => {
    server.handle(json(200, { id: 'a1', name: 'Helena' }, { 'x-request-id': 'req-7' }));
    const call = client().assistants.get({ id: 'a1' });
    const { data, rawResponse } = await call.withRawResponse();
    expect(data).toEqual({ id: 'a1', name: 'Helena' });
    expect(rawResponse.status).toBe(200);
    expect(rawResponse.headers.get('x-request-id')).toBe('req-7');
    expect(rawResponse.url).toBe(`${server.url}/assistant/a1`);
    await expect(call).resolves.toEqual({ id: 'a1', name: 'Helena' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('errors', () => {
  it('throws the status class for a 404, an instance of VapiError with statusCode, body and rawResponse', async () => {
    const body = { message: 'Assistant not found', error: 'Not Found', statusCode: 404 };
    server.handle(json(404, body, { 'x-request-id': 'req-404' }));
    const error = await rejection(client().assistants.get({ id: 'missing' }));
    expect(error).toBeInstanceOf(Vapi.NotFoundError);
    expect(error).toBeInstanceOf(VapiError);
    expect(error).toMatchObject({ name: 'NotFoundError', statusCode: 404, body });
    expect(error.rawResponse.status).toBe(404);
    expect(error.rawResponse.headers.get('x-request-id')).toBe('req-404');
    expect(error.message).toBe(`NotFoundError\nStatus code: 404\nBody: ${JSON.stringify(body, null, 2)}`);
  });

  it('throws VapiError itself for a status without a class, with a text body as text', async () => {
    server.handle(text(422, 'unprocessable'));
    const error = await rejection(client().calls.create({ assistantId: 'a1' }));
    expect(error).toBeInstanceOf(VapiError);
    expect(error.constructor).toBe(VapiError);
    expect(error).toMatchObject({ statusCode: 422, body: 'unprocessable', message: 'Status code: 422\nBody: "unprocessable"' });
  });

  it('reports a network failure as a VapiError with the cause', async () => {
    const error = await rejection(client({ environment: 'http://127.0.0.1:1', maxRetries: 0 }).calls.list());
    expect(error).toBeInstanceOf(VapiError);
    expect(error.statusCode).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('retries', () => {
  it('retries a 503 after the Retry-After it gives', async () => {
    server.handle(json(503, { message: 'busy' }, { 'retry-after': '1' }), json(200, [{ id: 'c1' }]));
    const started = performance.now();
    await expect(client().calls.list()).resolves.toEqual([{ id: 'c1' }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries retries of a 500 (2 by default), with the status class', async () => {
    server.handle(json(500, { message: 'boom' }));
    const error = await rejection(client().calls.get({ id: 'c1' }));
    expect(error).toBeInstanceOf(Vapi.InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  it('sends once with maxRetries: 0, on the client or on the call', async () => {
    server.handle(json(429, { message: 'slow down' }, { 'retry-after': '0' }));
    await rejection(client({ maxRetries: 0 }).calls.list());
    expect(server.requests).toHaveLength(1);
    server.handle(json(408, { message: 'timeout' }));
    await rejection(client().calls.list({}, { maxRetries: 0 }));
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts and aborts', () => {
  it('throws VapiTimeoutError naming the route when an attempt exceeds timeoutInSeconds', async () => {
    server.handle(delayed(5_000, json(200, {})));
    const error = await rejection(client({ maxRetries: 0 }).calls.get({ id: 'c1' }, { timeoutInSeconds: 0.2 }));
    expect(error).toBeInstanceOf(VapiTimeoutError);
    expect(error).not.toBeInstanceOf(VapiError);
    expect(error.message).toBe('Timeout exceeded when calling GET /call/{id}.');
  });

  it('rejects with VapiError when the abortSignal aborts', async () => {
    server.handle(delayed(5_000, json(200, {})));
    const controller = new AbortController();
    const pending = client().calls.get({ id: 'c1' }, { abortSignal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(VapiError);
    expect(error.message).toBe('The user aborted a request');
    expect(error.rawResponse.status).toBe(499);
  });
});

describe('fetcher', () => {
  it('hands each request to a custom fetcher and reads its answer', async () => {
    const seen: Parameters<FetchFunction>[0][] = [];
    const fetcher: FetchFunction = async (args) => {
      seen.push(args);
      if (args.method === 'GET') return { ok: false, error: { reason: 'status-code', statusCode: 404, body: { message: 'gone' } }, rawResponse: { headers: new Headers(), redirected: false, status: 404, statusText: 'Not Found', type: 'basic', url: args.url } };
      return { ok: true, body: { id: 'a1' } as never, rawResponse: { headers: new Headers(), redirected: false, status: 201, statusText: 'Created', type: 'basic', url: args.url } };
    };
    const c = new VapiClient({ token: 'sk-test', baseUrl: 'https://platform.example', fetcher, maxRetries: 1, timeoutInSeconds: 7 });
    await expect(c.assistants.create({ name: 'Helena' })).resolves.toEqual({ id: 'a1' });
    const error = await rejection(c.assistants.get({ id: 'a1' }));
    expect(error).toBeInstanceOf(Vapi.NotFoundError);
    expect(error.body).toEqual({ message: 'gone' });
    expect(seen[0]).toMatchObject({ url: 'https://platform.example/assistant', method: 'POST', body: { name: 'Helena' }, requestType: 'json', timeoutMs: 7000, maxRetries: 1 });
    expect(seen[0]!.headers).toMatchObject({ authorization: 'Bearer sk-test' });
    expect(seen[1]).toMatchObject({ url: 'https://platform.example/assistant/a1', method: 'GET' });
  });
});
