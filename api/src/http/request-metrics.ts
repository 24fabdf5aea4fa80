// Counts and times every request under its route's template ('/propuesta/:callId'), never the
// raw path: a label per path would let any client create series without end. tRPC calls are
// labelled by procedure when the path names one of ours; anything that matched no route of its
// own is one fixed label.
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Metrics } from '../metrics/metrics';
import { appRouter } from '../router';
import { TRPC_PREFIX } from './api-error';

/** The label of a request that no route of its own answered (an unknown path, a refused probe). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The label of a file served by a static root. */
export const STATIC_ROUTE = 'static';

const PROCEDURES: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));
const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route template that answered `c` (call after the handlers ran). */
export function routeLabel(c: Context, status: number): string {
  const template = routePath(c, c.req.routeIndex);
  if (template === '*' || template === '/*' || template === '') return status < 400 ? STATIC_ROUTE : UNMATCHED_ROUTE;
  if (template === `${TRPC_PREFIX}*`) {
    const procedure = c.req.path.slice(TRPC_PREFIX.length);
    return PROCEDURES.has(procedure) ? TRPC_PREFIX + procedure : status === 404 ? UNMATCHED_ROUTE : template;
  }
  // A prefix middleware or mount ('/sim/*', '/dev/*') that found nothing under it.
  if (status === 404 && template.endsWith('*')) return UNMATCHED_ROUTE;
  return template;
}

export function requestMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const status = c.res.status;
      const route = routeLabel(c, status);
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      metrics.httpRequests.inc({ method, route, status: String(status) });
      metrics.httpDuration.observe({ method, route }, (performance.now() - start) / 1000);
    }
  };
}
