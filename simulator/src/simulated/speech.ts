// The demo's voice: where the browser can speak, the simulated assistant's lines are read aloud
// with the browser's own speech synthesis, so that the demo is not silent without real keys.
// While a line is heard, the assistant's audio level follows it (a word boundary is a peak),
// so the page's volume meter and speaking indicator match what the visitor hears rather than
// the room's own timing. Every browser API is looked up at call time and guarded, so Node (and
// browsers without speech synthesis) simply stay silent.

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
  speechSynthesis?: { speak(u: unknown): void; cancel(): void; getVoices?(): Array<{ lang: string }> };
  SpeechSynthesisUtterance?: new (text: string) => UtteranceLike;
}

/** True when the assistant's line in a platform app message is final and should be spoken. */
function finalAssistantLine(data: unknown): string | undefined {
  let m: unknown = data;
  if (typeof data === 'string') {
    try {
      m = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (!m || typeof m !== 'object') return undefined;
  const t = m as Record<string, unknown>;
  return t.type === 'transcript' && t.role === 'assistant' && t.transcriptType === 'final' && typeof t.transcript === 'string'
    ? t.transcript
    : undefined;
}

/** The level while a line is heard, and at a word boundary (above the SDK's speaking threshold). */
const VOICED_LEVEL = 0.08;
const WORD_PEAK_LEVEL = 0.14;
/** How long a word boundary's peak lasts. */
const WORD_PEAK_MS = 120;

/** Reads the assistant's final lines aloud in `lang` ('es-ES', 'en-US') and reports their level. */
export class DemoVoice {
  /** Utterances queued or being heard; the voice is audible while the first has started. */
  private readonly pending = new Set<UtteranceLike>();
  private started = false;
  private peakAt = -Infinity;

  constructor(
    private readonly lang: string,
    private readonly host: SpeechHost = globalThis as SpeechHost,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True where this browser can speak: then the audible voice, not the room, sets the assistant's level. */
  get available(): boolean {
    return !!this.host.speechSynthesis && typeof this.host.SpeechSynthesisUtterance === 'function';
  }

  /** Speaks the assistant's final line carried by `data`; says whether it did. */
  say(data: unknown): boolean {
    const line = finalAssistantLine(data);
    const synth = this.host.speechSynthesis;
    const Utterance = this.host.SpeechSynthesisUtterance;
    if (!line || !synth || typeof Utterance !== 'function') return false;
    const utterance = new Utterance(line);
    utterance.lang = this.lang;
    // A voice of the language when the browser lists one; otherwise the browser picks by `lang`.
    const prefix = this.lang.slice(0, 2).toLowerCase();
    const voice = synth.getVoices?.().find((v) => v.lang.toLowerCase().startsWith(prefix));
    if (voice) utterance.voice = voice;
    const done = () => {
      this.pending.delete(utterance);
      if (!this.pending.size) this.started = false;
    };
    utterance.onstart = () => {
      this.started = true;
      this.peakAt = this.now();
    };
    utterance.onboundary = () => {
      this.peakAt = this.now();
    };
    utterance.onend = done;
    utterance.onerror = done;
    this.pending.add(utterance);
    synth.speak(utterance);
    return true;
  }

  /** The assistant's audio level now: 0 unless a line is being heard. */
  level(): number {
    if (!this.started) return 0;
    return this.now() - this.peakAt < WORD_PEAK_MS ? WORD_PEAK_LEVEL : VOICED_LEVEL;
  }

  /** Stops any line being spoken (the call ended). */
  cancel(): void {
    this.pending.clear();
    this.started = false;
    this.host.speechSynthesis?.cancel();
  }
}
