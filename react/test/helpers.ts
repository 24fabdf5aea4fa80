// A platform simulator on a free port with fast script timings, and a call-object factory that
// keeps daily's one-live-instance rule: the real parts behind the hook in these tests.
import WebSocket from 'ws';
import { createPlatformSimulator, createSimulatedCallObject, enforceOneCallObject, type WebSocketConstructorLike } from '@helena/simulator/node';
import type { CreateCallObject } from '@helena/sdk/web';
import { DEMO_DIALOGUE } from '@helena/contract';

const FAST = { speed: 1, wordMs: 8, listeningDelayMs: 20, firstMessageDelayMs: 10, responseDelayMs: 10, levelIntervalMs: 5, hangupDelayMs: 20 };

export async function startSimulator() {
  const sim = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, script: FAST });
  const server = await sim.listen();
  return { sim, url: server.url, close: () => sim.close() };
}

/** One page's call objects: the `ws` WebSocket (the test DOM's own cannot reach a real server), one live at a time. */
export function onePage(): CreateCallObject {
  return enforceOneCallObject((options) => createSimulatedCallObject({ ...options, WebSocket: WebSocket as unknown as WebSocketConstructorLike }));
}
