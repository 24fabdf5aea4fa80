import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator, type PlatformSimulatorOptions } from '@helena/simulator/node';

/** Resolves once `check()` is truthy (polling), or rejects after `ms`. */
export async function until<T>(check: () => T | undefined | false | null, ms = 5000, what = 'condition'): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const FAST = { speed: 1, wordMs: 8, listeningDelayMs: 20, firstMessageDelayMs: 10, responseDelayMs: 10, levelIntervalMs: 5, hangupDelayMs: 20 };

/** A simulator with fast script timings and the demo's dialogue (unless `options` say otherwise), listening on a free port. */
export async function fastSimulator(options: PlatformSimulatorOptions = {}) {
  const sim = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, ...options, script: { ...FAST, ...options.script } });
  const server = await sim.listen();
  const api = async (method: string, path: string, body?: unknown, key = sim.privateKey) => {
    const res = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) };
  };
  return { sim, server, url: server.url, api, close: () => sim.close() };
}

/** Platform messages (JSON app messages) and plain-text ones ('listening'), in arrival order. */
export function recordAppMessages(call: { on(e: any, h: (ev?: any) => void): unknown }) {
  const all: any[] = [];
  call.on('app-message', (ev) => {
    try {
      all.push(JSON.parse(ev.data));
    } catch {
      all.push(ev.data);
    }
  });
  return all;
}
