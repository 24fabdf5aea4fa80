// One case per route of the client: how to call it and what must arrive at the server. Kept free of
// any particular server so the same cases can run against the platform simulator.
import { listPlatformRoutes, type PlatformClient, type RouteInfo } from '@helena/sdk';
import { expect } from 'vitest';

export interface SentRequest {
  method: string;
  /** Path and query as sent (still percent-encoded). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RouteCase {
  route: RouteInfo;
  /** A readable label: `calls.get GET /call/{id}`. */
  label: string;
  call(client: PlatformClient): Promise<unknown>;
  /** Asserts what reached the server. */
  check(sent: SentRequest): Promise<void>;
}

export const TOKEN = 'test-token';

/** Each path parameter gets a value that needs encoding: space, slash, question mark, é. */
const paramValue = (name: string) => `${name} x/y?é`;
const paramEncoded = (name: string) => `${name}%20x%2Fy%3F%C3%A9`;

export const JSON_BODY = { name: 'Señora Ada', nested: { n: 1 }, list: ['a', 'b'] };
export const QUERY = { limit: 5, id: ['a b', 'c&d'], flag: true, skipped: undefined };
export const QUERY_STRING = 'limit=5&id=a+b&id=c%26d&flag=true';
export const FILE_TEXT = 'hello, file';
export const FIELDS = { name: 'voice one', purpose: 'knowledge-base' };

function methodAt(client: PlatformClient, name: string): (...args: unknown[]) => Promise<unknown> {
  let target: any = client;
  for (const key of name.split('.')) target = target[key];
  expect(target, `client.${name}`).toBeTypeOf('function');
  return target;
}

export function routeCases(): RouteCase[] {
  return listPlatformRoutes().map((route) => {
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const args: unknown[] = params.map(paramValue);
    const expectedPath = params.reduce((p, name) => p.replace(`{${name}}`, paramEncoded(name)), route.path);
    let expectedUrl = expectedPath;
    if (route.kind === 'json' || route.kind === 'json-query') args.push(JSON_BODY);
    if (route.kind === 'json-query') {
      args.push(QUERY);
      expectedUrl += `?${QUERY_STRING}`;
    }
    if (route.kind === 'query') {
      args.push(QUERY);
      expectedUrl += `?${QUERY_STRING}`;
    }
    if (route.kind === 'multipart') args.push(new File([FILE_TEXT], 'sample.txt', { type: 'text/plain' }), FIELDS);
    args.push({ headers: { 'x-case': route.name } });

    return {
      route,
      label: `${route.name} ${route.method} ${route.path}`,
      call: (client) => methodAt(client, route.name)(...args),
      async check(sent) {
        expect(sent.method).toBe(route.method);
        expect(sent.url).toBe(expectedUrl);
        expect(sent.headers['x-case']).toBe(route.name);
        if (route.auth) expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
        else expect(sent.headers.authorization).toBeUndefined();

        const type = String(sent.headers['content-type'] ?? '');
        if (route.kind === 'json' || route.kind === 'json-query') {
          expect(type).toMatch(/^application\/json/);
          expect(JSON.parse(sent.body.toString('utf8'))).toEqual(JSON_BODY);
        } else if (route.kind === 'multipart') {
          expect(type).toMatch(/^multipart\/form-data; boundary=/);
          const form = await new Response(new Uint8Array(sent.body), { headers: { 'content-type': type } }).formData();
          const file = form.get(route.path === '/11labs/voice/clone' ? 'files' : 'file');
          expect(file).toBeInstanceOf(Blob);
          expect(await (file as Blob).text()).toBe(FILE_TEXT);
          expect((file as File).name).toBe('sample.txt');
          for (const [k, v] of Object.entries(FIELDS)) expect(form.get(k)).toBe(v);
        } else {
          expect(sent.body.length).toBe(0);
          expect(type).toBe('');
        }
      },
    };
  });
}
