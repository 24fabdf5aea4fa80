// Every client method checked against the platform's OpenAPI document itself: the verb, the path
// (with each path parameter where the document puts it), the required query parameters and the
// body's media type all come from the document, never from the client's route table.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPlatformClient, listPlatformRoutes, type RouteInfo } from '@helena/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type TestServer } from './server.js';

interface DocParameter {
  name: string;
  in: string;
  required?: boolean;
}
interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const docPath = fileURLToPath(new URL('../../../../shared/spec/vapi-openapi.json', import.meta.url));
const doc = JSON.parse(readFileSync(docPath, 'utf8')) as { paths: Record<string, Record<string, DocOperation>> };
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const documentOperations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([verb]) => VERBS.includes(verb))
    .map(([verb, op]) => ({ method: verb.toUpperCase(), path, op })),
);
/** Path templates compared without parameter names: `/test-suite/{suiteId}` ≡ `/test-suite/{x}`. */
const shape = (method: string, path: string) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;
const clientRoutes = listPlatformRoutes();
const byShape = new Map<string, RouteInfo[]>();
for (const r of clientRoutes) byShape.set(shape(r.method, r.path), [...(byShape.get(shape(r.method, r.path)) ?? []), r]);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('coverage of the document', () => {
  it('every operation of the document has exactly one client method', () => {
    const missing = documentOperations.filter((o) => byShape.get(shape(o.method, o.path))?.length !== 1);
    expect(missing.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(documentOperations).toHaveLength(137);
  });

  it('keeps the 88 routes of the seed that the document lacks', () => {
    const inDocument = new Set(documentOperations.map((o) => shape(o.method, o.path)));
    expect(clientRoutes.filter((r) => !inDocument.has(shape(r.method, r.path)))).toHaveLength(88);
  });
});

function methodAt(client: unknown, name: string): (...args: unknown[]) => Promise<unknown> {
  let target: any = client;
  for (const key of name.split('.')) target = target[key];
  return target;
}

describe('each client method sends what the document describes', () => {
  for (const { method, path, op } of documentOperations) {
    const route = byShape.get(shape(method, path))?.[0];
    it(`${method} ${path}`, async () => {
      expect(route, 'a client method for this operation').toBeDefined();
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const values = pathParams.map((name, i) => `${name}-${i} é/?`);
      const expectedPath = pathParams.reduce((p, name, i) => p.replace(`{${name}}`, encodeURIComponent(values[i]!)), path);
      const requiredQuery = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name);
      const query = Object.fromEntries(requiredQuery.map((name) => [name, `${name}-value`]));
      const media = Object.keys(op.requestBody?.content ?? {})[0];
      const body = { probe: 'ñ' };

      const args: unknown[] = [...values];
      // A body first, then a query: the order of the client's positional arguments.
      if (media === 'application/json' || route!.kind === 'json' || route!.kind === 'json-query') args.push(body);
      if (route!.kind === 'query' || route!.kind === 'json-query') args.push(query);
      if (media === 'multipart/form-data') args.push(new Blob(['x']), {});

      server.handle(json(200, {}));
      const client = createPlatformClient({ token: 't', baseUrl: server.url, retry: 0 });
      await methodAt(client, route!.name)(...args);
      const sent = server.requests.at(-1)!;
      const url = new URL(sent.url, 'http://x');

      expect(sent.method).toBe(method);
      expect(url.pathname).toBe(expectedPath);
      for (const name of requiredQuery) expect(url.searchParams.get(name), `query ${name}`).toBe(`${name}-value`);
      const type = String(sent.headers['content-type'] ?? '');
      if (media === 'application/json') {
        expect(type).toMatch(/^application\/json/);
        expect(JSON.parse(sent.body.toString('utf8'))).toEqual(body);
      } else if (media === 'multipart/form-data') {
        expect(type).toMatch(/^multipart\/form-data/);
      } else if (op.requestBody === undefined && (op.parameters ?? []).every((p) => p.name !== 'content-type')) {
        expect(sent.body.length, 'no body where the document declares none').toBe(0);
      }
    });
  }
});

describe('answers the document declares without a JSON body', () => {
  const downloads = documentOperations.filter((o) => o.op.responses['302'] && !o.op.responses['200']?.content);
  it('are the seven call artifact downloads, returned as Blobs', async () => {
    expect(downloads).toHaveLength(7);
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(Buffer.from([0x52, 0x49, 0x46, 0x46, 0xff]));
    });
    const client = createPlatformClient({ token: 't', baseUrl: server.url, retry: 0 });
    for (const { method, path } of downloads) {
      const route = byShape.get(shape(method, path))![0]!;
      const answer = await methodAt(client, route.name)('c1');
      expect(answer).toBeInstanceOf(Blob);
      expect(new Uint8Array(await (answer as Blob).arrayBuffer())).toEqual(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0xff]));
    }
  });
});
