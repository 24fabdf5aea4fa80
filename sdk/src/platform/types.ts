// Derives every method's signature from its route: path parameters from the path template, the
// payload from the route's kind, and request/response types from the generated OpenAPI `paths`,
// or from `HandWritten` for routes that the document lacks.
import type { paths } from './generated/openapi.js';
import type { HandWritten } from './hand-written.js';
import type { RequestOptions } from './options.js';
import type { HttpMethod, PayloadKind, Route } from './route.js';

type Content<C> = C extends { content: { 'application/json': infer T } }
  ? T
  : C extends { content: { 'multipart/form-data': infer T } }
    ? T
    : C extends { content?: never }
      ? void
      : unknown;

/** The document's operation for a verb and path, or never. */
export type DocOperation<M extends HttpMethod, P extends string> = P extends keyof paths
  ? Lowercase<M> extends keyof paths[P]
    ? Exclude<paths[P][Lowercase<M>], undefined>
    : never
  : never;

type DocBody<O> = O extends { requestBody?: infer B } ? Content<NonNullable<B>> : never;
type DocQuery<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type DocResponse<O> = O extends { responses: infer R }
  ? R extends { 200: infer X }
    ? Content<X>
    : R extends { 201: infer X }
      ? Content<X>
      : R extends { 204: unknown }
        ? void
        : unknown
  : unknown;

type Entry = { body?: unknown; query?: unknown; fields?: unknown; response: unknown };
type Pick2<T, K extends string> = T extends { [P in K]: infer V } ? V : T extends { [P in K]?: infer V } ? V : never;

/** Request and response types of one route: hand-written when the document lacks the route. */
export type RouteTypes<M extends HttpMethod, P extends string> = `${M} ${P}` extends keyof HandWritten
  ? HandWritten[`${M} ${P}`] & Entry
  : {
      body: DocBody<DocOperation<M, P>>;
      query: DocQuery<DocOperation<M, P>>;
      fields: Omit<DocBody<DocOperation<M, P>>, 'file'>;
      response: DocResponse<DocOperation<M, P>>;
    };

/** True when the route has types, from the document or hand-written. */
export type IsTyped<M extends HttpMethod, P extends string> = `${M} ${P}` extends keyof HandWritten
  ? true
  : [DocOperation<M, P>] extends [never]
    ? false
    : true;

// Known parameter names get labelled tuple elements so editors show `get(id)`.
type Param<N extends string> = N extends 'id'
  ? [id: string]
  : N extends 'provider'
    ? [provider: string]
    : N extends 'suiteId'
      ? [suiteId: string]
      : N extends 'memberId'
        ? [memberId: string]
        : N extends 'workflowId'
          ? [workflowId: string]
          : N extends 'itemId'
            ? [itemId: string]
            : N extends 'fileId'
              ? [fileId: string]
              : N extends 'resourceName'
                ? [resourceName: string]
                : [string];

/** `'/a/{x}/b/{y}'` → `[x: string, y: string]`; `{y?}` makes the last one optional. */
export type PathParams<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N extends `${infer O}?`
    ? [...Partial<Param<O>>, ...PathParams<Rest>]
    : [...Param<N>, ...PathParams<Rest>]
  : [];

type Payload<K extends PayloadKind, T> = K extends 'json'
  ? [body: Pick2<T, 'body'>]
  : K extends 'query'
    ? [query?: Pick2<T, 'query'>]
    : K extends 'json-query'
      ? [body: Pick2<T, 'body'>, query: Pick2<T, 'query'>]
    : K extends 'multipart'
      ? Partial<Pick2<T, 'fields'>> extends Pick2<T, 'fields'>
        ? [file: Blob, fields?: Pick2<T, 'fields'>]
        : [file: Blob, fields: Pick2<T, 'fields'>]
      : [];

/** The method a route becomes. */
export type RouteMethod<M extends HttpMethod, P extends string, K extends PayloadKind> = (
  ...args: [...PathParams<P>, ...Payload<K, RouteTypes<M, P>>, options?: RequestOptions]
) => Promise<RouteTypes<M, P>['response']>;

/** One item of a list answer: an element of `results` in a page, or of a bare array. */
export type PageItem<R> = R extends { results: readonly (infer I)[] } ? I : R extends readonly (infer I)[] ? I : unknown;

/** The iterator a paging list route becomes: same arguments as `list`, yields every item of every page. */
export type PagesMethod<M extends HttpMethod, P extends string> = (
  ...args: [...PathParams<P>, query?: Pick2<RouteTypes<M, P>, 'query'>, options?: RequestOptions]
) => AsyncGenerator<PageItem<RouteTypes<M, P>['response']>, void, undefined>;

/** The client shape of a route table. */
export type ClientOf<T> = {
  readonly [N in keyof T]: T[N] extends Route<infer M, infer P> & { pages: true }
    ? PagesMethod<M, P>
    : T[N] extends Route<infer M, infer P, infer K>
      ? RouteMethod<M, P, K>
      : ClientOf<T[N]>;
};

/** Every route of a table as a union of Route types. */
export type RoutesOf<T> = {
  [N in keyof T]: T[N] extends Route ? T[N] : RoutesOf<T[N]>;
}[keyof T];
