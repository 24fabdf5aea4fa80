/** The utterance events the voice listens to (a subset of `SpeechSynthesisUtterance`). */
interface UtteranceLike {
    lang: string;
    voice?: unknown;
    onstart?: ((event?: unknown) => void) | null;
    onend?: ((event?: unknown) => void) | null;
    onerror?: ((event?: unknown) => void) | null;
    onboundary?: ((event?: unknown) => void) | null;
}
/** What the voice needs of the browser; `globalThis` in a browser. */
export interface SpeechHost {
    speechSynthesis?: {
        speak(u: unknown): void;
        cancel(): void;
        getVoices?(): Array<{
            lang: string;
        }>;
    };
    SpeechSynthesisUtterance?: new (text: string) => UtteranceLike;
}
/** Reads the assistant's final lines aloud in `lang` ('es-ES', 'en-US') and reports their level. */
export declare class DemoVoice {
    private readonly lang;
    private readonly host;
    private readonly now;
    /** Utterances queued or being heard; the voice is audible while the first has started. */
    private readonly pending;
    private started;
    private peakAt;
    constructor(lang: string, host?: SpeechHost, now?: () => number);
    /** True where this browser can speak: then the audible voice, not the room, sets the assistant's level. */
    get available(): boolean;
    /** Speaks the assistant's final line carried by `data`; says whether it did. */
    say(data: unknown): boolean;
    /** The assistant's audio level now: 0 unless a line is being heard. */
    level(): number;
    /** Stops any line being spoken (the call ended). */
    cancel(): void;
}
export {};
