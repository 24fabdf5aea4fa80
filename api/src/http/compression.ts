// Compresses JSON and HTML answers over 1 KB (gzip, by Accept-Encoding). hono's compress
// measures the size by Content-Length, which JSON answers built in memory lack; they get one here
// first. Streamed bodies (static files, which carry their length or a precompressed copy) pass.
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const BUFFERED_TYPES = /^(application\/json|text\/html)/i;

export function compression(thresholdBytes = 1024): MiddlewareHandler[] {
  const knownLength: MiddlewareHandler = async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has('content-length') || res.headers.has('content-encoding')) return;
    if (!BUFFERED_TYPES.test(res.headers.get('content-type') ?? '')) return;
    const body = await res.arrayBuffer();
    c.res = new Response(body, res);
    c.res.headers.set('Content-Length', String(body.byteLength));
  };
  return [compress({ threshold: thresholdBytes }), knownLength];
}
