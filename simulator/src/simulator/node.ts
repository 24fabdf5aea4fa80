// Node-only glue: the rooms' WebSocket endpoint on an http server, and `listen()`. Only the
// `@helena/simulator/node` entry reaches this module, so it imports ws and @hono/node-server
// plainly; the browser entry never does.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ClientFrame } from '../simulated/protocol';
import { ROOM_SEGMENT } from '../simulated/protocol';
import type { RoomRegistry } from './room-registry';

/** The part of `http.Server` the rooms need. */
export interface UpgradeServer {
  on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
  off(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
}

export interface AttachRoomsOptions {
  /**
   * The path the simulator app is mounted under on this server ('/sim'). Room sockets are then
   * accepted at `{prefix}/room/{name}` only. Default: any path ending in `/room/{name}`.
   */
  prefix?: string;
}

/** The room name in `path`, if it is a room path under `prefix`. */
export function roomNameFrom(path: string, prefix?: string): string | undefined {
  const clean = path.split('?')[0] ?? path;
  if (prefix !== undefined) {
    const p = `/${prefix.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '');
    if (!clean.startsWith(`${p}/${ROOM_SEGMENT}/`)) return undefined;
  }
  const m = new RegExp(`/${ROOM_SEGMENT}/([A-Za-z0-9_-]+)/?$`).exec(clean);
  return m?.[1];
}

/**
 * Accepts the rooms' WebSockets on `server` ('upgrade' requests to `{prefix}/room/{name}`); other
 * upgrade requests are left to the server's other listeners. Returns a function that detaches.
 */
export function attachRoomsTo(server: UpgradeServer, rooms: RoomRegistry, options: AttachRoomsOptions = {}): () => void {
  // Made on the first room socket: a server that never gets one holds no WebSocket server.
  let wss: WebSocketServer | undefined;
  const sockets = new Set<WebSocket>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const name = roomNameFrom(req.url ?? '/', options.prefix);
    if (!name) return;
    wss ??= new WebSocketServer({ noServer: true });
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const session = rooms.connect(name, {
        send: (frame) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
        },
        close: () => ws.close(1000, 'room closed'),
      });
      ws.on('message', (data) => {
        let frame: ClientFrame;
        try {
          frame = JSON.parse(frameText(data)) as ClientFrame;
        } catch {
          return;
        }
        session.receive(frame);
      });
      ws.on('close', () => {
        sockets.delete(ws);
        session.closed();
      });
      ws.on('error', () => {});
    });
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const ws of sockets) ws.terminate();
    sockets.clear();
    wss?.close();
  };
}

/** A ws message's text: one buffer, fragments, or an ArrayBuffer. */
function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

export interface ListeningSimulator {
  /** `http://127.0.0.1:{port}`: the base URL for REST clients (and the rooms). */
  url: string;
  port: number;
  /** The Node http server. */
  server: Server;
  close(): Promise<void>;
}

export async function listenOn(
  app: Hono,
  rooms: RoomRegistry,
  port: number,
  hostname: string,
  onClose: () => void,
): Promise<ListeningSimulator> {
  const server = createAdaptorServer({ fetch: app.fetch, hostname }) as Server;
  const detach = attachRoomsTo(server, rooms);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const host = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    server,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        onClose();
        detach();
        server.close(() => resolve());
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      })),
  };
}
