import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The client's IP: the socket's address, or with trustProxy the last X-Forwarded-For hop. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    if (xff) {
      const hops = xff.split(',').map((s) => s.trim()).filter(Boolean);
      const nearest = hops.at(-1);
      if (nearest) return nearest;
    }
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
