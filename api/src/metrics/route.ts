// GET /metrics: the Prometheus text format. A scraper on this machine needs nothing; from
// elsewhere it must present `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the
// route does not exist beyond loopback (404, as for any unknown path), so an exposed port tells
// nobody what runs behind it.
import { Hono } from 'hono';
import promClient from 'prom-client';
import { hashToken, tokenMatches } from '../ids';
import { isLoopbackClient } from '../http/loopback-only';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

export function metricsRoute(metrics: Metrics, token: string | undefined) {
  const app = new Hono();
  const expected = token ? hashToken(token) : null;
  app.get('/', async (c) => {
    if (!isLoopbackClient(c)) {
      if (!expected) return c.text('No encontrado', 404);
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!presented || !tokenMatches(presented, expected)) return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer' });
    }
    return c.body(await metrics.scrape(), 200, { 'Content-Type': promClient.contentType, 'Cache-Control': 'no-store' });
  });
  return app;
}
