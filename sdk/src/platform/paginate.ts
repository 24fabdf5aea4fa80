// Walks a paging list route page by page. The platform's pages are `{ results, metadata }` where
// metadata carries either an opaque `nextCursor` (keyset pagination: sent back as `cursor`) or
// `currentPage`/`totalPages`/`hasNextPage` (offset pagination: the next `page` is asked for).
// Some list routes answer a bare array yet take `page` and `limit`; those are walked page by page
// until a short page.
import type { RequestOptions } from './options.js';
import type { Route } from './route.js';

interface PageMeta {
  currentPage?: number;
  totalPages?: number;
  totalItems?: number;
  itemsPerPage?: number;
  hasNextPage?: boolean;
  nextCursor?: string;
}

type Query = Record<string, unknown>;

/** The query for the page after `page`, or undefined when `page` was the last one. */
export function nextPageQuery(query: Query, page: unknown): Query | undefined {
  if (!page || typeof page !== 'object' || Array.isArray(page)) return undefined;
  const { results, metadata } = page as { results?: unknown[]; metadata?: PageMeta };
  if (!Array.isArray(results) || results.length === 0 || !metadata) return undefined;
  if (metadata.nextCursor) return { ...query, cursor: metadata.nextCursor };
  // Under keyset pagination the last page is the one without a cursor.
  if (query.cursor !== undefined) return undefined;
  if (metadata.hasNextPage === false) return undefined;
  const current = metadata.currentPage ?? (typeof query.page === 'number' ? query.page : 1);
  const total =
    metadata.totalPages ??
    (metadata.totalItems !== undefined && metadata.itemsPerPage
      ? Math.ceil(metadata.totalItems / metadata.itemsPerPage)
      : undefined);
  if (total === undefined ? metadata.hasNextPage !== true : current >= total) return undefined;
  return { ...query, page: current + 1 };
}

/**
 * Every item of every page of `route`, fetched lazily: the next page is requested only when the
 * consumer has taken the previous page's items. `args` are the list method's own arguments (path
 * parameters, then the query, then request options); `signal` stops the walk between pages and
 * aborts the request in flight.
 *
 * A bare-array answer is one page of `page`/`limit` paging. The page after it is asked for while
 * pages are full: as long as the `limit` sent, or, without one, as long as the first page (the
 * platform's default size, which its document states only in prose). An empty page, a shorter
 * one, or the same page again (a server that ignores `page`) ends the walk.
 */
export async function* iteratePages(
  route: Route,
  args: unknown[],
  fetchPage: (args: unknown[]) => Promise<unknown>,
): AsyncGenerator<unknown, void, undefined> {
  const at = route.path.split('{').length - 1;
  const head = args.slice(0, at);
  let query: Query | undefined = { ...(args[at] as Query | undefined) };
  const options = args[at + 1] as RequestOptions | undefined;
  let size = Number(query.limit) > 0 ? Number(query.limit) : undefined;
  let lastFirst: string | undefined;
  while (query) {
    options?.signal?.throwIfAborted();
    const page = await fetchPage([...head, query, options]);
    const bare = Array.isArray(page);
    const items = bare ? (page as unknown[]) : ((page as { results?: unknown[] } | undefined)?.results ?? []);
    const first = bare && items.length > 0 ? JSON.stringify(items[0]) : undefined;
    if (first !== undefined && first === lastFirst) return;
    lastFirst = first;
    for (const item of items) {
      options?.signal?.throwIfAborted();
      yield item;
    }
    if (!bare) query = nextPageQuery(query, page);
    else {
      size ??= items.length;
      query = items.length > 0 && items.length >= size ? { ...query, page: (Number(query.page) || 1) + 1 } : undefined;
    }
  }
}
