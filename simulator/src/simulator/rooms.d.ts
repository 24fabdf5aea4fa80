import { type ClientFrame, type ServerFrame } from '../simulated/protocol';
import type { Conversation, DialogueFactory } from './dialogue';
import { type FunctionToolCallJson, type ToolCallOutcome } from './server-messages';
import { type Json } from './json';
/** Timings of the scripted assistant. Keep them short in tests (`{ speed: 20 }`, or each one). */
export interface SimulatorScriptOptions {
    /** Divides every timing below (2 = twice as fast). Default 1. */
    speed?: number;
    /** Time the assistant takes to say one word. Default 160 ms. */
    wordMs?: number;
    /** A partial transcript every this many words. Default 2. */
    partialEveryWords?: number;
    /** From joining to 'listening'. Default 200 ms. */
    listeningDelayMs?: number;
    /** From 'listening' to the first message. Default 250 ms. */
    firstMessageDelayMs?: number;
    /** From a visitor's turn to the answer. Default 450 ms. */
    responseDelayMs?: number;
    /** How often the speaker's audio level changes while it speaks. Default 60 ms. */
    levelIntervalMs?: number;
    /** From the ended status to the room closing. Default 300 ms. */
    hangupDelayMs?: number;
    /** Name of the assistant when neither the assistant nor its overrides name one. Default 'Helena'. */
    defaultName?: string;
}
interface Timings {
    wordMs: number;
    partialEveryWords: number;
    listeningDelayMs: number;
    firstMessageDelayMs: number;
    responseDelayMs: number;
    levelIntervalMs: number;
    hangupDelayMs: number;
}
export declare function resolveTimings(o?: SimulatorScriptOptions): Timings;
/** One joined call object, seen from the room. */
export interface RoomConnection {
    send(frame: ServerFrame): void;
    close(): void;
}
/** What a transport hands to the room for one connection. */
export interface RoomSession {
    receive(frame: ClientFrame): void;
    closed(): void;
}
/** Substitutes `{{ name }}` placeholders with variable values, as the platform's templates do. */
export declare function applyVariables(text: string, values?: Record<string, unknown>): string;
/** A room name: URL-safe and unguessable (the room URL is the capability to join). */
export declare const newRoomName: () => string;
export declare class Room {
    readonly name: string;
    readonly callId: string;
    private readonly assistant;
    private readonly variables;
    private readonly options;
    status: 'waiting' | 'active' | 'ended';
    endedReason: string | undefined;
    private readonly conns;
    private readonly speaker;
    private speakerPresent;
    readonly dialogue: Conversation;
    private readonly messages;
    private readonly openAi;
    private startedAt;
    private readonly timers;
    private readonly queue;
    private speaking;
    private generation;
    private turn;
    private assistantMuted;
    private customerMuted;
    private firstMessageSpoken;
    private silenceTimer;
    constructor(name: string, callId: string, assistant: Json, variables: Record<string, unknown>, options: {
        timings: Timings;
        dialogue: DialogueFactory;
        defaultName: string;
        videoRecordingEnabled: boolean;
        keepAliveOnLeave: boolean;
        updateCall: (patch: Record<string, unknown>) => void;
        /** The assistant calls a function tool: the platform POSTs it to the Server URL and resolves with its answer (undefined when none). */
        callTool?: (toolCall: FunctionToolCallJson) => Promise<ToolCallOutcome | undefined>;
        onEnded: (room: Room) => void;
    });
    get assistantName(): string;
    /** A call object connected; it sends `join` first. */
    connect(conn: RoomConnection): RoomSession;
    private receive;
    private join;
    private leave;
    private disconnected;
    private onAppMessage;
    /** Live call control: the messages a client sends (also `POST /call/{id}/control`). */
    control(message: Json): boolean;
    /** The visitor said `text` aloud: user transcripts, partial then final, then the answer. */
    userSpeech(text: string): void;
    private userTurn;
    private sayFirstMessage;
    private enqueue;
    private interrupt;
    private drain;
    /** Speaks one utterance. False when it was cut short (interrupted, or the call ended). */
    private utter;
    private setLevel;
    private transcript;
    private record;
    private conversationUpdate;
    /** The conversation as the platform's transcript text: 'AI: …' and 'User: …' lines. */
    transcriptText(): string;
    private artifact;
    /** Ends the call: the ended status-update, the end-of-call fields on the record, the room closing. */
    end(reason: string, opts?: {
        quiet?: boolean;
    }): void;
    /** Stops everything at once (the simulator is closing). */
    dispose(): void;
    private sendMessage;
    private broadcast;
    private armSilenceTimer;
    private later;
    private sleep;
    private clearTimers;
}
/** Every room of one simulator, by room name and by call id. */
export declare class RoomRegistry {
    private readonly bounds;
    private readonly byName;
    private readonly byCall;
    private readonly addedAt;
    /** At most `maxRooms` rooms, none kept longer than `maxAgeMs`; the oldest are ended and dropped. */
    constructor(bounds?: {
        maxRooms: number;
        maxAgeMs: number;
    });
    add(room: Room): void;
    /** Ends and drops the rooms over the bounds (oldest first). */
    sweep(): void;
    /** Ends and drops the room of `callId` (its call record is gone). */
    removeForCall(callId: string): void;
    private drop;
    get(name: string): Room | undefined;
    forCall(callId: string): Room | undefined;
    /** Opens a session on room `name`, or answers `no-room` and closes. */
    connect(name: string, conn: RoomConnection): RoomSession;
    all(): Room[];
    disposeAll(): void;
}
export {};
