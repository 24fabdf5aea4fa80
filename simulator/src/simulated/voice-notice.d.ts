import { type VoiceHost } from './listen';
/**
 * The notice for a call that asked to `speak` and/or `listen` (each with its language) in a
 * browser that cannot; undefined when it can do all it was asked, or was asked nothing.
 */
export declare function voiceNotice(options: {
    speak?: {
        lang: string;
    };
    listen?: {
        lang: string;
    };
}, host?: VoiceHost): string | undefined;
