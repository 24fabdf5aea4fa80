// Refusals on /api answer in the shape their client reads: tRPC's error envelope on /api/trpc
// (so the widget shows the message, not 'Unknown error'), `{ error }` elsewhere.
import type { Context } from 'hono';

/** tRPC's JSON-RPC codes for the HTTP refusals made before a procedure runs. */
const RPC_CODES: Record<400 | 403 | 404 | 413 | 429 | 503, [number, string]> = {
  400: [-32600, 'BAD_REQUEST'],
  403: [-32003, 'FORBIDDEN'],
  404: [-32004, 'NOT_FOUND'],
  413: [-32022, 'PAYLOAD_TOO_LARGE'],
  429: [-32029, 'TOO_MANY_REQUESTS'],
  503: [-32603, 'SERVICE_UNAVAILABLE'],
};

export const TRPC_PREFIX = '/api/trpc/';

/** A refusal with `status` and `message`, in the right shape for the request's path. */
export function refuse(c: Context, status: 400 | 403 | 404 | 413 | 429 | 503, message: string, headers: Record<string, string> = {}): Response {
  if (c.req.path.startsWith(TRPC_PREFIX)) {
    const [code, name] = RPC_CODES[status];
    const body = { error: { message, code, data: { code: name, httpStatus: status, path: c.req.path.slice(TRPC_PREFIX.length) } } };
    return c.json(body, status, headers);
  }
  return c.json({ error: message }, status, headers);
}

/** What a visitor reads while the database is away. */
export const UNAVAILABLE_MESSAGE = 'El servicio no está disponible ahora mismo; inténtalo de nuevo en unos segundos';

/** 503 with Retry-After: JSON on /api (tRPC's shape on /api/trpc), a short page elsewhere. */
export function databaseUnavailable(c: Context, retryAfterSeconds: number): Response {
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
  if (c.req.path.startsWith('/api/')) return refuse(c, 503, UNAVAILABLE_MESSAGE, headers);
  return c.text(UNAVAILABLE_MESSAGE, 503, headers);
}
