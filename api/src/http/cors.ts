// CORS from an allow-list. A foreign origin gets no CORS headers at all (so the browser refuses
// to hand it the response), and its mutations are refused outright.
import type { MiddlewareHandler } from 'hono';

export interface CorsOptions {
  allowed: readonly string[];
  allowHeaders?: string[];
  maxAgeSeconds?: number;
}

/** The request's own origin, from its Host header (same-origin requests always pass). */
function ownOrigins(host: string | undefined): string[] {
  return host ? [`http://${host}`, `https://${host}`] : [];
}

export function isAllowedOrigin(origin: string, allowed: ReadonlySet<string>, host: string | undefined): boolean {
  return allowed.has(origin) || ownOrigins(host).includes(origin);
}

export function corsAllowList(opts: CorsOptions): MiddlewareHandler {
  const allowed = new Set(opts.allowed);
  const allowHeaders = (opts.allowHeaders ?? ['content-type', 'x-request-id']).join(', ');
  const maxAge = String(opts.maxAgeSeconds ?? 600);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = !!origin && isAllowedOrigin(origin, allowed, c.req.header('host'));
    if (c.req.method === 'OPTIONS') {
      if (!ok) return c.body(null, 204, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin!,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': maxAge,
        Vary: 'Origin',
      });
    }
    if (origin && !ok && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json({ error: 'Origin not allowed' }, 403, { Vary: 'Origin' });
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (ok) {
      c.res.headers.set('Access-Control-Allow-Origin', origin!);
      c.res.headers.set('Access-Control-Expose-Headers', 'X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After');
    }
  };
}
