// Whether a form POST comes from this server's own page, for forms that act on a capability link
// (erasure, accepting a proposal): another site's page must not be able to submit them.
import type { Context } from 'hono';

/**
 * Sec-Fetch-Site where the browser sends it, else the Origin (this server's public or own
 * origin). A request with neither is not a browser's form (a script holding the link): the link
 * is then the whole check.
 */
export function fromOwnPage(c: Context, publicUrl: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = c.req.header('origin');
  if (!origin) return true;
  return origin === new URL(publicUrl).origin || origin === new URL(c.req.url).origin;
}
