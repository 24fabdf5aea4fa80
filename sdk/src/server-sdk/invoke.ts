// One call of the layer: a 2.0.1 request object and request options → the platform client's
// `send` (its route table, ky, retries, timeouts) → `{ data, rawResponse }` or a VapiError.
import { resolveOptions, type RequestOptions, type ResolvedOptions } from '../platform/options.js';
import { send } from '../platform/request.js';
import { toRawResponse, toVapiError } from './errors.js';
import type { Operation } from './operations.js';
import { supplied, VapiEnvironment, type BaseClientOptions, type BaseRequestOptions, type HeaderValues, type WithRawResponse } from './options.js';

/** 2.0.1's default per-attempt timeout, in seconds. */
const DEFAULT_TIMEOUT_SECONDS = 60;

/** A client's options, resolved once where they are plain values. */
export interface ClientState {
  readonly options: BaseClientOptions;
  /** The platform client's options when token, base URL and headers are plain values. */
  readonly fixed: ResolvedOptions | undefined;
}

const isPlain = (value: unknown): boolean => value === undefined || typeof value === 'string';

/** Resolves what can be resolved now; suppliers are read per request. */
export function clientState(options: BaseClientOptions): ClientState {
  const headersPlain = Object.values(options.headers ?? {}).every((value) => value === null || isPlain(value));
  const fixed =
    isPlain(options.token) && isPlain(options.baseUrl) && isPlain(options.environment) && headersPlain
      ? resolveClient(options, options.token as string, (options.baseUrl ?? options.environment) as string | undefined, options.headers as Record<string, string> | undefined)
      : undefined;
  return { options, fixed };
}

function resolveClient(options: BaseClientOptions, token: string, baseUrl: string | undefined, headers: Record<string, string> | undefined): ResolvedOptions {
  return resolveOptions({
    token,
    baseUrl: baseUrl ?? VapiEnvironment.Default,
    timeout: (options.timeoutInSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    retry: options.maxRetries ?? 2,
    fetch: options.fetch,
    headers: definedHeaders(headers),
  });
}

async function currentConfig({ options }: ClientState): Promise<ResolvedOptions> {
  const [token, baseUrl, environment, headers] = await Promise.all([
    supplied(options.token),
    options.baseUrl === undefined ? undefined : supplied(options.baseUrl),
    options.environment === undefined ? undefined : supplied(options.environment),
    resolveHeaders(options.headers),
  ]);
  return resolveClient(options, token, baseUrl ?? environment, headers);
}

async function resolveHeaders(headers: HeaderValues | undefined): Promise<Record<string, string> | undefined> {
  if (!headers) return undefined;
  const entries = await Promise.all(Object.entries(headers).map(async ([name, value]) => [name, value == null ? value : await supplied(value)] as const));
  return definedHeaders(Object.fromEntries(entries));
}

const definedHeaders = (headers: Record<string, string | null | undefined> | undefined): Record<string, string> | undefined =>
  headers && (Object.fromEntries(Object.entries(headers).filter(([, value]) => value != null)) as Record<string, string>);

const paramNames = new WeakMap<Operation, string[]>();

/** The positional arguments of the route's method, from a 2.0.1 request object. */
function toArgs(operation: Operation, request: Record<string, unknown> | undefined): unknown[] {
  let names = paramNames.get(operation);
  if (!names) paramNames.set(operation, (names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)));
  const rest: Record<string, unknown> = { ...request };
  const args: unknown[] = [];
  for (const name of names) {
    args.push(rest[name]);
    delete rest[name];
  }
  switch (operation.kind) {
    case 'query':
      args.push(rest);
      break;
    case 'json':
      args.push(operation.bodiless ? undefined : operation.wrapped && 'body' in rest ? rest.body : rest);
      break;
    case 'json-query': {
      const query: Record<string, unknown> = {};
      for (const name of operation.query ?? []) {
        query[name] = rest[name];
        delete rest[name];
      }
      args.push(rest, query);
      break;
    }
    case 'multipart': {
      const { file, ...fields } = rest;
      args.push(file, fields);
      break;
    }
  }
  return args;
}

/** Sends one 2.0.1 call through the platform client and answers as 2.0.1 does. */
export async function invoke(
  state: ClientState,
  operation: Operation,
  request: Record<string, unknown> | undefined,
  requestOptions: BaseRequestOptions | undefined,
): Promise<WithRawResponse<unknown>> {
  const signal = requestOptions?.abortSignal;
  try {
    const config = state.fixed ?? (await currentConfig(state));
    const headers = requestOptions?.headers && (await resolveHeaders(requestOptions.headers));
    const args = toArgs(operation, request);
    // Loaded only when used: a bundle that never uploads or never sets `fetcher` fetches neither.
    if (operation.kind === 'multipart') args[args.length - 2] = await (await import('./upload.js')).toUpload(args[args.length - 2]);
    let raw: Response | undefined;
    const timeout = requestOptions?.timeoutInSeconds === undefined ? undefined : requestOptions.timeoutInSeconds * 1000;
    const options: RequestOptions = {
      signal,
      timeout,
      retry: requestOptions?.maxRetries,
      headers,
      query: requestOptions?.queryParams,
      onResponse: (response) => (raw = response),
    };
    const fetcher = state.options.fetcher;
    // A `fetcher` does its own retries and timeout, so the platform client does neither.
    const effective = fetcher
      ? { ...config, fetch: (await import('./fetcher.js')).fetcherAsFetch(fetcher, { timeoutMs: timeout ?? config.timeout, maxRetries: options.retry ?? state.options.maxRetries, signal, fetchFn: state.options.fetch }) }
      : config;
    if (fetcher) Object.assign(options, { retry: 0, timeout: false });
    const data = await send(effective, operation, [...args, options]);
    return { data, rawResponse: toRawResponse(raw!) };
  } catch (error) {
    throw toVapiError(error, operation.method, operation.path, signal);
  }
}
