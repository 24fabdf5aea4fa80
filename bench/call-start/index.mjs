// bench/call-start: start() → call-start-success, WebCallClient against @vapi-ai/web 2.7.1, in
// one run, on the same fake call objects and the same local platform server, with these costs:
//   POST /call/web 500 ms · load() 300 ms · startCamera() 200 ms
//   join() 400 ms, plus the load and camera costs when they were not paid before.
// The reference pays them in sequence (500 + 400 + 300 + 200 = 1400 ms). WebCallClient overlaps
// the request with the call object's load and microphone (max(500, 300 + 200) + 400 = 900 ms).
// Goal: ≤ 0.7× the reference.
//
//   node --import tsx bench/call-start/index.mjs [--rounds N] [--write]
// --write replaces the "## call-start" section of bench/RESULTS.md.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { writeResultsSection } from '../results.mjs';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const ROUNDS = (roundsAt >= 0 && Number(args[roundsAt + 1])) || 5;
const WRITE = args.includes('--write');
const COSTS = { post: 500, load: 300, startCamera: 200, join: 400 };
const root = new URL('../../', import.meta.url);

const { WebCallClient } = await import(new URL('sdk/src/web/index.ts', root).href);
const { createFakeCallObjectFactory } = await import(new URL('sdk/src/testing/fake-call-object.ts', root).href);

// The reference, with a fake @daily-co/daily-js in the require cache.
const require = createRequire(import.meta.url);
const vapiEntry = require.resolve('@vapi-ai/web');
const requireFromVapi = createRequire(vapiEntry);
const dailyPath = requireFromVapi.resolve('@daily-co/daily-js');
let currentFactory = null;
requireFromVapi.cache[dailyPath] = {
  id: dailyPath,
  filename: dailyPath,
  loaded: true,
  exports: { __esModule: true, default: { createCallObject: (o) => currentFactory(o) } },
  children: [],
  paths: [],
};
const Vapi = require('@vapi-ai/web').default;
const referenceVersion = require('@vapi-ai/web/package.json').version;

// The platform: POST /call/web answered after COSTS.post ms.
let n = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = ++n;
    setTimeout(() => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `call-${id}`,
          webCallUrl: `https://bench.daily.co/room-${id}`,
          artifactPlan: { videoRecordingEnabled: false },
          assistant: { voice: { provider: '11labs' } },
        }),
      );
    }, COSTS.post);
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const latency = { load: COSTS.load, startCamera: COSTS.startCamera, join: COSTS.join };

async function once(kind) {
  const factory = createFakeCallObjectFactory({ latency });
  let client;
  if (kind === 'reference') {
    currentFactory = factory;
    client = new Vapi('bench-key', baseUrl);
  } else {
    client = new WebCallClient({ token: 'bench-key', baseUrl, createCallObject: factory });
  }
  client.on('error', (e) => console.error(kind, e));
  const done = new Promise((resolve) => client.on('call-start-success', resolve));
  const t0 = performance.now();
  const call = await client.start('bench-assistant');
  await done;
  const ms = performance.now() - t0;
  if (!call) throw new Error(`${kind}: start() returned null`);
  await client.stop();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Warm-up (module caches, keep-alive sockets), not counted.
await once('reference');
await once('ours');
const times = { reference: [], ours: [] };
for (let i = 0; i < ROUNDS; i++) {
  times.reference.push(await once('reference'));
  times.ours.push(await once('ours'));
}
server.close();

const ref = median(times.reference);
const ours = median(times.ours);
const ratio = ours / ref;
const met = ratio <= 0.7;
const lines = [
  `| client | start() → call-start-success (median of ${ROUNDS}) | all runs (ms) |`,
  `|---|---:|---|`,
  `| @vapi-ai/web ${referenceVersion} | ${Math.round(ref)} ms | ${times.reference.map(Math.round).join(', ')} |`,
  `| @helena/sdk/web WebCallClient | ${Math.round(ours)} ms | ${times.ours.map(Math.round).join(', ')} |`,
  `| ratio | ${ratio.toFixed(2)}× | ideal 900 / 1400 = 0.64× |`,
];
const goal = `goal ≤ 0.7× the reference: ${met ? 'met' : 'MISSED'} (${ratio.toFixed(2)}×)`;
console.log(`reference (@vapi-ai/web ${referenceVersion}): ${Math.round(ref)} ms`);
console.log(`ours (WebCallClient):               ${Math.round(ours)} ms`);
console.log(`ratio: ${ratio.toFixed(2)}×  (${goal})`);
console.log(lines.join('\n'));

if (WRITE) {
  const section =
    `## call-start (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, median of ${ROUNDS} after a warm-up)\n\n` +
    `start() → call-start-success on fake call objects and a local node:http platform. Costs: POST /call/web ${COSTS.post} ms; ` +
    `load() ${COSTS.load} ms; startCamera() ${COSTS.startCamera} ms; join() ${COSTS.join} ms plus the load and camera costs ` +
    `not paid before. The reference pays them in sequence; WebCallClient runs the request while the call object is ` +
    `created, loaded and gets the microphone, then joins.\n\n${lines.join('\n')}\n\n- ${goal}\n`;
  writeResultsSection('call-start', section);
}
process.exit(met ? 0 : 1);
