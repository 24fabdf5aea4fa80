// Demo mode: with no platform keys the server hosts the platform simulator at /sim, so the widget
// holds a whole conversation offline, and proposals are checked against (and take their summary
// from) the simulator's call records. The simulator's private key opens every visitor's
// transcript, so it is random at each start unless SIM_PRIVATE_KEY sets it, and its test
// controls (faults, latency) are not served.
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createPlatformClient } from '@helena/sdk';
import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator } from '@helena/simulator/node';
import type { AddressInfo } from 'node:net';
import type { PlatformCallsClient } from '../mail/summary';
import type { Mount } from '../app';
import { VAPI_EVENTS_PATH } from '../vapi_events/route';
import { REGISTRAR_CONTACTO_TOOL } from '../vapi_events/registrar-contacto';
import { demoOffer } from '../offer/load';
import { chooseItems } from '../offer/match';
import type { Offer } from '../offer/schema';

/** A stored assistant a demo page may name with `assistant-id`; without one the widget sends it inline. */
export const DEMO_ASSISTANT_ID = 'demo-assistant';
/** Where the simulator is mounted on this server. */
export const DEMO_PREFIX = '/sim';

export interface Demo {
  mount: Mount;
  /** The simulator's API, asked in-process (proposal checks and summaries). */
  platform: PlatformCallsClient;
  /** The simulator's private key (printed at start so a developer can inspect it). */
  privateKey: string;
  /**
   * The visitor says `text` in the room of call `callId` (in-process only: the simulator's HTTP
   * test controls are off). For end-to-end tests of the demo.
   */
  speak(callId: string, text: string): boolean;
  /** The server listens: its address, and its own request handler (see `createDemo`). */
  onServer(server: Server, handle?: (request: Request) => Response | Promise<Response>): void;
  close(): Promise<void>;
}

/** Builds the simulator, its mount, its WebSocket rooms and a platform client reading from it. */
export interface DemoOptions {
  privateKey?: string;
  /** Records per collection, rooms, and how long either is kept. */
  bounds?: { maxPerCollection: number; maxRooms: number; maxAgeMs: number };
  /**
   * The Server URL's credential: the simulator then POSTs its server messages to `url`, by
   * default this server's own Server URL on loopback (known once it listens).
   */
  server?: { secret: string; url?: string };
  /** The catalogue whose titles name the visitor's needs in the demo call's summary; by default the demo site's. */
  offer?: Pick<Offer, 'items'>;
}

/** The titles of what the visitor's lines asked for in `offer` (refusals and `always` items left out). */
export function needsNamedIn(offer: Pick<Offer, 'items'>) {
  // Both languages' word forms are tried on every line, as for the proposal, so the assistant's language is not needed.
  return (lines: readonly string[]): string[] =>
    chooseItems(offer, lines)
      .items.filter((c) => !c.item.always)
      .map((c) => c.item.title);
}

/** How this process reaches a server listening at `address` (a wildcard address means loopback). */
function loopbackOrigin(address: AddressInfo): string {
  if (address.address === '0.0.0.0' || address.address === '::') return `http://127.0.0.1:${address.port}`;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

export function createDemo(opts: DemoOptions = {}): Demo {
  const privateKey = opts.privateKey ?? randomBytes(24).toString('base64url');
  let ownServerUrl: string | undefined;
  let ownHandler: ((request: Request) => Response | Promise<Response>) | undefined;
  // The simulator lives in this process: a message to this server's own Server URL is handed to
  // its app directly, through the same routes, signature check and storage, with no socket. Over
  // loopback, a burst of ended calls opened dozens of connections to the server at once; a busy
  // server accepts one per turn of its event loop, so they queued beside the visitors' own.
  const serverFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!ownHandler || !ownServerUrl || url.origin !== new URL(ownServerUrl).origin) return fetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('host', url.host);
    return Promise.resolve(ownHandler(new Request(input, { ...init, headers })));
  };
  const simulator = createPlatformSimulator({
    privateKey,
    controls: false,
    // The Spanish lead-capture script the widget's demo talks to.
    dialogue: { ...DEMO_DIALOGUE, needsNamed: needsNamedIn(opts.offer ?? demoOffer()) },
    bounds: opts.bounds ?? { maxPerCollection: 1000, maxRooms: 100, maxAgeMs: 60 * 60 * 1000 },
    // The demo's assistant can register the lead itself, as a production assistant set up as
    // api/README.md says would.
    seed: { assistant: [{ id: DEMO_ASSISTANT_ID, name: 'Helena', model: { provider: 'openai', model: 'gpt-4o-mini', tools: [REGISTRAR_CONTACTO_TOOL] } }] },
    serverSecret: opts.server?.secret,
    serverUrl: opts.server?.url ?? (() => ownServerUrl),
    serverFetch,
  });
  // The lookup never leaves the process: the client's fetch is the simulator's own.
  const platform = createPlatformClient({
    token: simulator.privateKey,
    baseUrl: 'http://simulator.internal',
    fetch: (input: string | URL | Request, init?: RequestInit) => simulator.fetch(new Request(input, init)),
    retry: 0,
  }) as unknown as PlatformCallsClient;
  return {
    mount: { prefix: DEMO_PREFIX, app: simulator.app, limited: true },
    platform,
    privateKey,
    speak: (callId, text) => simulator.rooms.speak(callId, text),
    onServer: (server, handle) => {
      const address = server.address() as AddressInfo | null;
      ownHandler = handle;
      if (address && typeof address === 'object') ownServerUrl = `${loopbackOrigin(address)}${VAPI_EVENTS_PATH}`;
      void simulator.attachRooms(server, { prefix: DEMO_PREFIX });
    },
    close: () => simulator.close(),
  };
}
