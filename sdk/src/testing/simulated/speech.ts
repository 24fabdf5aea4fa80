// The demo's voice: where the browser can speak, the simulated assistant's lines are read aloud
// with the browser's own speech synthesis, so that the demo is not silent without real keys.
// Every browser API is looked up at call time and guarded, so Node (and browsers without
// speech synthesis) simply stay silent.

/** What `speak` needs of the browser; `globalThis` in a browser. */
export interface SpeechHost {
  speechSynthesis?: { speak(u: unknown): void; cancel(): void; getVoices?(): Array<{ lang: string }> };
  SpeechSynthesisUtterance?: new (text: string) => { lang: string; voice?: unknown };
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

/** Speaks the assistant's final line carried by `data` in `lang` ('es-ES', 'en-US'); says whether it did. */
export function speakAssistantLine(data: unknown, lang: string, host: SpeechHost = globalThis as SpeechHost): boolean {
  const line = finalAssistantLine(data);
  const synth = host.speechSynthesis;
  const Utterance = host.SpeechSynthesisUtterance;
  if (!line || !synth || typeof Utterance !== 'function') return false;
  const utterance = new Utterance(line);
  utterance.lang = lang;
  // A voice of the language when the browser lists one; otherwise the browser picks by `lang`.
  const prefix = lang.slice(0, 2).toLowerCase();
  const voice = synth.getVoices?.().find((v) => v.lang.toLowerCase().startsWith(prefix));
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
  return true;
}

/** Stops any line being spoken (the call ended). */
export function stopSpeaking(host: SpeechHost = globalThis as SpeechHost): void {
  host.speechSynthesis?.cancel();
}
