// Demo mode: with no platform keys the server hosts the platform simulator at /sim, so the widget
// holds a whole conversation offline, and proposal summaries come from the simulator's call records.
import type { Server } from 'node:http';
import { createPlatformClient } from '@helena/sdk';
import { createPlatformSimulator } from '@helena/sdk/testing';
import { platformSummarySource, type SummarySource } from '../mail/summary';
import type { Mount } from '../app';

/** A stored assistant a demo page may name with `assistant-id`; without one the widget sends it inline. */
export const DEMO_ASSISTANT_ID = 'demo-assistant';
/** Where the simulator is mounted on this server. */
export const DEMO_PREFIX = '/sim';

export interface Demo {
  mount: Mount;
  summaries: SummarySource;
  onServer(server: Server): void;
  close(): Promise<void>;
}

/** Builds the simulator, its mount, its WebSocket rooms and a summary source reading from it. */
export function createDemo(): Demo {
  const simulator = createPlatformSimulator({
    seed: { assistant: [{ id: DEMO_ASSISTANT_ID, name: 'Helena' }] },
  });
  // The summary lookup never leaves the process: the client's fetch is the simulator's own.
  const client = createPlatformClient({
    token: simulator.privateKey,
    baseUrl: 'http://simulator.internal',
    fetch: (input: string | URL | Request, init?: RequestInit) => simulator.fetch(new Request(input, init)),
    retry: 0,
  });
  return {
    mount: { prefix: DEMO_PREFIX, app: simulator.app },
    summaries: platformSummarySource({ client }),
    onServer: (server) => void simulator.attachRooms(server as never, { prefix: DEMO_PREFIX }),
    close: () => simulator.close(),
  };
}
