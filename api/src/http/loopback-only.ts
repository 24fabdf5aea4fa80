// Developer surfaces (the local mail inbox) answer only a client on this machine: the socket's
// own address, never a forwarded header.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** True when the TCP peer is this machine (X-Forwarded-For and the like are not looked at). */
export function isLoopbackClient(c: Context): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  return !!address && LOOPBACK.test(address);
}

export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!isLoopbackClient(c)) return c.text('No encontrado', 404);
    return next();
  };
}
