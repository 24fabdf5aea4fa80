// The Postmark-compatible sink (api/src/mail/sink.ts) in a worker thread of its own, so the load
// generator's busy event loop does not slow the server's mail sends. Loopback only, no message cap.
// workerData: { token, counters: SharedArrayBuffer(Int32 × 2) } → counters[0] = messages stored,
// counters[1] = sends the sink refused; posts { port } once it listens; the parent ends it with worker.terminate(). Its inbox: GET /dev/mail.json.
import { parentPort, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { tsImport } from 'tsx/esm/api';

// tsx's `--import tsx` hooks do not reach worker threads: load the TypeScript sink through its API.
const { createPostmarkSink } = await tsImport('@helena/api/mail/sink', import.meta.url);

const counters = new Int32Array(workerData.counters);
const sink = createPostmarkSink({ token: workerData.token, maxMessages: Number.POSITIVE_INFINITY });
const app = new Hono();
app.use('*', async (c, next) => {
  await next();
  if (!c.req.path.startsWith('/email')) return;
  if (c.res.status !== 200) Atomics.add(counters, 1, 1);
  Atomics.store(counters, 0, sink.messages.length);
});
app.route('/', sink.api);
app.route('/dev', sink.inbox);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  parentPort.postMessage({ port: server.address().port });
});
