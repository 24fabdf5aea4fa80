// bench/call-start: start() → call-start-success, WebCallClient against @vapi-ai/web 2.7.1, in
// one run, on the same fake call objects and the same local platform server, with these costs:
//   POST /call/web 500 ms · load() 300 ms · startCamera() 200 ms
//   join() 400 ms, plus the load and camera costs when they were not paid before.
// The reference pays them in sequence (500 + 400 + 300 + 200 = 1400 ms). WebCallClient overlaps
// the request with the call object's load and microphone (max(500, 300 + 200) + 400 = 900 ms).
// Goal: ≤ 0.7× the reference, and within 5 % of that ideal overlap.
// One more row: an assistant with video recording on. The call object must then be created with
// video, which is known only once POST /call/web answers, so both clients end up paying
// 500 + 300 + 200 + 400 = 1400 ms; ours must not pay more than that (the audio-only call object
// made alongside the request is destroyed first: daily allows one at a time).
//
//   node --import tsx bench/call-start/index.mjs [--rounds N] [--write]
// --write replaces the "## call-start" section of bench/RESULTS.md.
import { createServer } from 'node:http';
import { loadReference } from '../reference.mjs';
import { writeResultsSection } from '../results.mjs';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const ROUNDS = (roundsAt >= 0 && Number(args[roundsAt + 1])) || 5;
const WRITE = args.includes('--write');
const COSTS = { post: 500, load: 300, startCamera: 200, join: 400 };
const root = new URL('../../', import.meta.url);

const { WebCallClient } = await import(new URL('sdk/src/web/index.ts', root).href);
const { createFakeCallObjectFactory } = await import(new URL('simulator/src/fake-call-object.ts', root).href);

// The reference, with a fake @daily-co/daily-js in the require cache.
let currentFactory = null;
const { Vapi, version: referenceVersion } = loadReference((o) => currentFactory(o));

// The platform: POST /call/web answered after COSTS.post ms.
let n = 0;
let videoRecordingEnabled = false;
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
          artifactPlan: { videoRecordingEnabled },
          assistant: { voice: { provider: '11labs' } },
        }),
      );
    }, COSTS.post);
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const latency = { load: COSTS.load, startCamera: COSTS.startCamera, join: COSTS.join };

async function once(kind, video = false) {
  videoRecordingEnabled = video;
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
  if (factory.registry.duplicateErrors > 0) throw new Error(`${kind}: ${factory.registry.duplicateErrors} duplicate call objects`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Warm-up (module caches, keep-alive sockets), not counted.
await once('reference');
await once('ours');
const times = { reference: [], ours: [], referenceVideo: [], oursVideo: [] };
for (let i = 0; i < ROUNDS; i++) {
  times.reference.push(await once('reference'));
  times.ours.push(await once('ours'));
  times.referenceVideo.push(await once('reference', true));
  times.oursVideo.push(await once('ours', true));
}
server.close();

const IDEAL = Math.max(COSTS.post, COSTS.load + COSTS.startCamera) + COSTS.join;
const IDEAL_VIDEO = COSTS.post + COSTS.load + COSTS.startCamera + COSTS.join;
const ref = median(times.reference);
const ours = median(times.ours);
const refVideo = median(times.referenceVideo);
const oursVideo = median(times.oursVideo);
const ratio = ours / ref;
const ratioVideo = oursVideo / refVideo;
const runs = (xs) => xs.map(Math.round).join(', ');
const lines = [
  `| start | client | start() → call-start-success (median of ${ROUNDS}) | all runs (ms) |`,
  `|---|---|---:|---|`,
  `| audio | @vapi-ai/web ${referenceVersion} | ${Math.round(ref)} ms | ${runs(times.reference)} |`,
  `| audio | @helena/sdk/web WebCallClient | ${Math.round(ours)} ms | ${runs(times.ours)} |`,
  `| audio | ratio | ${ratio.toFixed(2)}× | ideal ${IDEAL} / 1400 = ${(IDEAL / 1400).toFixed(2)}× |`,
  `| video recording on | @vapi-ai/web ${referenceVersion} | ${Math.round(refVideo)} ms | ${runs(times.referenceVideo)} |`,
  `| video recording on | @helena/sdk/web WebCallClient | ${Math.round(oursVideo)} ms | ${runs(times.oursVideo)} |`,
  `| video recording on | ratio | ${ratioVideo.toFixed(2)}× | ideal ${IDEAL_VIDEO} ms for both (video is known only after POST /call/web) |`,
];
const goals = [
  [`≤ 0.7× the reference`, ratio <= 0.7, `${ratio.toFixed(2)}×`],
  [`within 5 % of the ideal overlap (${IDEAL} ms)`, ours <= IDEAL * 1.05, `${Math.round(ours)} ms`],
  [`video recording on: within 5 % of its ideal (${IDEAL_VIDEO} ms), no duplicate call object`, oursVideo <= IDEAL_VIDEO * 1.05, `${Math.round(oursVideo)} ms`],
].map(([what, ok, figure]) => ({ text: `goal ${what}: ${ok ? 'met' : 'MISSED'} (${figure})`, ok }));
const met = goals.every((g) => g.ok);
console.log(lines.join('\n'));
for (const g of goals) console.log(g.text);

if (WRITE) {
  const section =
    `## call-start (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, median of ${ROUNDS} after a warm-up)\n\n` +
    `start() → call-start-success on fake call objects and a local node:http platform. Costs: POST /call/web ${COSTS.post} ms; ` +
    `load() ${COSTS.load} ms; startCamera() ${COSTS.startCamera} ms; join() ${COSTS.join} ms plus the load and camera costs ` +
    `not paid before. The reference pays them in sequence; WebCallClient runs the request while the call object is ` +
    `created, loaded and gets the microphone, then joins. With video recording on, the call object must be made with video, ` +
    `which is known only from the answer, so the audio-only one made alongside the request is destroyed (daily allows one ` +
    `at a time) and a video one is made after it.\n\n${lines.join('\n')}\n\n${goals.map((g) => `- ${g.text}`).join('\n')}\n`;
  writeResultsSection('call-start', section);
}
process.exit(met ? 0 : 1);
