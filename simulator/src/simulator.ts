// `createPlatformSimulator`: the voice platform's REST API in memory, with simulated rooms for
// web calls and an assistant in them that answers from a dialogue. Offline development, demos and tests.
//
//   const sim = createPlatformSimulator({ script: { speed: 20 }, dialogue: myScriptedDialogue });
//   const { url, close } = await sim.listen();          // or mount sim.app in a Hono server
//   const client = new WebCallClient({ token: 'demo-public-key', baseUrl: url, createCallObject: createSimulatedCallObject });
import type { Hono } from 'hono';
import { buildApp, type Fault } from './simulator/app';
import { param, reply, type RouteDef, type SimulatorState } from './simulator/context';
import { asJson, asString } from './simulator/json';
import { httpError } from './simulator/errors';
import { attachRoomsTo, listenOn, type AttachRoomsOptions, type ListeningSimulator, type UpgradeServer } from './simulator/node';
import { RoomRegistry } from './simulator/room-registry';
import type { SimulatorScriptOptions } from './simulator/room-timings';
import { dialogueFactory, type DialogueFactory, type ScriptedDialogue } from './simulator/dialogue';
import { createServerMessenger } from './simulator/server-messages';
import { MemoryStore } from './simulator/store';

export type { SimulatorScriptOptions } from './simulator/room-timings';
export type { AttachRoomsOptions, ListeningSimulator, UpgradeServer } from './simulator/node';
export type { Entity as SimulatorEntity } from './simulator/store';
export {
  echoDialogue,
  scriptedDialogue,
  ScriptedConversation,
  type Conversation,
  type DialogueContext,
  type DialogueFactory,
  type DialogueLines,
  type DialogueReply,
  type DialogueStage,
  type ScriptedDialogue,
  type SummaryLines,
} from './simulator/dialogue';

export interface PlatformSimulatorOptions {
  /** Accepted on `POST /call/web` and `POST /chat/web` (and `/chat/web/responses`). Default 'demo-public-key'. */
  publicKey?: string;
  /** Accepted on every route. Default 'demo-private-key'. */
  privateKey?: string;
  /** Delay added to every HTTP answer, in ms. Changeable later with `setLatency`. */
  latencyMs?: number;
  /** Speeds of the assistant's speech (`{ speed: 20 }` for fast tests) and its default name. */
  script?: SimulatorScriptOptions;
  /**
   * What the assistant says: a `ScriptedDialogue` table (a lead-capture script: lines, patterns,
   * lead tool), or a factory of conversations of your own. Default `echoDialogue`: it says it is
   * a simulator and repeats what it hears.
   */
  dialogue?: ScriptedDialogue | DialogueFactory;
  /**
   * The simulator's public base URL, for the URLs it hands out (`webCallUrl`, control URLs).
   * Default: derived from each request (its origin plus the prefix the app is mounted under).
   */
  publicUrl?: string;
  /** Entities to start with, by collection ('assistant', 'squad', 'workflow', …); ids are kept. */
  seed?: Record<string, Array<Record<string, unknown>>>;
  /**
   * Serve the test controls over HTTP (`/_simulator/*`: faults, latency, speech). Default true;
   * a server that exposes the simulator to the public turns them off.
   */
  controls?: boolean;
  /**
   * What the simulator keeps: entities per collection and rooms, by count and by age (oldest
   * dropped first; the seed stays). Defaults: 10,000 entities, 1,000 rooms, 24 h.
   */
  bounds?: { maxPerCollection?: number; maxRooms?: number; maxAgeMs?: number };
  /**
   * The Server URL credential's secret. When set, a call whose assistant (or overrides) names a
   * `server.url` gets its `status-update` and `end-of-call-report` messages POSTed there, signed
   * in `x-vapi-signature`, as the platform does; so do `tool-calls` for the assistant's function
   * tools, from calls and chats, whose answer the assistant then uses.
   */
  serverSecret?: string;
  /**
   * The organisation's Server URL, for calls and chats whose assistant names none (with
   * `serverSecret`). A function is asked at each delivery, for a host that knows its address
   * only once it listens.
   */
  serverUrl?: string | (() => string | undefined);
  /**
   * Server URL requests in flight at once, across every call and chat (default 32); the others
   * wait their turn, each conversation's messages still in order.
   */
  serverMaxInFlight?: number;
  /**
   * How Server URL requests are sent (default: the global `fetch`). A host that serves the Server
   * URL in the same process can hand them to its app directly, with no socket.
   */
  serverFetch?: typeof fetch;
}

