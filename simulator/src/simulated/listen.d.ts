/** One recognised alternative, as the Web Speech API delivers it. */
interface RecognitionResultLike {
    readonly isFinal: boolean;
    readonly length: number;
    readonly [index: number]: {
        readonly transcript: string;
    } | undefined;
}
/** The event `onresult` receives. */
export interface RecognitionEventLike {
    readonly resultIndex: number;
    readonly results: {
        readonly length: number;
        readonly [index: number]: RecognitionResultLike | undefined;
    };
}
/** What the listener needs of a `SpeechRecognition` instance. */
export interface RecognitionLike {
    lang: string;
    continuous: boolean;
    interimResults: boolean;
    onresult: ((event: RecognitionEventLike) => void) | null;
    onerror: ((event: {
        error: string;
    }) => void) | null;
    onend: (() => void) | null;
    start(): void;
    stop(): void;
    abort(): void;
}
/** The globals the demo voice reads; `globalThis` in a browser. */
export interface VoiceHost {
    SpeechRecognition?: new () => RecognitionLike;
    webkitSpeechRecognition?: new () => RecognitionLike;
    speechSynthesis?: {
        speaking?: boolean;
    };
    SpeechSynthesisUtterance?: unknown;
}
/** What the demo can do with voice in this browser. */
export interface VoiceSupport {
    /** The assistant's lines can be read aloud (speech synthesis). */
    speaks: boolean;
    /** The visitor can talk to the demo (speech recognition). */
    listens: boolean;
}
/**
 * What the simulated call object can do with voice here. Without `listens`, a page should say that
 * talking needs the real platform, and offer text instead.
 */
export declare function voiceSupport(host?: VoiceHost): VoiceSupport;
/**
 * Continuous recognition in `lang` while started. Browsers end a recognition session after a
 * silence even when `continuous`: it is restarted until `stop()`. Final phrases go to `onPhrase`,
 * except those heard while the demo voice itself is speaking (the microphone hears the speakers).
 */
export declare class SpeechListener {
    private readonly lang;
    private readonly onPhrase;
    private readonly host;
    private state;
    private recognition;
    constructor(lang: string, onPhrase: (text: string) => void, host?: VoiceHost);
    /** Starts listening; false when the browser has no speech recognition. */
    start(): boolean;
    /** Stops listening (muted, left or destroyed); `start()` may be called again. */
    stop(): void;
    get listening(): boolean;
    private transition;
    private heard;
}
export {};
