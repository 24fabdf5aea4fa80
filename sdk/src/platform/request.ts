// One request: route + arguments → URL, headers and body → ky → parsed JSON or a typed error.
import ky from 'ky';
import { fromKyError, readBody } from './errors.js';
import { headerRecord, type RequestOptions, type ResolvedOptions } from './options.js';
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

/** Query objects: arrays become repeated keys, null/undefined are left out, dates become ISO. */
export function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, scalar(item));
    }
  }
  const text = search.toString();
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
  switch (route.kind) {
    case 'json':
      body = JSON.stringify(args[i++]);
      break;
    case 'query':
      path += toQueryString(args[i++]);
      break;
    case 'json-query':
      body = JSON.stringify(args[i++]);
      path += toQueryString(args[i++]);
      break;
    case 'multipart':
      body = toFormData(args[i] as Blob, args[i + 1], route.fileField);
      i += 2;
      break;
  }
  const options = (args[i] ?? {}) as RequestOptions;
  if (options.query) {
    const extra = toQueryString(options.query);
    if (extra) path += path.includes('?') ? `&${extra.slice(1)}` : extra;
  }

  // Later wins: defaults, the client's headers, the token, the call's headers.
  const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
  if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  if (route.auth && config.token) headers.authorization = `Bearer ${config.token}`;
  if (options.headers) Object.assign(headers, headerRecord(options.headers));

  const timeout = options.timeout ?? config.timeout;
  const policy = options.retry === undefined ? config.retry : retryPolicy(options.retry);
  try {
    const response = await ky(config.baseUrl + path, {
      method: route.method,
      headers,
      signal: options.signal,
      timeout,
      retry: policy(route.method),
      hooks: config.hooks,
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