export interface FailNextOptions {
  /** The error message (default: the status's reason phrase). */
  message?: string;
  /** Sent as a `Retry-After` header, in seconds. */
  retryAfter?: number;
  /** Only requests with this method. */
  method?: string;
  /** Only requests whose path ends with this string, or matches this pattern. */
  path?: string | RegExp;
}

export interface SimulatorFaults {
  /** The next `count` requests (that match) fail with `status` (default 500) in the platform's error shape. */
  failNext(count: number, status?: number, options?: FailNextOptions): void;
  /** Disarms every pending fault. */
  clear(): void;
  /** Requests still armed to fail. */
  readonly pending: number;
}

export interface SimulatorRooms {
  /** The visitor says `text` aloud in the call's room (user transcripts, then the assistant's answer). */
  speak(callId: string, text: string): boolean;
  /** Live call control on the call's room: `{type:'say'|'add-message'|'end-call'|'control', …}`. */
  control(callId: string, message: Record<string, unknown>): boolean;
  /** Ends the call from the platform side. */
  end(callId: string, endedReason?: string): boolean;
}

export interface PlatformSimulator {
  /** The Hono app: mount it (`server.route('/sim', simulator.app)`) or serve it. */
  app: Hono;
  /** The app's fetch handler (`Request` in, `Response` out). */
  fetch(request: Request): Promise<Response>;
  /**
   * Serves the app and the rooms on `port` (0: any free port) of `127.0.0.1` (or `options.hostname`).
   * Resolves to `{ url, close() }`.
   */
  listen(port?: number, options?: { hostname?: string }): Promise<ListeningSimulator>;
  /**
   * Accepts the rooms' WebSockets on a server of your own that mounts `app` under `prefix`
   * (`simulator.attachRooms(httpServer, { prefix: '/sim' })`). Returns a function that detaches.
   */
  attachRooms(server: UpgradeServer, options?: AttachRoomsOptions): () => void;
  faults: SimulatorFaults;
  /** Changes the latency added to every HTTP answer. */
  setLatency(ms: number): void;
  rooms: SimulatorRooms;
  /** The in-memory data, for seeding and inspection in tests. */
  store: MemoryStore;
  readonly publicKey: string;
  readonly privateKey: string;
  /** The simulated organisation's id (the `orgId` of every entity). */
  readonly orgId: string;
  /** Ends every room and closes every `listen()` server. */
  close(): Promise<void>;
}

