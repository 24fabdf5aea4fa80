/**
 * The platform simulator mounted at `/sim` of a real HTTP server on 127.0.0.1, as the lead server
 * mounts it in demo mode: an element in demo mode with `api-url` set to `url` talks to it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/simulator/node';

export interface MountedSimulator {
  sim: PlatformSimulator;
  /** The server's origin: `${url}/sim` is the simulator. */
  url: string;
  /** Every request's method and path under /sim, in order. */
  requests: string[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function mountedSimulator(): Promise<MountedSimulator> {
  const sim = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, script: { speed: 1, wordMs: 2, listeningDelayMs: 10, firstMessageDelayMs: 5, responseDelayMs: 5 } });
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').replace(/^\/sim(?=\/|$)/, '') || '/';
      requests.push(`${req.method} ${path}`);
      const body = await bodyOf(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const answer = await sim.fetch(new Request(`http://${req.headers.host}${path}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined }));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      // Streamed answers go out piece by piece, as they are produced.
      const reader = answer.body?.getReader();
      for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) res.write(part.value);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    sim,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await sim.close();
    },
  };
}
