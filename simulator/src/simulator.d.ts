import type { Hono } from 'hono';
import { type AttachRoomsOptions, type ListeningSimulator, type UpgradeServer } from './simulator/node';
import { type SimulatorScriptOptions } from './simulator/rooms';
import { type DialogueFactory, type ScriptedDialogue } from './simulator/dialogue';
import { MemoryStore } from './simulator/store';
export type { SimulatorScriptOptions } from './simulator/rooms';
export type { AttachRoomsOptions, ListeningSimulator, UpgradeServer } from './simulator/node';
export type { Entity as SimulatorEntity } from './simulator/store';
export { echoDialogue, scriptedDialogue, ScriptedConversation, type Conversation, type DialogueFactory, type DialogueLines, type DialogueReply, type DialogueStage, type ScriptedDialogue, } from './simulator/dialogue';
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
    bounds?: {
        maxPerCollection?: number;
        maxRooms?: number;
        maxAgeMs?: number;
    };
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
    listen(port?: number, options?: {
        hostname?: string;
    }): Promise<ListeningSimulator>;
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
export declare function createPlatformSimulator(options?: PlatformSimulatorOptions): PlatformSimulator;
