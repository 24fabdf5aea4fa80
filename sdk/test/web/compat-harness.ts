// Runs one scripted scenario through a client (the reference @vapi-ai/web 2.7.1, or
// WebCallClient) on a fresh fake call-object factory and a fresh local platform server, and
// returns what can be compared: HTTP requests, stage pairs, other events, app messages sent,
// and the call-object calls.
import WebCallClient from '@helena/sdk/web';
import { createFakeCallObjectFactory, type FakeCallObjectFactory, type FakeCallObjectOptions } from '@helena/simulator';
import { normalise, recordEvents, startPlatform, type EmittedEvent, type LocalPlatform, type PlatformReply, type RecordedRequest } from './helpers';
import { ReferenceVapi, useFactoryForReference } from './reference';

export type Kind = 'reference' | 'ours';

export interface ScenarioContext {
  kind: Kind;
  client: any;
  factory: FakeCallObjectFactory;
  platform: LocalPlatform;
  log: EmittedEvent[];
  /** Values a scenario wants compared (return values, getters). */
  out: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  reply?: (req: RecordedRequest, n: number) => PlatformReply;
  fake?: FakeCallObjectOptions;
  /** Extra constructor arguments after the token and base URL (dailyCallConfig, dailyCallObject). */
  ctorExtra?: unknown[];
  /** Adds an `error` listener first (default true: the reference throws without one). */
  errorListener?: boolean;
  setupFactory?: (factory: FakeCallObjectFactory) => void;
  run: (ctx: ScenarioContext) => Promise<void>;
}

export interface ScenarioResult {
  /** Call objects WebCallClient created speculatively and discarded without joining. */
  discarded: Array<{ createOptions: unknown; destroyCount: number; calls: string[] }>;
  requests: Array<{ method: string; path: string; authorization: unknown; contentType: unknown; body: unknown }>;
  stagePairs: string[];
  /** Every non-progress event, in order, with normalised payloads. */
  events: Array<{ event: string; args: unknown[] }>;
  /** Progress events with normalised payloads. */
  progress: unknown[];
  /** App messages sent, per call object, parsed. */
  appMessages: unknown[][];
  /** Call-object calls other than the ones that legitimately differ, per call object. */
  calls: Array<Array<{ method: string; args: unknown }>>;
  /** Event names each call object had handlers registered for (on + once). */
  registered: string[][];
  createOptions: unknown[];
  destroyCounts: number[];
  loadCalls: Array<{ load: number; startCamera: number; join: number }>;
  out: Record<string, unknown>;
  raw: EmittedEvent[];
  factory: FakeCallObjectFactory;
}

/** Calls that differ by design: load/startCamera (warm-up), off (teardown), destroy (once), and lookups. */
const IGNORED_CALLS = new Set(['on', 'once', 'off', 'load', 'startCamera', 'destroy', 'isDestroyed', 'iframe', 'meetingState']);

const stripFns = (v: unknown): unknown => {
  if (typeof v === 'function') return '[fn]';
  if (Array.isArray(v)) return v.map(stripFns);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, stripFns(x)]));
  return v;
};

/** App messages are JSON text: parsed, so timing fields inside them can be normalised. */
const parseJsonArgs = (args: unknown[]): unknown[] =>
  args.map((a) => {
    if (typeof a !== 'string') return a;
    try {
      return { json: JSON.parse(a) };
    } catch {
      return a;
    }
  });

export async function runScenario(kind: Kind, scenario: Scenario): Promise<ScenarioResult> {
  const platform = await startPlatform();
  if (scenario.reply) platform.reply(scenario.reply);
  const factory = createFakeCallObjectFactory(scenario.fake ?? {});
  scenario.setupFactory?.(factory);
  const extra = scenario.ctorExtra ?? [];
  let client: any;
  if (kind === 'reference') {
    useFactoryForReference(factory);
    client = new ReferenceVapi('public-key-1', platform.url, ...extra);
  } else {
    client = new WebCallClient({
      token: 'public-key-1',
      baseUrl: platform.url,
      createCallObject: factory,
      dailyCallConfig: extra[0] as any,
      dailyCallObject: extra[1] as any,
    });
  }
  if (scenario.errorListener !== false) client.on('error', () => {});
  const log = recordEvents(client);
  const out: Record<string, unknown> = {};
  try {
    await scenario.run({ kind, client, factory, platform, log, out });
  } finally {
    try {
      await client.stop();
    } catch {
      // a scenario may leave the client stopped
    }
    await platform.close();
  }
  // WebCallClient creates its call object alongside the request, assuming no video; a call object
  // it discarded unjoined (request failed, or the call needs video) has no counterpart in the
  // reference. Those are reported separately, as `discarded`.
  const joined = kind === 'ours' ? factory.instances.filter((f) => f.callsTo('join').length > 0) : factory.instances;
  const discarded = factory.instances.filter((f) => !joined.includes(f));
  const instances = joined;
  return {
    discarded: discarded.map((f) => ({ createOptions: f.createOptions, destroyCount: f.destroyCount, calls: f.calls.map((c) => c.method) })),
    requests: platform.requests.map((r) => ({
      method: r.method,
      path: r.path,
      authorization: r.headers.authorization,
      contentType: r.headers['content-type'],
      body: r.body,
    })),
    stagePairs: log.filter((e) => e.event === 'call-start-progress').map((e) => `${e.args[0].stage}:${e.args[0].status}`),
    events: log.filter((e) => e.event !== 'call-start-progress').map((e) => ({ event: e.event, args: normalise(e.args) })),
    progress: log.filter((e) => e.event === 'call-start-progress').map((e) => normalise(e.args[0])),
    appMessages: instances.map((f) => normalise(f.appMessagesParsed)),
    calls: instances.map((f) =>
      f.calls.filter((c) => !IGNORED_CALLS.has(c.method)).map((c) => ({ method: c.method, args: normalise(parseJsonArgs(stripFns(c.args) as unknown[])) })),
    ),
    registered: instances.map((f) =>
      [...new Set(f.calls.filter((c) => c.method === 'on' || c.method === 'once').map((c) => `${c.method}:${String(c.args[0])}`))].sort(),
    ),
    createOptions: instances.map((f) => f.createOptions),
    destroyCounts: instances.map((f) => f.destroyCount),
    loadCalls: instances.map((f) => ({
      load: f.callsTo('load').length,
      startCamera: f.callsTo('startCamera').length,
      join: f.callsTo('join').length,
    })),
    out,
    raw: log,
    factory,
  };
}

/** Runs a scenario through both clients. */
export async function runBoth(scenario: Scenario): Promise<{ ref: ScenarioResult; ours: ScenarioResult }> {
  const ref = await runScenario('reference', scenario);
  const ours = await runScenario('ours', scenario);
  return { ref, ours };
}