export function createPlatformSimulator(options: PlatformSimulatorOptions = {}): PlatformSimulator {
  const publicKey = options.publicKey ?? 'demo-public-key';
  const privateKey = options.privateKey ?? 'demo-private-key';
  let latencyMs = Math.max(0, options.latencyMs ?? 0);
  const maxAgeMs = options.bounds?.maxAgeMs ?? 24 * 60 * 60 * 1000;
  const maxPerCollection = options.bounds?.maxPerCollection ?? 10_000;
  const rooms = new RoomRegistry({ maxRooms: options.bounds?.maxRooms ?? 1_000, maxAgeMs });
  const dialogues: SimulatorState['dialogues'] = new Map();
  const store = new MemoryStore(undefined, {
    maxPerCollection,
    maxAgeMs,
    onEvict: (collection, id) => {
      if (collection === 'call') rooms.removeForCall(id);
      if (collection === 'session') dialogues.delete(`session:${id}`);
    },
  });
  const serverMessages = options.serverSecret ? createServerMessenger({ secret: options.serverSecret, fallbackUrl: options.serverUrl, maxInFlight: options.serverMaxInFlight, fetch: options.serverFetch }) : undefined;
  const state: SimulatorState = { store, rooms, script: options.script ?? {}, dialogue: dialogueFactory(options.dialogue), dialogues, serverMessages };
  // Age is enforced on a timer too, so an idle simulator gives its memory back.
  const sweeper = setInterval(() => (store.sweep(), rooms.sweep()), Math.min(60_000, Math.max(1_000, maxAgeMs / 2)));
  sweeper.unref();
  const faults: Fault[] = [];
  const servers = new Set<ListeningSimulator>();

  store.pin(store.orgId);
  store.insert('org', { id: store.orgId, name: 'Organización simulada', billingLimit: 0 });
  for (const [collection, items] of Object.entries(options.seed ?? {})) {
    for (const item of items) {
      if (typeof item.id === 'string') store.pin(item.id);
      store.pin(store.insert(collection, item).id);
    }
  }

  const failNext = (count: number, status = 500, o: FailNextOptions = {}) => {
    if (!(count > 0)) return;
    faults.push({ remaining: Math.floor(count), status, ...o });
  };

  const roomsApi: SimulatorRooms = {
    speak: (callId, text) => {
      const room = rooms.forCall(callId);
      if (!room || room.status !== 'active') return false;
      room.userSpeech(text);
      return true;
    },
    control: (callId, message) => rooms.forCall(callId)?.control(message) ?? false,
    end: (callId, endedReason = 'assistant-ended-call') => {
      const room = rooms.forCall(callId);
      if (!room || room.status === 'ended') return false;
      room.end(endedReason);
      return true;
    },
  };

  // Test hooks over HTTP, for tests that run the simulator in another process (private key).
  const control: RouteDef[] = [
    {
      method: 'POST',
      path: '/_simulator/faults',
      auth: 'private',
      body: 'json',
      handler: (ctx) => {
        const b = asJson(ctx.body);
        const retryAfter = b.retryAfter === undefined ? undefined : Number(b.retryAfter);
        failNext(Number(b.count ?? 1), Number(b.status ?? 500), { message: asString(b.message), retryAfter, method: asString(b.method), path: asString(b.path) });
        return reply({ pending: faults.reduce((n, f) => n + f.remaining, 0) }, 201);
      },
    },
    { method: 'DELETE', path: '/_simulator/faults', auth: 'private', body: 'none', handler: () => (faults.length = 0, reply({ pending: 0 })) },
    {
      method: 'PUT',
      path: '/_simulator/latency',
      auth: 'private',
      body: 'json',
      handler: (ctx) => {
        latencyMs = Math.max(0, Number(asJson(ctx.body).ms ?? 0));
        return reply({ ms: latencyMs });
      },
    },
    {
      method: 'POST',
      path: '/_simulator/call/:id/speech',
      auth: 'private',
      body: 'json',
      handler: (ctx) => {
        if (!roomsApi.speak(param(ctx, 'id'), asString(asJson(ctx.body).text) ?? '')) throw httpError(400, 'Call is not active.');
        return reply({ ok: true }, 201);
      },
    },
  ];

  const app = buildApp(state, { publicKey, privateKey, publicUrl: options.publicUrl, latency: () => latencyMs, faults, controlRoutes: options.controls === false ? [] : control });

  return {
    app,
    fetch: (request) => Promise.resolve(app.fetch(request)),
    listen: async (port = 0, o = {}) => {
      const listening = await listenOn(app, rooms, port, o.hostname ?? '127.0.0.1', () => servers.delete(listening));
      servers.add(listening);
      return listening;
    },
    attachRooms: (server, o) => attachRoomsTo(server, rooms, o),
    faults: {
      failNext,
      clear: () => void (faults.length = 0),
      get pending() {
        return faults.reduce((n, f) => n + f.remaining, 0);
      },
    },
    setLatency: (ms) => void (latencyMs = Math.max(0, ms)),
    rooms: roomsApi,
    store,
    publicKey,
    privateKey,
    orgId: store.orgId,
    close: async () => {
      clearInterval(sweeper);
      rooms.disposeAll();
      await Promise.all([...servers].map((s) => s.close()));
    },
  };
}
