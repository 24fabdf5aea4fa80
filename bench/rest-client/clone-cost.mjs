// bench/rest-client/clone-cost.mjs: where ky's per-request cost goes, by variant, on one local server.
//   node bench/rest-client/clone-cost.mjs [--duration=ms] [--concurrency=n] [--rounds=n]
// index.mjs runs it too and records its table. Each variant sends the same POST (a small JSON
// body) or GET. Two figures: requests per second, and the process's CPU time per request (client
// and server together; the server's share is the same for every variant), which a loaded machine
// disturbs less than throughput.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import ky from 'ky';
import { measure, median } from './measure.mjs';

/** Runs every variant, rounds interleaved; resolves to the rows of a markdown table. */
export async function cloneCost({ duration = 1000, concurrency = 16, rounds = 3 } = {}) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = '{"id":"asst_new","name":"Bench"}';
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/assistant`;
  const body = JSON.stringify({ name: 'Bench', firstMessage: 'Hola' });
  const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer bench' };
  const retry = (limit) => ({ limit, methods: ['get', 'put', 'delete', 'post', 'patch'] });
  /** ky sees no body (its Request, and every clone of it, is bodiless); fetch gets the string. */
  const bodyBeside = (request, init) => fetch(request.url, { method: request.method, headers: request.headers, body, signal: request.signal, ...init });
  const post = (options) => () => ky(url, { method: 'POST', headers, ...options }).then((r) => r.text());

  const variants = {
    'POST fetch(url, init), no ky': () => fetch(url, { method: 'POST', headers, body }).then((r) => r.text()),
    'POST ky, body given to ky, retry limit 2': post({ body, retry: retry(2) }),
    'POST ky, body given to ky, retry limit 0': post({ body, retry: retry(0) }),
    'POST ky, body beside ky through its fetch option, retry limit 2': post({ retry: retry(2), fetch: bodyBeside }),
    'POST ky, body beside ky through its fetch option, retry limit 0': post({ retry: retry(0), fetch: bodyBeside }),
    'GET fetch(url, init), no ky': () => fetch(url, { headers }).then((r) => r.text()),
    'GET ky, retry limit 2': () => ky(url, { headers, retry: retry(2) }).then((r) => r.text()),
    'GET ky, retry limit 0': () => ky(url, { headers, retry: retry(0) }).then((r) => r.text()),
  };
  const results = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (const fn of Object.values(variants)) await measure(fn, 300, concurrency);
  // Rounds interleave the variants so that a busy moment on a shared machine hits them all.
  for (let r = 0; r < rounds; r++) for (const [name, fn] of Object.entries(variants)) results[name].push(await measure(fn, duration, concurrency));
  server.close();
  return [
    `| variant (${concurrency} in flight, median of ${rounds} × ${duration} ms) | req/s | CPU µs per request |`,
    `|---|---:|---:|`,
    ...Object.entries(results).map(
      ([name, xs]) => `| ${name} | ${Math.round(median(xs.map((x) => x.rate)))} | ${Math.round(median(xs.map((x) => x.cpu)))} |`,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const rows = await cloneCost({ duration: arg('duration', 1000), concurrency: arg('concurrency', 16), rounds: arg('rounds', 3) });
  console.log(rows.join('\n'));
}
