// bench/chat: a visitor types a first line. How long until the assistant's answer shows, and what
// it costs. In one run, against one platform simulator (its scripted assistant, default speech
// timings, every HTTP answer delayed by PLATFORM_MS as a real platform's would be):
//   - ours: @helena/sdk/web WebChatClient, POST /chat/web streamed (what <helena-assistant> does
//     in its default hybrid mode);
//   - the peer: @vapi-ai/web 2.7.1, the only way it offers to send text: start a voice call
//     (POST /call/web, join the room), then add-message on call-start (what the original widget
//     did when the visitor typed). Its call object is the simulator's, in place of daily-js.
// Measured from the moment the line is sent (Enter) to the first piece of the answer, and to the
// whole answer.
//
//   node --import tsx bench/chat/index.mjs [--rounds N] [--write]
// --write replaces the "## chat" section of bench/RESULTS.md.
import { performance } from 'node:perf_hooks';
import { loadReference } from '../reference.mjs';
import { writeResultsSection } from '../results.mjs';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const ROUNDS = (roundsAt >= 0 && Number(args[roundsAt + 1])) || 5;
const WRITE = args.includes('--write');
const PLATFORM_MS = 150;
const LINE = 'Hola, ¿qué hacéis?';
const root = new URL('../../', import.meta.url);

const { WebChatClient } = await import(new URL('sdk/src/web/index.ts', root).href);
const { createPlatformSimulator, createSimulatedCallObject } = await import(new URL('simulator/src/node.ts', root).href);
const { DEMO_DIALOGUE } = await import(new URL('contract/src/index.ts', root).href);

// The peer, with the simulator's call object in place of @daily-co/daily-js.
const { Vapi, version: referenceVersion } = loadReference(createSimulatedCallObject);

const sim = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, latencyMs: PLATFORM_MS });
const { url } = await sim.listen();
const assistant = { name: 'Helena', firstMessage: '¡Hola! Soy Helena. ¿En qué puedo ayudarte hoy?' };

/** Counts the platform requests a visitor's line causes, by route. */
const requests = { chat: 0, call: 0 };
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const target = String(input instanceof Request ? input.url : input);
  if (target.endsWith('/chat/web')) requests.chat++;
  if (target.endsWith('/call/web')) requests.call++;
  return realFetch(input, init);
};

async function ours() {
  const chat = new WebChatClient({ token: sim.publicKey, baseUrl: url, assistant });
  let first;
  const t0 = performance.now();
  await chat.send(LINE, { onDelta: () => (first ??= performance.now() - t0) });
  return { first, whole: performance.now() - t0 };
}

async function peer() {
  const vapi = new Vapi(sim.publicKey, url);
  let t0;
  let first;
  let greeted = false;
  const whole = new Promise((resolve, reject) => {
    vapi.on('error', reject);
    vapi.on('message', (m) => {
      if (m?.type !== 'transcript' || m.role !== 'assistant') return;
      if (!greeted) {
        if (m.transcriptType === 'final') greeted = true; // the greeting is not the answer
        return;
      }
      first ??= performance.now() - t0;
      if (m.transcriptType === 'final') resolve(performance.now() - t0);
    });
  });
  vapi.on('call-start', () => vapi.send({ type: 'add-message', message: { role: 'user', content: LINE } }));
  // The visitor pressed Enter: the original widget starts the call, and sends the line once live.
  t0 = performance.now();
  await vapi.start(assistant);
  const ms = await whole;
  await vapi.stop();
  return { first, whole: ms };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
await ours();
await peer(); // warm-up, not counted
requests.chat = requests.call = 0;
const times = { ours: [], peer: [] };
const perRound = { ours: { chat: 0, call: 0 }, peer: { chat: 0, call: 0 } };
for (let i = 0; i < ROUNDS; i++) {
  let before = { ...requests };
  times.ours.push(await ours());
  perRound.ours = { chat: requests.chat - before.chat, call: requests.call - before.call };
  before = { ...requests };
  times.peer.push(await peer());
  perRound.peer = { chat: requests.chat - before.chat, call: requests.call - before.call };
}
await sim.close();
globalThis.fetch = realFetch;

const fmt = (xs, key) => `${Math.round(median(xs.map((x) => x[key])))} ms`;
const runs = (xs, key) => xs.map((x) => Math.round(x[key])).join(', ');
const firstRatio = median(times.ours.map((x) => x.first)) / median(times.peer.map((x) => x.first));
const lines = [
  `| client | first piece of the answer (median of ${ROUNDS}) | whole answer | voice calls started | platform requests | all runs, first piece (ms) |`,
  `|---|---:|---:|---:|---:|---|`,
  `| @helena/sdk/web WebChatClient (hybrid widget, typing) | ${fmt(times.ours, 'first')} | ${fmt(times.ours, 'whole')} | ${perRound.ours.call} | ${perRound.ours.chat + perRound.ours.call} | ${runs(times.ours, 'first')} |`,
  `| @vapi-ai/web ${referenceVersion} (a call, then add-message) | ${fmt(times.peer, 'first')} | ${fmt(times.peer, 'whole')} | ${perRound.peer.call} | ${perRound.peer.chat + perRound.peer.call} | ${runs(times.peer, 'first')} |`,
];
const goals = [
  [`typing starts no voice call`, perRound.ours.call === 0, `${perRound.ours.call} calls`],
  [`first piece of the answer ≤ 0.5× the peer's`, firstRatio <= 0.5, `${firstRatio.toFixed(2)}×`],
].map(([what, ok, figure]) => ({ text: `goal ${what}: ${ok ? 'met' : 'MISSED'} (${figure})`, ok }));
console.log(lines.join('\n'));
for (const g of goals) console.log(g.text);

if (WRITE) {
  const section =
    `## chat (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, median of ${ROUNDS} after a warm-up)\n\n` +
    `A visitor's first typed line ('${LINE}') to the answer, against one platform simulator (its scripted assistant at its ` +
    `default speech timings; every HTTP answer ${PLATFORM_MS} ms late). Ours streams it from POST /chat/web; @vapi-ai/web has no ` +
    `text channel, so typing meant a voice call (POST /call/web, join, call-start) and add-message, which is what the widget ` +
    `did before; its call object is the simulator's, in place of daily-js (a real one would add daily's bundle, the ` +
    `microphone prompt and the room join).\n\n` +
    lines.join('\n') +
    '\n\n' +
    goals.map((g) => `- ${g.text}`).join('\n') +
    '\n\nRun it with `node --import tsx bench/chat/index.mjs [--rounds N] [--write]` (`npm run bench -- chat`).\n';
  writeResultsSection('chat', section);
}
process.exit(goals.every((g) => g.ok) ? 0 : 1);
