// The demo voice: a simulated call object created with `speak` reads the assistant's final lines
// with the browser's speech synthesis, in the asked language; without the API it stays silent.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedCallObject } from '@helena/simulator';
import { fastSimulator, recordAppMessages, until } from './helpers';

/** A stand-in for the browser's speechSynthesis: it accepts only utterances it made itself, as the real one does. */
class FakeSynth {
  spoken: Array<{ text: string; lang: string; voice?: { lang: string } }> = [];
  /** The utterances handed over, for the test to play (the browser fires their events as it speaks). */
  utterances: any[] = [];
  cancelled = 0;
  readonly voices = [{ lang: 'en-US' }, { lang: 'es-ES' }];
  readonly Utterance = class {
    lang = '';
    voice?: { lang: string };
    constructor(readonly text: string) {}
  };
  speak(u: unknown) {
    if (!(u instanceof this.Utterance)) throw new TypeError("Failed to execute 'speak' on 'SpeechSynthesis': parameter 1 is not of type 'SpeechSynthesisUtterance'.");
    this.spoken.push({ text: u.text, lang: u.lang, voice: u.voice });
    this.utterances.push(u);
  }
  cancel() {
    this.cancelled++;
  }
  getVoices() {
    return this.voices;
  }
}

const g = globalThis as Record<string, unknown>;
const closers: Array<() => unknown> = [];
afterEach(async () => {
  delete g.speechSynthesis;
  delete g.SpeechSynthesisUtterance;
  while (closers.length) await closers.pop()!();
});

async function call(speak?: { lang: string }) {
  const s = await fastSimulator();
  closers.push(s.close);
  const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', firstMessage: 'Hola, soy Helena.' } }, s.sim.publicKey);
  const c = createSimulatedCallObject(speak ? { speak } : {});
  closers.push(() => c.destroy());
  const messages = recordAppMessages(c);
  await c.join({ url: created.body.webCallUrl });
  return { c, messages };
}
const finals = (messages: any[]) => messages.filter((m) => m?.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'final').map((m) => m.transcript);

describe('the demo voice', () => {
  it("speaks the assistant's final lines with a voice of the language, and stops on leave", async () => {
    const synth = new FakeSynth();
    g.speechSynthesis = synth;
    g.SpeechSynthesisUtterance = synth.Utterance;
    const { c, messages } = await call({ lang: 'es-ES' });
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    c.sendAppMessage(JSON.stringify({ type: 'add-message', message: { role: 'user', content: 'Tengo una panadería' } }));
    await until(() => finals(messages).length === 2, 5000, 'answer');
    expect(synth.spoken.map((s) => s.text)).toEqual(finals(messages));
    expect(synth.spoken.every((s) => s.lang === 'es-ES' && s.voice?.lang === 'es-ES')).toBe(true);
    await c.leave();
    expect(synth.cancelled).toBe(1);
  });

  it('stays silent without speech synthesis, and when not asked to speak', async () => {
    const silent = await call({ lang: 'en-US' });
    await until(() => finals(silent.messages).includes('Hola, soy Helena.'), 5000, 'greeting');
    // Without a voice, the call first says so, in the asked language.
    expect(finals(silent.messages)[0]).toMatch(/cannot read the answers aloud.*voice needs the real platform/);
    const synth = new FakeSynth();
    g.speechSynthesis = synth;
    g.SpeechSynthesisUtterance = synth.Utterance;
    const quiet = await call();
    await until(() => finals(quiet.messages).length === 1, 5000, 'greeting');
    expect(synth.spoken).toEqual([]);
  });

  it("the assistant's level follows the voice the visitor hears, not the room's timing", async () => {
    const synth = new FakeSynth();
    g.speechSynthesis = synth;
    g.SpeechSynthesisUtterance = synth.Utterance;
    const { c, messages } = await call({ lang: 'es-ES' });
    const levels: number[] = [];
    c.on('remote-participants-audio-level', (e?: any) => levels.push(Math.max(0, ...Object.values<number>(e.participantsAudioLevel))));
    await c.startRemoteParticipantsAudioLevelObserver(10);
    // The room has finished the greeting; the browser has not started reading it yet: silence.
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    await until(() => levels.length >= 5, 5000, 'levels');
    expect(levels.slice(-3)).toEqual([0, 0, 0]);
    // The browser reads it: the level rises above the SDK's speaking threshold, and falls at the end.
    const greeting = synth.utterances[0];
    greeting.onstart();
    greeting.onboundary();
    const heard = levels.length;
    await until(() => levels.length >= heard + 3, 5000, 'levels while heard');
    expect(levels.slice(heard).every((l) => l > 0.01)).toBe(true);
    greeting.onend();
    const after = levels.length;
    await until(() => levels.length >= after + 3, 5000, 'levels after');
    expect(levels.slice(after + 1).every((l) => l === 0)).toBe(true);
    await c.leave();
  });
});
