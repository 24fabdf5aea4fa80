import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator } from '@helena/simulator/node';
import { REQUIRED_FIELDS } from '../src/simulator/required-fields';

const PRIVATE = { authorization: 'Bearer demo-private-key', 'content-type': 'application/json' };
const PUBLIC = { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' };

function client(sim = createPlatformSimulator(), base = 'http://sim.test') {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = PRIVATE) => {
    const res = await sim.fetch(new Request(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    const text = await res.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, body: json, headers: res.headers };
  };
  return { sim, call };
}

describe('platform simulator: authentication', () => {
  it('answers a wrong or missing key with 401 in the platform error shape', async () => {
    const { call } = client();
    for (const headers of [{ authorization: 'Bearer nope' }, {} as Record<string, string>]) {
      const res = await call('GET', '/assistant', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.stringContaining('Invalid Key'), error: 'Unauthorized', statusCode: 401 });
    }
  });

  it('lets the public key create web calls and web chats only', async () => {
    const { call } = client();
    expect((await call('GET', '/assistant', undefined, PUBLIC)).status).toBe(401);
    expect((await call('POST', '/assistant', { name: 'x' }, PUBLIC)).status).toBe(401);
    expect((await call('POST', '/call/web', { assistant: { name: 'Helena' } }, PUBLIC)).status).toBe(201);
    expect((await call('POST', '/chat/web', { assistant: { name: 'Helena' }, input: 'hola' }, PUBLIC)).status).toBe(201);
    expect((await call('POST', '/call/web', { assistant: { name: 'Helena' } }, PRIVATE)).status).toBe(201);
  });

  it('takes custom keys, and sends the credential webhook through without one', async () => {
    const { call } = client(createPlatformSimulator({ publicKey: 'pk', privateKey: 'sk' }));
    expect((await call('GET', '/assistant', undefined, { authorization: 'Bearer sk' })).status).toBe(200);
    expect((await call('GET', '/assistant')).status).toBe(401);
    expect((await call('POST', '/credential/webhook', { event: 'x' }, { 'content-type': 'application/json' })).status).toBe(201);
  });
});

