// Refusals on /api answer in the shape their client reads: tRPC's error envelope on /api/trpc
// (so the widget shows the message, not 'Unknown error'), `{ error }` elsewhere.
import type { Context } from 'hono';

/** tRPC's JSON-RPC codes for the HTTP refusals made before a procedure runs. */
const RPC_CODES: Record<400 | 403 | 404 | 413 | 429, [number, string]> = {
  400: [-32600, 'BAD_REQUEST'],
  403: [-32003, 'FORBIDDEN'],
  404: [-32004, 'NOT_FOUND'],
  413: [-32022, 'PAYLOAD_TOO_LARGE'],
  429: [-32029, 'TOO_MANY_REQUESTS'],
};

export const TRPC_PREFIX = '/api/trpc/';

/** A refusal with `status` and `message`, in the right shape for the request's path. */
export function refuse(c: Context, status: 400 | 403 | 404 | 413 | 429, message: string, headers: Record<string, string> = {}): Response {
  if (c.req.path.startsWith(TRPC_PREFIX)) {
    const [code, name] = RPC_CODES[status];
    const body = { error: { message, code, data: { code: name, httpStatus: status, path: c.req.path.slice(TRPC_PREFIX.length) } } };
    return c.json(body, status, headers);
  }
  return c.json({ error: message }, status, headers);
}
