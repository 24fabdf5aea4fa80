// iterate() over paging list routes, against a real HTTP server that pages like the platform:
// `{ results, metadata }` with the document's PaginationMeta fields.
import { createPlatformClient } from '@helena/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Handler, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = () => createPlatformClient({ token: 't', baseUrl: server.url, retry: 0 });
const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: `item-${i}` }));

/** Offset pages of `limit` items, with currentPage/totalPages as the platform reports them. */
const offsetPages: Handler = (req, res) => {
  const q = new URL(req.url, 'http://x').searchParams;
  const page = Number(q.get('page') ?? 1);
  const limit = Number(q.get('limit') ?? 100);
  const results = ITEMS.slice((page - 1) * limit, page * limit);
  const metadata = { itemsPerPage: limit, totalItems: ITEMS.length, currentPage: page, totalPages: Math.ceil(ITEMS.length / limit) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ results, metadata }));
};

/** Keyset pages: an opaque nextCursor while more remain, none on the last page. */
const cursorPages: Handler = (req, res) => {
  const q = new URL(req.url, 'http://x').searchParams;
  const start = Number(q.get('cursor') ?? 0);
  const limit = Number(q.get('limit'));
  const results = ITEMS.slice(start, start + limit);
  const more = start + limit < ITEMS.length;
  const metadata = { itemsPerPage: limit, totalItems: ITEMS.length, currentPage: 1, ...(more ? { nextCursor: String(start + limit) } : {}) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ results, metadata }));
};

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterator) out.push(item);
  return out;
}

describe('iterate()', () => {
  it('walks every offset page and stops on the last', async () => {
    server.handle(offsetPages);
    const calls = await collect(client().v2.calls.iterate({ limit: 3, sortOrder: 'DESC' }));
    expect(calls).toEqual(ITEMS);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/call?limit=3&sortOrder=DESC',
      '/v2/call?limit=3&sortOrder=DESC&page=2',
      '/v2/call?limit=3&sortOrder=DESC&page=3',
    ]);
  });

  it('follows nextCursor when the platform gives one', async () => {
    server.handle(cursorPages);
    const items = await collect(client().evals.iterate({ limit: 4 }));
    expect(items).toEqual(ITEMS);
    expect(server.requests.map((r) => r.url)).toEqual(['/eval?limit=4', '/eval?limit=4&cursor=4']);
  });

  it('keeps path parameters on every page', async () => {
    server.handle(offsetPages);
    const items = await collect(client().v2.campaigns.iterateContacts('camp 1', { limit: 5 }));
    expect(items).toHaveLength(7);
    expect(server.requests.map((r) => r.url)).toEqual(['/v2/campaign/camp%201/contacts?limit=5', '/v2/campaign/camp%201/contacts?limit=5&page=2']);
  });

  it('asks for no further page once the consumer stops', async () => {
    server.handle(offsetPages);
    for await (const item of client().chats.iterate({ limit: 2 })) {
      if (item.id === 'item-2') break;
    }
    expect(server.requests).toHaveLength(2);
  });

  it('stops on an aborted signal between pages', async () => {
    server.handle(offsetPages);
    const controller = new AbortController();
    const seen: unknown[] = [];
    const walk = async () => {
      for await (const item of client().sessions.iterate({ limit: 2 }, { signal: controller.signal })) {
        seen.push(item);
        if (seen.length === 3) controller.abort();
      }
    };
    await expect(walk()).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(3);
    expect(server.requests).toHaveLength(2);
  });

  it('ends after one empty page', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results: [], metadata: { itemsPerPage: 10, totalItems: 0, currentPage: 1 } }));
    });
    expect(await collect(client().observability.scorecards.iterate())).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});
