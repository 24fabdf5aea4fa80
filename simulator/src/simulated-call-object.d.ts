export { voiceSupport, type VoiceSupport } from './simulated/listen';
export { voiceNotice } from './simulated/voice-notice';
import type { CallObjectLike, CallObjectParticipant, CreateCallObjectOptions } from '@helena/sdk/web';
/** The WebSocket surface used here: the browser's `WebSocket` and the `ws` package both have it. */
export interface WebSocketLike {
    readonly readyState: number;
    send(data: string): void;
    close(code?: number, reason?: string): void;
    onopen: ((ev: unknown) => void) | null;
    onmessage: ((ev: {
        data: unknown;
    }) => void) | null;
    onclose: ((ev: unknown) => void) | null;
    onerror: ((ev: unknown) => void) | null;
}
export type WebSocketConstructorLike = new (url: string) => WebSocketLike;
/** `Daily.createCallObject` options, plus a few that only the simulated call object reads. */
export interface SimulatedCallObjectOptions extends CreateCallObjectOptions {
    /** Read the assistant's lines aloud with the browser's speech synthesis, in this language ('es-ES'). */
    speak?: {
        lang: string;
    };
    /**
     * Hear the visitor with the browser's speech recognition, in this language ('es-ES'), while
     * joined and unmuted: each phrase becomes the visitor's turn in the room. See `voiceSupport()`.
     */
    listen?: {
        lang: string;
    };
    /** The room URL (a simulator `webCallUrl`), when `join()` is called without one. */
    url?: string;
    /** The local participant's name in the room. Default 'visitor'. */
    userName?: string;
    /** WebSocket implementation. Default: `globalThis.WebSocket`, else the `ws` package (Node 20). */
    WebSocket?: WebSocketConstructorLike;
    /** How long `join()` waits for the room. Default 10 000 ms. */
    joinTimeoutMs?: number;
}
/** A daily participant, as `participants()` and the participant events carry it. */
export interface SimulatedParticipant extends CallObjectParticipant {
    user_id: string;
    owner: boolean;
    joined_at: Date;
    will_eject_at: Date;
    audio: boolean;
    video: boolean;
    screen: boolean;
    tracks: Record<'audio' | 'video' | 'screenAudio' | 'screenVideo', {
        state: string;
        subscribed: boolean | 'staged';
    }>;
}
/** What `createSimulatedCallObject` returns: a `CallObjectLike`, plus test hooks. */
export interface SimulatedCallObject extends CallObjectLike {
    participants(): Record<string, SimulatedParticipant>;
    /** Test hook: the visitor says `text` aloud; the room transcribes it and the assistant answers. */
    simulateUserSpeech(text: string): void;
    /** The platform call id of the room joined (after `join()`). */
    readonly callId: string | undefined;
}
/**
 * Creates a call object that joins a platform-simulator room. Same signature as
 * `Daily.createCallObject`, so it can be passed to `WebCallClient` as `createCallObject`.
 */
export declare function createSimulatedCallObject(options?: SimulatedCallObjectOptions): SimulatedCallObject;
