// Refuses a Host header that names neither this service (PUBLIC_URL's host, the address it is
// bound to) nor a loopback name. A DNS-rebinding page reaches a developer's server under the
// attacker's own host name; this is where that stops.
import type { MiddlewareHandler } from 'hono';
import { refuse } from './api-error';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a Host header value ('example.com:3000' → 'example.com'), or null. */
function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = host ? hostnameOf(host) : null;
  if (!name) return false;
  return allowed.has(name) || LOOPBACK_NAMES.has(name) || name.endsWith('.localhost');
}

export function hostGuard(opts: { publicUrl: string; bindHost?: string }): MiddlewareHandler {
  const allowed = new Set([new URL(opts.publicUrl).hostname.toLowerCase()]);
  const bound = opts.bindHost ? hostnameOf(opts.bindHost.includes(':') && !opts.bindHost.startsWith('[') ? `[${opts.bindHost}]` : opts.bindHost) : null;
  if (bound && bound !== '0.0.0.0' && bound !== '[::]') allowed.add(bound);
  return async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), allowed)) return refuse(c, 403, 'Host no permitido');
    return next();
  };
}
