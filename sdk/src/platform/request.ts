// One request: route + arguments → URL, headers and body → ky → parsed JSON or a typed error.
import { fromKyError, readBody } from './errors.js';
import type { RequestOptions, ResolvedOptions } from './options.js';
import { retryPolicy } from './retry.js';
import type { Route } from './route.js';

interface CompiledRoute {
  route: Route;
  /** Literal path pieces around the parameters: pieces.length === params.length + 1. */
  pieces: string[];
  params: { name: string; optional: boolean }[];
}

const compiled = new WeakMap<Route, CompiledRoute>();

function compile(route: Route): CompiledRoute {
  let hit = compiled.get(route);
  if (!hit) {
    const pieces: string[] = [];
    const params: CompiledRoute['params'] = [];
    let last = 0;
    for (const m of route.path.matchAll(/\{(\w+)(\?)?\}/g)) {
      pieces.push(route.path.slice(last, m.index));
      params.push({ name: m[1]!, optional: m[2] === '?' });
      last = m.index + m[0].length;
    }
    pieces.push(route.path.slice(last));
    hit = { route, pieces, params };
    compiled.set(route, hit);
  }
  return hit;
}

/** Query objects into `search`: arrays become repeated keys, null/undefined are left out, dates become ISO. */
function appendQuery(search: URLSearchParams, query: unknown): URLSearchParams {
  for (const [key, value] of Object.entries(query && typeof query === 'object' ? query : {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) search.append(key, scalar(item));
  }
  return search;
}

/** A query object as a query string ('?a=1&b=2', or '' for none), encoded as every request encodes it. */
export function toQueryString(query: unknown): string {
  const text = appendQuery(new URLSearchParams(), query).toString();
  return text ? `?${text}` : '';
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

export function toFormData(file: Blob, fields: unknown, fileField = 'file'): FormData {
  const form = new FormData();
  form.append(fileField, file);
  if (fields && typeof fields === 'object') {
    for (const [key, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === undefined || item === null) continue;
        form.append(key, item instanceof Blob ? item : scalar(item));
      }
    }
  }
  return form;
}

/** Sends `route` with the positional `args` of its method. */
export async function send(config: ResolvedOptions, route: Route, args: unknown[]): Promise<unknown> {
  const { pieces, params } = compile(route);
  let i = 0;
  let path = pieces[0]!;
  for (let p = 0; p < params.length; p++) {
    const param = params[p]!;
    const value = args[i];
    if (param.optional && typeof value !== 'string' && typeof value !== 'number') {
      // `sync()`: drop the optional segment and the slash before it.
      path = path.replace(/\/$/, '');
    } else {
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new TypeError(`${route.method} ${route.path}: path parameter "${param.name}" must be a string`);
      }
      path += encodeURIComponent(value);
      i++;
    }
    path += pieces[p + 1];
  }

  let body: string | FormData | undefined;
  const searchParams = new URLSearchParams();
  switch (route.kind) {
    case 'json':
      body = JSON.stringify(args[i++]);
      break;
    case 'query':
      appendQuery(searchParams, args[i++]);
      break;
    case 'json-query':
      body = JSON.stringify(args[i++]);
      appendQuery(searchParams, args[i++]);
      break;
    case 'multipart':
      body = toFormData(args[i] as Blob, args[i + 1], route.fileField);
      i += 2;
      break;
  }
  const options = (args[i] ?? {}) as RequestOptions;
  appendQuery(searchParams, options.query);

  // Later wins: ky's instance (accept, the client's headers), the token, the call's headers.
  const headers = new Headers(route.auth && config.token ? { authorization: `Bearer ${config.token}` } : {});
  if (typeof body === 'string') headers.set('content-type', 'application/json');
  new Headers(options.headers).forEach((value, name) => headers.set(name, value));

  const timeout = options.timeout ?? config.timeout;
  const policy = options.retry === undefined ? config.retry : retryPolicy(options.retry);
  try {
    // ky's prefixUrl takes a path without its leading slash.
    const response = await config.ky(path.slice(1), {
      method: route.method,
      headers,
      searchParams: searchParams.size ? searchParams : undefined,
      signal: options.signal,
      timeout,
      retry: policy(route.method),
      fetch: sendBeside(config.fetch, body),
    });
    options.onResponse?.(response);
    return route.as === 'blob' ? await response.blob() : await readBody(response);
  } catch (error) {
    throw await fromKyError(error, timeout);
  }
}

/**
 * ky's fetch: the body goes to fetch beside ky, not through it. Given to ky, a body becomes a
 * stream in ky's Request, is teed by the clone ky keeps for a retry, and is piped again when fetch
 * copies that Request: most of what ky adds to a small POST. So ky's Request stays bodiless (its
 * clone cheap) and every attempt sends the string or FormData as it is, with the URL, verb,
 * headers and signal (timeout and abort) of ky's Request. The client's own `fetch` is called
 * the way it always was: a URL and an init.
 */
function sendBeside(fetchImpl: typeof globalThis.fetch | undefined, body: string | FormData | undefined): typeof globalThis.fetch {
  return (input, init) => {
    const request = input as Request;
    const own: RequestInit = { method: request.method, headers: request.headers, body, signal: request.signal, ...init };
    return fetchImpl ? fetchImpl(request.url, own) : globalThis.fetch(request.url, own);
  };
}
