// The per-client request budget at the HTTP edge: every /api and /sim request counts, by method
// class. The stricter budget of mail-sending procedures is counted inside tRPC, on the path it
// resolved (see trpc.ts); /api/email is one fixed route, so it is counted here.
import type { Context, MiddlewareHandler } from 'hono';
import { refuse } from './api-error';
import type { AppEnv } from './access-log';
import type { LimitClass, RateLimits } from './rate-limits';

const classOf = (c: Context<AppEnv>): LimitClass | null => {
  const m = c.req.method;
  if (m === 'OPTIONS' || m === 'HEAD') return null;
  if (c.req.path === '/api/email') return m === 'POST' ? 'strict' : null;
  return m === 'GET' ? 'query' : 'mutation';
};

export function rateLimit(limits: RateLimits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cls = classOf(c);
    if (!cls) return next();
    const verdict = await limits.consume(cls, cls === 'strict' ? `${c.req.path}:${c.get('ip')}` : c.get('ip'));
    if (!verdict.allowed) {
      return refuse(c, 429, 'Demasiadas solicitudes, inténtalo más tarde', {
        'Retry-After': String(verdict.retryAfterSeconds),
        'RateLimit-Limit': String(verdict.limit),
        'RateLimit-Remaining': '0',
      });
    }
    await next();
    c.res.headers.set('RateLimit-Limit', String(verdict.limit));
    c.res.headers.set('RateLimit-Remaining', String(verdict.remaining));
    c.res.headers.set('RateLimit-Reset', String(verdict.resetSeconds));
  };
}
