// Developer surfaces (the local mail inbox) answer only a client on this machine: the socket's
// own address, never a forwarded header.
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    let address: string | undefined;
    try {
      address = getConnInfo(c).remote.address;
    } catch {
      address = undefined;
    }
    if (!address || !LOOPBACK.test(address)) return c.text('No encontrado', 404);
    return next();
  };
}
