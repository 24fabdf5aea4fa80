// Static files (the demo site, the widget bundle). Hashed file names are cached for a year;
// everything else is revalidated (ETag). Public files carry CORP cross-origin and ACAO * so the
// widget loads on any site.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Stats } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_EXTENSIONS } from './precompress';

export interface StaticRoot {
  /** URL prefix, e.g. '/' or '/assets'. */
  prefix: string;
  /** Directory on disk. */
  dir: string;
  /** File served for a directory (default index.html). */
  index?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/**
 * A content hash in the name: esbuild's 8 upper-case base32 characters (`ui-DGJEQPRK.js`, about
 * one in five has no digit), or 8+ letters and digits mixed (`index.3f9a2b1c.css`).
 */
export function isHashedName(name: string): boolean {
  const hash = /[.-]([A-Za-z0-9_]{8,})\.[A-Za-z0-9]+$/.exec(name)?.[1];
  if (!hash) return false;
  return /^[A-Z2-7]{8}$/.test(hash) || (/\d/.test(hash) && /[A-Za-z]/.test(hash));
}

export function serveStatic(root: StaticRoot): MiddlewareHandler {
  const dir = resolve(root.dir);
  const prefix = root.prefix.endsWith('/') ? root.prefix : root.prefix + '/';
  const index = root.index ?? 'index.html';
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    if (!(path + '/').startsWith(prefix) && path !== prefix.slice(0, -1)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(path.slice(prefix.length - 1));
    } catch {
      return next();
    }
    if (rel.includes('\0') || rel.split(/[\\/]/).some((seg) => seg === '..')) return next();
    let file = resolve(join(dir, rel));
    if (file !== dir && !file.startsWith(dir + sep)) return next();
    let st = await stat(file).catch(() => null);
    if (st?.isDirectory()) {
      file = join(file, index);
      st = await stat(file).catch(() => null);
    }
    if (!st || !st.isFile()) return next();

    const name = file.slice(file.lastIndexOf(sep) + 1);
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // A copy precompressed at build, when the client accepts it (brotli first).
    const compressible = COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase());
    const encoding = compressible ? await precompressed(file, st.mtimeMs, c.req.header('accept-encoding')) : null;
    if (encoding) {
      file = encoding.file;
      st = encoding.stat;
    }
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? '-' + encoding.name : ''}"`;
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': isHashedName(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
      'Last-Modified': st.mtime.toUTCString(),
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding.name } : {}),
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    headers['Content-Length'] = String(st.size);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream;
    return c.body(body, 200, headers);
  };
}

/** Whether `header` (Accept-Encoding) accepts `name` with a non-zero q. */
function accepts(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (token.trim() !== name) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The `.br` or `.gz` sibling of `file` the client accepts, when it is at least as new as the file. */
async function precompressed(file: string, mtimeMs: number, header: string | undefined): Promise<{ name: string; file: string; stat: Stats } | null> {
  for (const [name, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepts(header, name)) continue;
    const st = await stat(file + ext).catch(() => null);
    if (st?.isFile() && st.mtimeMs >= mtimeMs) return { name, file: file + ext, stat: st };
  }
  return null;
}
