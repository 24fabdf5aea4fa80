// A route is data: verb, path template, how its payload travels, and whether it is authenticated.
// Resource files declare tables of routes; `build.ts` turns a table into methods and `types.ts`
// derives each method's signature from the same table.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the payload argument travels:
 * - `json`: a required body, sent as JSON;
 * - `query`: an optional query object (arrays as repeated keys);
 * - `multipart`: a Blob/File plus optional fields, sent as FormData;
 * - `json-query`: a required body, then a query object (routes that take both);
 * - `none`: no payload.
 */
export type PayloadKind = 'json' | 'query' | 'multipart' | 'json-query' | 'none';

export interface Route<M extends HttpMethod = HttpMethod, P extends string = string, K extends PayloadKind = PayloadKind> {
  readonly method: M;
  /** `{name}` marks a path parameter, `{name?}` an optional trailing one. */
  readonly path: P;
  readonly kind: K;
  /** False only for routes sent without the bearer token. */
  readonly auth: boolean;
  /** Multipart routes: the form field that carries the file (default `file`). */
  readonly fileField?: string;
  /** `blob`: the answer is a file (a recording, a capture), returned as a Blob instead of parsed JSON. */
  readonly as?: 'blob';
  /** Set by `pages()`: the method walks every page of this list route instead of returning one. */
  readonly pages?: true;
}

export interface RouteTable {
  readonly [name: string]: Route | RouteTable;
}

export const route = <const M extends HttpMethod, const P extends string, const K extends PayloadKind = 'none'>(
  method: M,
  path: P,
  kind?: K,
  extra?: { auth?: boolean; fileField?: string; as?: 'blob' },
): Route<M, P, K> => ({
  method,
  path,
  kind: (kind ?? 'none') as K,
  auth: extra?.auth ?? true,
  fileField: extra?.fileField,
  as: extra?.as,
});

/** A paging list route as an async iterator over its items: `for await (const x of ns.iterate(q))`. */
export const pages = <const R extends Route>(list: R): R & { readonly pages: true } => ({ ...list, pages: true });

/** `crud(base)` plus `iterate`, for collections whose list answers `{ results, metadata }` pages. */
export const pagedCrud = <const P extends string>(base: P) => {
  const routes = crud(base);
  return { ...routes, iterate: pages(routes.list) };
};

/** The five standard routes of a collection: create, list, get, update (PATCH), delete. */
export const crud = <const P extends string>(base: P) => ({
  create: route('POST', base, 'json'),
  list: route('GET', base, 'query'),
  get: route('GET', `${base}/{id}` as const),
  update: route('PATCH', `${base}/{id}` as const, 'json'),
  delete: route('DELETE', `${base}/{id}` as const),
});

export const isRoute = (value: Route | RouteTable): value is Route => typeof value.method === 'string';
