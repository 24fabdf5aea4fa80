// Compression: static files precompressed at build and served by encoding; JSON and HTML over
// 1 KB compressed on the fly. Node's http client is used, so nothing decodes behind our back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, tempDir } from './helpers';
import { precompressDir } from '../src/http/precompress';
import type { RunningServer } from '../src/server';

let tmp: ReturnType<typeof tempDir>;
let srv: RunningServer;
const script = 'export const text = ' + JSON.stringify('hola '.repeat(2000)) + ';\n';

beforeAll(async () => {
  tmp = tempDir();
  const site = join(tmp.dir, 'site');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'chunk-AB12CD34.js'), script);
  writeFileSync(join(site, 'tiny.js'), 'export {};');
  expect(await precompressDir(site)).toBe(1);
  srv = await startTestServer({ DATABASE_PATH: join(tmp.dir, 'c.db') }, { staticRoots: [{ prefix: '/', dir: site }] });
});
afterAll(async () => {
  await srv?.close();
  tmp?.cleanup();
});

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const u = new URL(srv.url);
    const req = request({ host: u.hostname, port: u.port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('a static file: the brotli or gzip copy made at build, by Accept-Encoding, with Vary', async () => {
    const br = await get('/chunk-AB12CD34.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await get('/chunk-AB12CD34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/chunk-AB12CD34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(br.headers.etag).not.toBe(plain.headers.etag);

    const refused = await get('/chunk-AB12CD34.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('JSON over 1 KB is compressed; a small answer is not', async () => {
    const data = { notes: 'conversación '.repeat(200) };
    const created = await fetch(`${srv.url}/api/trpc/vapi_call.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vapi_id: 'vapi-big', initial_data: data, status: 'active' }),
    });
    expect(created.status).toBe(200);
    const input = (vapiId: string) => encodeURIComponent(JSON.stringify({ vapi_id: vapiId }));
    const big = await get(`/api/trpc/vapi_call.getByVapiId?input=${input('vapi-big')}`, 'gzip');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.body).toString()).result.data.initial_data).toEqual(data);
    const small = await get(`/api/trpc/vapi_call.getByVapiId?input=${input('nope')}`, 'gzip');
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    const health = await get('/healthz', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});
