// iterate() over the list routes that answer a bare array yet take `page` and `limit`. The routes
// are found in the platform's OpenAPI document, not listed by hand; each is walked against the
// platform simulator over HTTP, and against a plain server that pages the way the document says.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPlatformClient, listPlatformRoutes, type PlatformClient } from '@helena/sdk';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/simulator/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Handler, type TestServer } from './server.js';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  example?: unknown;
  required?: string[];
  properties?: Record<string, Schema>;
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const docPath = fileURLToPath(new URL('../../../../shared/spec/vapi-openapi.json', import.meta.url));
const doc = JSON.parse(readFileSync(docPath, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);

/** Every GET of the document whose 200 answer is an array and whose query takes page and limit. */
const ROUTES = Object.entries(doc.paths).flatMap(([path, ops]) => {
  const op = ops.get;
  const answer = op?.responses['200']?.content?.['application/json']?.schema;
  const names = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  if (!op || !answer || resolve(answer).type !== 'array' || !names.includes('page') || !names.includes('limit')) return [];
  const limitText = op.parameters!.find((p) => p.name === 'limit')!.description ?? '';
  // The document states the default page size in the parameter's prose only.
  const defaultLimit = Number(/Defaults to (\d+)/.exec(limitText)?.[1]);
  return [{ path, defaultLimit, create: ops.post }];
});

/** The client's list method for a document path, by verb and path shape; its iterator beside it. */
function methodsFor(path: string) {
  const shape = (p: string) => p.replace(/\{\w+\}/g, '{}');
  const list = listPlatformRoutes().find((r) => r.method === 'GET' && shape(r.path) === shape(path));
  expect(list, `a client method for GET ${path}`).toBeDefined();
  const parent = list!.name.split('.').slice(0, -1);
  const at = (client: PlatformClient, name: string) => {
    let target: any = client;
    for (const key of [...parent, name]) target = target[key];
    return target as ((...args: unknown[]) => any) | undefined;
  };
  return {
    params: [...path.matchAll(/\{\w+\}/g)].map(() => `p-${randomUUID()}`),
    iterate: (client: PlatformClient) => at(client, 'iterate'),
    create: (client: PlatformClient) => at(client, 'create'),
  };
}

/** A body with the document's required fields of a create route: examples, else plain values. */
function sampleBody(op: Operation, n: number): Record<string, unknown> {
  const schema = resolve(op.requestBody!.content['application/json']!.schema);
  const value = (s: Schema): unknown => {
    if (s.format === 'uuid') return randomUUID();
    if (s.type === 'string') return typeof s.example === 'string' ? `${s.example} ${n}` : `item ${n}`;
    if (s.type === 'array') return [];
    return {};
  };
  return Object.fromEntries((schema.required ?? []).map((name) => [name, value(resolve(schema.properties![name]!))]));
}

async function collect(iterator: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of iterator) out.push(item);
  return out;
}
const ids = (items: unknown[]) => items.map((i) => (i as { id: string }).id);

it('the document has such routes, among them the personalities, each with an iterate() in the client', () => {
  expect(ROUTES.map((r) => r.path)).toContain('/eval/simulation/personality');
  for (const r of ROUTES) {
    expect(r.defaultLimit, `${r.path}: the documented default limit`).toBeGreaterThan(0);
    expect(methodsFor(r.path).iterate(createPlatformClient()), `iterate() for ${r.path}`).toBeTypeOf('function');
  }
});

describe('against the platform simulator', () => {
  let sim: PlatformSimulator;
  let client: PlatformClient;
  let close: () => Promise<void>;
  beforeAll(async () => {
    sim = createPlatformSimulator();
    const server = await sim.listen();
    close = () => sim.close();
    client = createPlatformClient({ token: sim.privateKey, baseUrl: server.url, retry: 0 });
  });
  afterAll(() => close());

  const creatable = ROUTES.filter((r) => r.create);
  it('can create items on most of these routes (the rest have no create route in the document)', () => {
    expect(creatable.map((r) => r.path)).toContain('/eval/simulation/personality');
  });

  for (const r of creatable) {
    it(`${r.path}: 105 created items, every one yielded once, with and without a limit`, async () => {
      const m = methodsFor(r.path);
      const created: string[] = [];
      for (let n = 0; n < 105; n++) {
        const item = (await m.create(client)!(...m.params, sampleBody(r.create!, n))) as { id: string };
        created.push(item.id);
      }
      const all = ids(await collect(m.iterate(client)!(...m.params)));
      expect(all).toHaveLength(105);
      expect(new Set(all)).toEqual(new Set(created));
      const bySmallPages = ids(await collect(m.iterate(client)!(...m.params, { limit: 20 })));
      expect(bySmallPages).toEqual(all);
    });
  }
});

describe('against a server paging bare arrays as the document describes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  const client = () => createPlatformClient({ token: 't', baseUrl: server.url, retry: 0 });
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `item-${i}` }));

  /** `page` from 1 (its documented default), `limit` or the documented default. */
  const arrayPages =
    (all: { id: string }[], defaultLimit: number, honoursPage = true): Handler =>
    (req, res) => {
      const q = new URL(req.url, 'http://x').searchParams;
      const limit = Number(q.get('limit') ?? defaultLimit);
      const page = honoursPage ? Number(q.get('page') ?? 1) : 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(all.slice((page - 1) * limit, page * limit)));
    };
  const pagesAsked = () => server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('page'));

  for (const r of ROUTES) {
    it(`${r.path}: every item, and no request after the short page`, async () => {
      const m = methodsFor(r.path);
      const all = items(105);
      server.handle(arrayPages(all, r.defaultLimit));
      expect(await collect(m.iterate(client())!(...m.params))).toEqual(all);
      expect(server.requests).toHaveLength(Math.floor(105 / r.defaultLimit) + 1);

      server.handle(arrayPages(all, r.defaultLimit));
      expect(await collect(m.iterate(client())!(...m.params, { limit: 20, sortOrder: 'ASC' }))).toEqual(all);
      expect(pagesAsked()).toEqual([null, '2', '3', '4', '5', '6']);
      expect(server.requests.every((q) => q.url.includes('limit=20&sortOrder=ASC'))).toBe(true);
    });
  }

  const personalities = () => methodsFor('/eval/simulation/personality').iterate(client())!;

  it('ends on an empty page when the last full page was the last', async () => {
    server.handle(arrayPages(items(40), 100));
    expect(await collect(personalities()({ limit: 20 }))).toHaveLength(40);
    expect(pagesAsked()).toEqual([null, '2', '3']);
  });

  it('without a limit, takes the first page as the full size', async () => {
    server.handle(arrayPages(items(30), 10));
    expect(await collect(personalities()())).toEqual(items(30));
    expect(pagesAsked()).toEqual([null, '2', '3', '4']);
  });

  it('starts at the page asked for', async () => {
    server.handle(arrayPages(items(105), 100));
    expect(await collect(personalities()({ page: 2, limit: 50 }))).toEqual(items(105).slice(50));
    expect(pagesAsked()).toEqual(['2', '3']);
  });

  it('stops, without repeating items, when the server answers the same page whatever the page asked', async () => {
    server.handle(arrayPages(items(105), 100, false));
    expect(await collect(personalities()())).toEqual(items(100));
    expect(pagesAsked()).toEqual([null, '2']);
  });
});
