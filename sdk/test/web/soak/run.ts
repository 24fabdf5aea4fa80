// The soak run, in its own Node process started with --expose-gc so the heap can be measured
// after a real collection. One page (one enforcing fake factory, one happy-dom document), one
// client, CYCLES start/stop cycles that rotate through: stop during start, failed starts (platform
// error and failed join), start → stop → reconnect, video recording, and a call with the
// assistant's audio and speech timers that is stopped and started again without awaiting stop().
// Prints one JSON line of figures; the test asserts on them.
import WebCallClient from '@helena/sdk/web';
import { createFakeCallObjectFactory } from '@helena/simulator';
import { installDom, startPlatform, until, webCallBody } from '../helpers';

const CYCLES = Number(process.argv[2] ?? 200);
const WARM_UP = 20;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// Timers started by the client or the fake, still pending: every other timer (the HTTP server,
// fetch's keep-alive) is not ours to count. Attributed by the stack at creation.
const ours = /sdk\/src\/(web|testing)\//;
const live = new Set<unknown>();
let timersTracked = 0;
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const mine = ours.test(new Error().stack ?? '');
  const handle = realSetTimeout(
    (...a: unknown[]) => {
      live.delete(handle);
      fn(...a);
    },
    ms,
    ...args,
  );
  if (mine) {
    live.add(handle);
    timersTracked++;
  }
  return handle;
}) as typeof setTimeout;
globalThis.clearTimeout = ((handle: Parameters<typeof clearTimeout>[0]) => {
  live.delete(handle);
  realClearTimeout(handle);
});

const dom = await installDom();
// Counts only the measured cycles.
const resetCounts = () => Object.assign(leftovers, { callObjects: 0, listeners: 0, fakeTimers: 0, undestroyed: 0 });
const platform = await startPlatform();
let mode: 'ok' | 'video' | 'fail' = 'ok';
platform.reply((_req, n) => {
  if (mode === 'fail') return { status: 400, body: { message: ['assistant must be a valid id'], error: 'Bad Request', statusCode: 400 } };
  return { body: webCallBody(mode === 'video' ? { artifactPlan: { videoRecordingEnabled: true } } : {}, n) };
});
const factory = createFakeCallObjectFactory({ latency: { load: 2, startCamera: 1, join: 3, leave: 2, destroy: 1 } });
let failJoin = false;
factory.onCreate((fake) => {
  if (failJoin) fake.fail('join', new Error('join failed'));
});
const client = new WebCallClient({ token: 'pk-soak', baseUrl: platform.url, createCallObject: factory, logger: 'silent' });
const errors: string[] = [];
let callStartSuccess = 0;
client.on('call-start-success', () => callStartSuccess++);
client.on('error', (e) => {
  if (String(e?.error?.message).includes('Duplicate DailyIframe')) errors.push(e.error.message);
});

async function withAudio(): Promise<void> {
  const fake = factory.last!;
  const bot = fake.addRemoteParticipant({ session_id: 'bot' });
  fake.startTrack(bot, 'audio');
  await until(() => client.getAudioPlayer() !== null, 5000, 'audio player');
  fake.remoteAudioLevels({ bot: 0.5 }); // speech-start, and the speech-end timer
}

const scenarios: Array<() => Promise<void>> = [
  // stop during start (while POST /call/web or the call object is pending)
  async () => {
    const pending = client.start('asst');
    await new Promise((r) => realSetTimeout(r, 1));
    await client.stop();
    await pending;
  },
  // failed start: the platform refuses
  async () => {
    mode = 'fail';
    await client.start('asst');
    mode = 'ok';
  },
  // failed start: join() fails
  async () => {
    failJoin = true;
    await client.start('asst');
    failJoin = false;
  },
  // start, stop, reconnect, stop
  async () => {
    const call = await client.start('asst', undefined, undefined, undefined, undefined, { roomDeleteOnUserLeaveEnabled: false });
    await client.stop();
    if (call) await client.reconnect(call);
    await client.stop();
  },
  // video recording
  async () => {
    mode = 'video';
    await client.start('asst');
    mode = 'ok';
    await client.stop();
  },
  // a call with audio and speech, then stop(); start() without awaiting stop()
  async () => {
    await client.start('asst');
    await withAudio();
    void client.stop();
    await client.start('asst');
    await withAudio();
    await client.stop();
  },
];

// Checked after every cycle, then let go: the factory's list of fakes and the platform's request
// log are the harness's memory, not the client's, and would otherwise dominate the heap figure.
const leftovers = { callObjects: 0, listeners: 0, fakeTimers: 0, undestroyed: 0 };
async function cycle(i: number): Promise<void> {
  await scenarios[i % scenarios.length]!();
  await client.stop();
  for (const fake of factory.instances.splice(0)) {
    leftovers.callObjects++;
    leftovers.listeners += fake.listenerCount();
    leftovers.fakeTimers += fake.pendingTimers;
    if (!fake.isDestroyed()) leftovers.undestroyed++;
  }
  platform.requests.splice(0);
}

for (let i = 0; i < WARM_UP; i++) await cycle(i);
resetCounts();
callStartSuccess = 0;
gc();
gc();
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < CYCLES; i++) await cycle(i);
await client.stop();
// Read at once: a timer the client forgot would still be pending here.
const liveTimers = live.size;
gc();
gc();
const heapAfter = process.memoryUsage().heapUsed;

const figures = {
  cycles: CYCLES,
  ...leftovers,
  audioElements: document.querySelectorAll('audio').length,
  liveTimers,
  timersTracked,
  duplicateErrors: factory.registry.duplicateErrors,
  duplicateErrorEvents: errors.length,
  phase: client.phase,
  heapGrowthBytes: heapAfter - heapBefore,
  callStartSuccess,
};
console.log(JSON.stringify(figures));
await platform.close();
await dom.uninstall();
process.exit(0);
