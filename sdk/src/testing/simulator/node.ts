// Node-only glue: the rooms' WebSocket endpoint on an http server, and `listen()`.
// `ws` and `@hono/node-server` are loaded with dynamic imports whose specifiers bundlers cannot
// see, so that importing `@helena/sdk/testing` stays free of Node modules (the widget bundles
// `createSimulatedCallObject` from it for browsers).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { ClientFrame } from '../simulated/protocol';
import { ROOM_SEGMENT } from '../simulated/protocol';
import type { RoomRegistry } from './rooms';
import { importOptional } from '../optional-import';

/** The part of a `ws` socket the rooms use (the package is an optional peer: its types may be absent). */
interface RoomSocket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate?(): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

/** The part of `ws`'s WebSocketServer the rooms use. */
interface RoomSocketServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, done: (ws: RoomSocket) => void): void;
  close(): void;
}

type RoomSocketServerClass = new (options: { noServer: true }) => RoomSocketServer;
interface WsModule {
  WebSocketServer?: RoomSocketServerClass;
  default?: { Server: RoomSocketServerClass };
}

interface NodeServerModule {
  createAdaptorServer: (options: { fetch: Hono['fetch']; hostname: string }) => Server;
}

const NEEDED_BY = "The platform simulator's server";

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
  let wss: Promise<RoomSocketServer> | undefined;
  const sockets = new Set<RoomSocket>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const name = roomNameFrom(req.url ?? '/', options.prefix);
    if (!name) return;
    wss ??= importOptional<WsModule>('ws', NEEDED_BY).then((mod) => {
      const WebSocketServer = mod.WebSocketServer ?? mod.default?.Server;
      if (!WebSocketServer) throw new Error("The 'ws' package has no WebSocketServer");
      return new WebSocketServer({ noServer: true });
    });
    wss.then(
      (server) =>
        server.handleUpgrade(req, socket, head, (ws) => {
          sockets.add(ws);
          const session = rooms.connect(name, {
            send: (frame) => {
              if (ws.readyState === 1) ws.send(JSON.stringify(frame));
            },
            close: () => ws.close(1000, 'room closed'),
          });
          ws.on('message', (data: unknown) => {
            let frame: ClientFrame;
            try {
              frame = JSON.parse(String(data)) as ClientFrame;
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
        }),
      () => socket.destroy(),
    );
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const ws of sockets) ws.terminate?.();
    sockets.clear();
    void wss?.then((s) => s.close());
  };
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
  const nodeServer = await importOptional<NodeServerModule>('@hono/node-server', NEEDED_BY);
  const server = nodeServer.createAdaptorServer({ fetch: app.fetch, hostname });
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
