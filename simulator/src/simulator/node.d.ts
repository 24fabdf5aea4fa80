import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { RoomRegistry } from './rooms';
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
export declare function roomNameFrom(path: string, prefix?: string): string | undefined;
/**
 * Accepts the rooms' WebSockets on `server` ('upgrade' requests to `{prefix}/room/{name}`); other
 * upgrade requests are left to the server's other listeners. Returns a function that detaches.
 */
export declare function attachRoomsTo(server: UpgradeServer, rooms: RoomRegistry, options?: AttachRoomsOptions): () => void;
export interface ListeningSimulator {
    /** `http://127.0.0.1:{port}`: the base URL for REST clients (and the rooms). */
    url: string;
    port: number;
    /** The Node http server. */
    server: Server;
    close(): Promise<void>;
}
export declare function listenOn(app: Hono, rooms: RoomRegistry, port: number, hostname: string, onClose: () => void): Promise<ListeningSimulator>;
