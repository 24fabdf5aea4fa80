// CORS from an allow-list. A foreign origin gets no CORS headers at all (so the browser refuses
// to hand it the response), and its mutations are refused outright. Each refused origin is
// logged once, naming the variable that would allow it: an operator who forgot it otherwise
// only hears of 'Unknown error' in the widget.
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log';
import { refuse } from './api-error';

export interface CorsOptions {
  allowed: readonly string[];
  log?: Logger;
  allowHeaders?: string[];
  maxAgeSeconds?: number;
  /** Called for each write refused for its origin (metrics). */
  onRefused?: () => void;
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
  // Bounded, so a flood of made-up origins cannot grow it without end.
  const logged = new Set<string>();
  const noteRefused = (origin: string) => {
    if (logged.has(origin) || logged.size >= 1000) return;
    logged.add(origin);
    opts.log?.warn('origin refused', { origin, hint: `add it to ALLOWED_ORIGINS to embed the widget there` });
  };
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = !!origin && isAllowedOrigin(origin, allowed, c.req.header('host'));
    if (origin && !ok) noteRefused(origin);
    if (c.req.method === 'OPTIONS') {
      if (!ok) return c.body(null, 204, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': maxAge,
        Vary: 'Origin',
      });
    }
    if (origin && !ok && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      opts.onRefused?.();
      return refuse(c, 403, 'Origin not allowed', { Vary: 'Origin' });
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (ok) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', 'X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After');
    }
  };
}
