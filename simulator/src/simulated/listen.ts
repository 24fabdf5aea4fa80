// The demo's ears: where the browser has speech recognition, what the visitor says into the
// microphone becomes their turn in the simulated room, so the demo can be talked to without real
// keys. Like the demo voice, every browser API is looked up when needed and guarded: in Node and
// in browsers without recognition nothing happens, and `voiceSupport()` says so.

/** One recognised alternative, as the Web Speech API delivers it. */
interface RecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: { readonly transcript: string } | undefined;
}

/** The event `onresult` receives. */
export interface RecognitionEventLike {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResultLike | undefined };
}

/** What the listener needs of a `SpeechRecognition` instance. */
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/** The globals the demo voice reads; `globalThis` in a browser. */
export interface VoiceHost {
  SpeechRecognition?: new () => RecognitionLike;
  webkitSpeechRecognition?: new () => RecognitionLike;
  speechSynthesis?: { speaking?: boolean };
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
export function voiceSupport(host: VoiceHost = globalThis): VoiceSupport {
  return {
    speaks: !!host.speechSynthesis && typeof host.SpeechSynthesisUtterance === 'function',
    listens: typeof (host.SpeechRecognition ?? host.webkitSpeechRecognition) === 'function',
  };
}

/**
 * Errors after which listening cannot work (permission refused, no service, no network to the
 * browser's recognition service): no restart, which would only fail again at once, in a loop.
 */
const FATAL = new Set(['not-allowed', 'service-not-allowed', 'language-not-supported', 'audio-capture', 'network']);

type ListenerState = 'idle' | 'listening' | 'stopped';

/**
 * Continuous recognition in `lang` while started. Browsers end a recognition session after a
 * silence even when `continuous`: it is restarted until `stop()`. Final phrases go to `onPhrase`,
 * except those heard while the demo voice itself is speaking (the microphone hears the speakers).
 */
export class SpeechListener {
  private state: ListenerState = 'idle';
  private recognition: RecognitionLike | null = null;

  constructor(
    private readonly lang: string,
    private readonly onPhrase: (text: string) => void,
    private readonly host: VoiceHost = globalThis,
  ) {}

  /** Starts listening; false when the browser has no speech recognition. */
  start(): boolean {
    const Recognition = this.host.SpeechRecognition ?? this.host.webkitSpeechRecognition;
    if (typeof Recognition !== 'function') return false;
    if (this.state === 'listening') return true;
    this.transition('listening');
    const recognition = new Recognition();
    recognition.lang = this.lang;
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.onresult = (event) => this.heard(event);
    recognition.onerror = (event) => {
      if (FATAL.has(event.error)) this.transition('stopped');
    };
    recognition.onend = () => {
      if (this.state !== 'listening' || this.recognition !== recognition) return;
      try {
        recognition.start();
      } catch {
        this.transition('stopped');
      }
    };
    this.recognition = recognition;
    try {
      recognition.start();
    } catch {
      this.transition('stopped');
      return false;
    }
    return true;
  }

  /** Stops listening (muted, left or destroyed); `start()` may be called again. */
  stop(): void {
    if (this.state !== 'listening') return;
    this.transition('idle');
  }

  get listening(): boolean {
    return this.state === 'listening';
  }

  private transition(next: ListenerState): void {
    if (next !== 'listening' && this.recognition) {
      const recognition = this.recognition;
      this.recognition = null;
      recognition.onresult = recognition.onerror = recognition.onend = null;
      try {
        recognition.abort();
      } catch {
        // Already ended: nothing to abort.
      }
    }
    this.state = next;
  }

  private heard(event: RecognitionEventLike): void {
    if (this.host.speechSynthesis?.speaking) return;
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      const text = result?.isFinal ? result[0]?.transcript.trim() : undefined;
      if (text) this.onPhrase(text);
    }
  }
}