describe('platform simulator: CRUD', () => {
  it('creates, gets, lists, patches (merge), replaces (put) and deletes an assistant', async () => {
    const { call } = client();
    const created = await call('POST', '/assistant', { name: 'Helena', firstMessage: 'Hola', voice: { provider: 'vapi', voiceId: 'Elliot' } });
    expect(created.status).toBe(201);
    const a = created.body;
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.orgId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(a.createdAt)).not.toBeNaN();
    expect(a.updatedAt).toBe(a.createdAt);

    expect((await call('GET', `/assistant/${a.id}`)).body).toEqual(a);
    expect((await call('GET', '/assistant')).body).toEqual([a]);

    const patched = (await call('PATCH', `/assistant/${a.id}`, { firstMessage: 'Buenas' })).body;
    expect(patched).toMatchObject({ id: a.id, name: 'Helena', firstMessage: 'Buenas', createdAt: a.createdAt });
    expect(patched.updatedAt > a.updatedAt).toBe(true);

    const replaced = (await call('PUT', `/assistant/${a.id}`, { name: 'Otra' })).body;
    expect(replaced).toEqual({ id: a.id, orgId: a.orgId, createdAt: a.createdAt, updatedAt: expect.any(String), name: 'Otra' });

    const versions = (await call('GET', `/assistant/${a.id}/version`)).body;
    expect(versions.results).toHaveLength(3);

    expect((await call('DELETE', `/assistant/${a.id}`)).body).toMatchObject({ id: a.id, name: 'Otra' });
    const gone = await call('GET', `/assistant/${a.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: expect.any(String), error: 'Not Found', statusCode: 404 });
    expect((await call('PATCH', `/assistant/${a.id}`, {})).status).toBe(404);
    expect((await call('DELETE', `/assistant/${a.id}`)).status).toBe(404);
  });

  it('filters lists by limit, createdAt/updatedAt bounds and fields, newest first', async () => {
    const { call } = client();
    const made = [];
    for (const name of ['a', 'b', 'c', 'd']) made.push((await call('POST', '/assistant', { name })).body);
    const names = (q: string) => call('GET', `/assistant?${q}`).then((r) => r.body.map((x: any) => x.name).join(''));
    expect(await names('')).toBe('dcba');
    expect(await names('limit=2')).toBe('dc');
    expect(await names(`createdAtGt=${made[1].createdAt}`)).toBe('dc');
    expect(await names(`createdAtGe=${made[1].createdAt}`)).toBe('dcb');
    expect(await names(`createdAtLt=${made[1].createdAt}`)).toBe('a');
    expect(await names(`createdAtLe=${made[1].createdAt}&createdAtGe=${made[0].createdAt}`)).toBe('ba');
    await call('PATCH', `/assistant/${made[0].id}`, { name: 'a2' });
    expect(await names(`updatedAtGt=${made[3].updatedAt}`)).toBe('a2');
    expect(await names('sortOrder=ASC')).toBe('a2bcd');
    expect(await names('name=c')).toBe('c');
  });

  it('answers paginated groups with {results, metadata}', async () => {
    const { call } = client();
    for (let i = 0; i < 3; i++) await call('POST', '/campaign', { name: `c${i}`, phoneNumberId: 'p' });
    const page = (await call('GET', '/campaign?limit=2&page=2')).body;
    expect(page.results).toHaveLength(1);
    expect(page.metadata).toMatchObject({ itemsPerPage: 2, totalItems: 3, currentPage: 2 });
    const created = (await call('GET', '/campaign')).body.results[0];
    expect(created).toMatchObject({ status: 'scheduled', callsCounterEnded: 0 });
  });

  it('keeps nested resources under their parent', async () => {
    const { call } = client();
    const suite = (await call('POST', '/test-suite', { name: 's' })).body;
    const other = (await call('POST', '/test-suite', { name: 'o' })).body;
    const test = (await call('POST', `/test-suite/${suite.id}/test`, { name: 't' })).body;
    expect(test.testSuiteId).toBe(suite.id);
    expect((await call('GET', `/test-suite/${suite.id}/test/${test.id}`)).status).toBe(200);
    expect((await call('GET', `/test-suite/${other.id}/test/${test.id}`)).status).toBe(404);
    expect((await call('GET', `/test-suite/${other.id}/test`)).body.results).toEqual([]);
  });

  it('answers 400 in the platform shape when the document says a field is required', async () => {
    const { call } = client();
    const squad = await call('POST', '/squad', {});
    expect(squad.status).toBe(400);
    expect(squad.body).toEqual({ message: ['members should not be empty'], error: 'Bad Request', statusCode: 400 });
    const tool = await call('POST', '/tool', { type: 'apiRequest' });
    expect(tool.status).toBe(400);
    expect(tool.body.message).toEqual(['method should not be empty', 'url should not be empty']);
    expect((await call('POST', '/tool', { type: 'nonsense' })).status).toBe(400);
    expect((await call('POST', '/tool', { type: 'function', function: { name: 'f' } })).status).toBe(201);
    expect((await call('POST', '/chat', {})).body.message).toEqual(['input should not be empty']);
    const bad = await call('POST', '/assistant', '{not json', PRIVATE);
    expect(bad.status).toBe(400);
  });

  it('derives the required-fields table from the OpenAPI document (committed, not read at run time)', () => {
    expect(REQUIRED_FIELDS['POST /squad']!.required).toEqual(['members']);
    expect(REQUIRED_FIELDS['POST /tool']!.discriminator).toBe('type');
    expect(REQUIRED_FIELDS['POST /phone-number']!.variants?.twilio).toContain('twilioAccountSid');
  });

  it('answers an unknown route with a platform 404', async () => {
    const { call } = client();
    const res = await call('GET', '/nope/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Cannot GET /nope/nothing/here', error: 'Not Found', statusCode: 404 });
  });
});

describe('platform simulator: web calls', () => {
  it('creates a web call with a room URL, an artifact plan and the assistant', async () => {
    const { call } = client();
    const assistant = (await call('POST', '/assistant', { name: 'Helena', artifactPlan: { videoRecordingEnabled: false } })).body;
    const res = await call('POST', '/call/web', { assistantId: assistant.id, assistantOverrides: { firstMessage: 'Hola {{nombre}}', variableValues: { nombre: 'Ana' } } }, PUBLIC);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orgId: expect.any(String),
      createdAt: expect.any(String),
      type: 'webCall',
      status: 'queued',
      webCallUrl: expect.stringMatching(/^http:\/\/sim\.test\/room\/[0-9a-f]{32}$/),
      artifactPlan: { videoRecordingEnabled: false },
      assistant: { id: assistant.id, name: 'Helena' },
      assistantId: assistant.id,
    });
    const got = (await call('GET', `/call/${res.body.id}`)).body;
    expect(got).toMatchObject({ id: res.body.id, status: 'queued' });
    expect((await call('GET', '/call')).body.map((c: any) => c.id)).toEqual([res.body.id]);
  });

  it('refuses an unknown assistant id, and a body with no assistant, squad or workflow', async () => {
    const { call } = client();
    const unknown = await call('POST', '/call/web', { assistantId: 'does-not-exist' }, PUBLIC);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('does-not-exist');
    expect((await call('POST', '/call/web', {}, PUBLIC)).status).toBe(400);
  });

  it('starts from seeded entities', async () => {
    const { call } = client(createPlatformSimulator({ seed: { assistant: [{ id: 'asst-demo', name: 'Helena' }] } }));
    expect((await call('GET', '/assistant/asst-demo')).body).toMatchObject({ id: 'asst-demo', name: 'Helena' });
    expect((await call('POST', '/call/web', { assistantId: 'asst-demo' }, PUBLIC)).status).toBe(201);
  });

  it('derives the room URL from the mount prefix, or uses publicUrl', async () => {
    const sim = createPlatformSimulator();
    const host = new Hono();
    host.route('/sim', sim.app);
    const res = await host.request('http://example.test/sim/call/web', {
      method: 'POST',
      headers: PUBLIC,
      body: JSON.stringify({ assistant: { name: 'Helena' } }),
    });
    expect(res.status).toBe(201);
    expect((await res.json()).webCallUrl).toMatch(/^http:\/\/example\.test\/sim\/room\/[0-9a-f]{32}$/);

    const fixed = createPlatformSimulator({ publicUrl: 'https://demo.example.com/sim/' });
    const body = await (await fixed.fetch(new Request('http://internal:1/call/web', { method: 'POST', headers: PUBLIC, body: '{"assistant":{}}' }))).json();
    expect(body.webCallUrl).toMatch(/^https:\/\/demo\.example\.com\/sim\/room\//);
  });
});

describe('platform simulator: chats', () => {
  it('without a dialogue, the assistant says it is a simulator and repeats the visitor', async () => {
    const { call } = client();
    const first = (await call('POST', '/chat', { assistant: { name: 'Robin' }, input: 'What do you sell?' })).body;
    expect(first.output).toEqual([{ role: 'assistant', content: 'You said: What do you sell?' }]);
  });

  it('answers chat turns with the dialogue it is given (the demo script), keeping the conversation by session', async () => {
    const { call } = client(createPlatformSimulator({ dialogue: DEMO_DIALOGUE }));
    const first = (await call('POST', '/chat', { assistant: { name: 'Helena' }, input: 'Hola' })).body;
    expect(first.output[0].content).toMatch(/negocio/);
    const second = (await call('POST', '/chat', { sessionId: first.sessionId, input: 'Tengo una floristería' })).body;
    expect(second.output[0].content).toMatch(/correo/);
    const third = (await call('POST', '/chat/web', { sessionId: first.sessionId, input: 'ana arroba flores punto es' }, PUBLIC)).body;
    expect(third.output[0].content).toContain('ana@flores.es');
    const responses = (await call('POST', '/chat/responses', { assistant: { name: 'Helena' }, input: 'Hola' })).body;
    expect(responses.object).toBe('response');
    expect(responses.output[0].content[0].text).toMatch(/negocio/);
    expect((await call('GET', '/chat')).body.results).toHaveLength(4);
  });

  it('refuses a chat input that is neither text nor a list of messages, and keeps no chat of it', async () => {
    const { call } = client();
    for (const input of [42, { role: 'user', content: 'hola' }, true]) {
      const r = await call('POST', '/chat/web', { assistant: { name: 'Helena' }, input }, PUBLIC);
      expect(r.status).toBe(400);
      expect(r.body.message).toEqual(['input must be a string or an array of messages']);
    }
    expect((await call('GET', '/chat')).body.results).toHaveLength(0);
    const sessions = (await call('GET', '/session')).body;
    expect(sessions.results ?? sessions).toHaveLength(0);
  });
});

describe('platform simulator: test hooks', () => {
  it('fails the next N requests with a status, then recovers', async () => {
    const { sim, call } = client();
    sim.faults.failNext(2, 503, { retryAfter: 1 });
    expect(sim.faults.pending).toBe(2);
    const a = await call('GET', '/assistant');
    expect(a.status).toBe(503);
    expect(a.body).toEqual({ message: 'Service Unavailable', error: 'Service Unavailable', statusCode: 503 });
    expect(a.headers.get('retry-after')).toBe('1');
    expect((await call('GET', '/assistant')).status).toBe(503);
    expect((await call('GET', '/assistant')).status).toBe(200);
    expect(sim.faults.pending).toBe(0);
  });

  it('aims faults at a method and path, and arms them over HTTP too', async () => {
    const { sim, call } = client();
    sim.faults.failNext(1, 500, { method: 'POST', path: '/call/web' });
    expect((await call('GET', '/assistant')).status).toBe(200);
    expect((await call('POST', '/call/web', { assistant: {} }, PUBLIC)).status).toBe(500);
    expect((await call('POST', '/_simulator/faults', { count: 1, status: 429 })).status).toBe(201);
    expect((await call('GET', '/assistant')).status).toBe(429);
    sim.faults.failNext(5, 500);
    sim.faults.clear();
    expect((await call('GET', '/assistant')).status).toBe(200);
  });

  it('adds latency to every answer', async () => {
    const { sim, call } = client(createPlatformSimulator({ latencyMs: 60 }));
    let t = Date.now();
    await call('GET', '/assistant');
    expect(Date.now() - t).toBeGreaterThanOrEqual(55);
    sim.setLatency(0);
    t = Date.now();
    await call('GET', '/assistant');
    expect(Date.now() - t).toBeLessThan(55);
  });

  it('answers CORS preflights for browsers on other origins', async () => {
    const { sim } = client();
    const res = await sim.fetch(
      new Request('http://sim.test/call/web', {
        method: 'OPTIONS',
        headers: { origin: 'http://site.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});
