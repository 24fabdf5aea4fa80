import { createPlatformClient, listPlatformRoutes } from '@helena/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCases, TOKEN } from './route-cases.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('route table', () => {
  it('has the 135 routes of the specification and the 90 more of the current document, each verb and path once', () => {
    const routes = listPlatformRoutes();
    expect(routes).toHaveLength(135 + 90);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(135 + 90);
    expect(routes.filter((r) => !r.auth).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /credential/webhook']);
  });
});

describe('every route against a real HTTP server', () => {
  for (const c of routeCases()) {
    it(c.label, async () => {
      server.handle(json(200, { answered: c.route.name }));
      const client = createPlatformClient({ token: TOKEN, baseUrl: `${server.url}/`, retry: 0 });
      const answer = await c.call(client);
      // File downloads resolve to the bytes as a Blob; everything else to the parsed JSON.
      if (answer instanceof Blob) expect(JSON.parse(await answer.text())).toEqual({ answered: c.route.name });
      else expect(answer).toEqual({ answered: c.route.name });
      expect(server.requests).toHaveLength(1);
      await c.check(server.requests[0]!);
    });
  }
});

describe('request details', () => {
  it('voiceLibrary.sync picks the route by whether a provider is given', async () => {
    const client = createPlatformClient({ token: TOKEN, baseUrl: server.url });
    server.handle(json(200, []));
    await client.voiceLibrary.sync();
    await client.voiceLibrary.sync('11labs');
    await (client.voiceLibrary.sync as any)({ headers: { 'x-a': '1' } });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/voice-library/sync',
      '/voice-library/sync/11labs',
      '/voice-library/sync',
    ]);
    expect(server.requests[2]!.headers['x-a']).toBe('1');
  });

  it('merges client headers with per-call headers and lets the call win', async () => {
    const client = createPlatformClient({ token: TOKEN, baseUrl: server.url, headers: { 'x-app': 'a', 'x-over': 'client' } });
    server.handle(json(200, {}));
    await client.calls.get('c1', { headers: { 'x-over': 'call' } });
    expect(server.requests[0]!.headers).toMatchObject({ 'x-app': 'a', 'x-over': 'call', authorization: `Bearer ${TOKEN}` });
  });

  it('sends no Authorization header without a token, and resolves an empty answer to undefined', async () => {
    const client = createPlatformClient({ baseUrl: server.url });
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client.orgs.leave('o1')).resolves.toBeUndefined();
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('serialises dates and leaves out null values in queries', async () => {
    const client = createPlatformClient({ token: TOKEN, baseUrl: server.url });
    server.handle(json(200, []));
    await client.calls.list({ createdAtGt: new Date(Date.UTC(2025, 0, 2)) as any, assistantId: null as any, limit: 2 });
    expect(server.requests[0]!.url).toBe('/call?createdAtGt=2025-01-02T00%3A00%3A00.000Z&limit=2');
  });

  it('refuses a missing path parameter before sending anything', async () => {
    const client = createPlatformClient({ token: TOKEN, baseUrl: server.url });
    server.handle(json(200, {}));
    await expect((client.calls.get as any)(undefined)).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it('uses a caller-supplied fetch', async () => {
    let used = 0;
    const client = createPlatformClient({
      token: TOKEN,
      baseUrl: server.url,
      fetch: (input, init) => {
        used++;
        return fetch(input, init);
      },
    });
    server.handle(json(200, { id: 'a1' }));
    await expect(client.assistants.get('a1')).resolves.toEqual({ id: 'a1' });
    expect(used).toBe(1);
  });
});
