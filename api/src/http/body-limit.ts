// The request body limit: a declared Content-Length is checked at once; a chunked body is
// counted as it is read (hono's bodyLimit).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { refuse } from './api-error';

export const BODY_LIMIT_BYTES = 64 * 1024;

export function requestBodyLimit(maxBytes = BODY_LIMIT_BYTES): MiddlewareHandler {
  // Refused before its body is read: the connection closes, or the unread bytes left on a
  // kept-alive socket would be taken for the client's next request.
  const tooLarge = (c: Context) => refuse(c, 413, 'Payload too large', { Connection: 'close' });
  const streaming = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length) || Number(length) > maxBytes) return tooLarge(c);
      return next();
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    return streaming(c, next);
  };
}
