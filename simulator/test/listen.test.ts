// The demo's ears: a simulated call object created with `listen` hears the visitor through the
// browser's speech recognition while joined and unmuted, and each final phrase becomes their
// turn in the room. The stand-in below keeps the Web Speech API's rules: start() on a running
// recognition throws InvalidStateError, and a session ends by itself after a silence.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedCallObject, voiceNotice, voiceSupport } from '@helena/simulator';
import { fastSimulator, recordAppMessages, until } from './helpers';

class FakeRecognition {
  static all: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = true;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  running = false;
  starts = 0;
  constructor() {
    FakeRecognition.all.push(this);
  }
  start() {
    if (this.running) throw new DOMException("Failed to execute 'start' on 'SpeechRecognition': recognition has already started.", 'InvalidStateError');
    this.running = true;
    this.starts++;
  }
  stop() {
    this.end();
  }
  abort() {
    this.end();
  }
  /** The browser ends the session (a silence, or after stop/abort). */
  end() {
    if (!this.running) return;
    this.running = false;
    this.onend?.();
  }
  /** The browser recognised `text`; interim results come first when asked for. */
  say(text: string, isFinal = true) {
    if (!this.running) return;
    const result = Object.assign([{ transcript: text }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.end();
  }
}

const g = globalThis as Record<string, unknown>;
const closers: Array<() => unknown> = [];
afterEach(async () => {
  delete g.webkitSpeechRecognition;
  delete g.SpeechRecognition;
  delete g.speechSynthesis;
  delete g.SpeechSynthesisUtterance;
  FakeRecognition.all = [];
  while (closers.length) await closers.pop()!();
});

async function joinedCall() {
  g.webkitSpeechRecognition = FakeRecognition;
  const s = await fastSimulator();
  closers.push(s.close);
  const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', firstMessage: 'Hola.' } }, s.sim.publicKey);
  const c = createSimulatedCallObject({ listen: { lang: 'es-ES' } });
  closers.push(() => c.destroy());
  const messages = recordAppMessages(c);
  await c.join({ url: created.body.webCallUrl });
  const recognition = FakeRecognition.all[0]!;
  return { c, messages, recognition };
}
const userFinals = (messages: any[]) => messages.filter((m) => m?.type === 'transcript' && m.role === 'user' && m.transcriptType === 'final').map((m) => m.transcript);

describe('voiceSupport', () => {
  it('says what this browser can do for the demo', () => {
    expect(voiceSupport({})).toEqual({ speaks: false, listens: false });
    expect(voiceSupport({ webkitSpeechRecognition: FakeRecognition })).toEqual({ speaks: false, listens: true });
    expect(voiceSupport({ speechSynthesis: {}, SpeechSynthesisUtterance: class {} })).toEqual({ speaks: true, listens: false });
  });
});

describe('the demo listening', () => {
  it('hears the visitor in the asked language; a final phrase is their turn, and the assistant answers', async () => {
    const { messages, recognition } = await joinedCall();
    expect(recognition).toMatchObject({ lang: 'es-ES', continuous: true, interimResults: false, running: true });
    recognition.say('tengo una', false);
    recognition.say('Tengo una panadería en Toledo');
    await until(() => userFinals(messages).includes('Tengo una panadería en Toledo'), 5000, 'the visitor turn');
    await until(() => messages.some((m) => m?.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'final' && m.transcript !== 'Hola.'), 5000, 'an answer');
    expect(userFinals(messages)).toEqual(['Tengo una panadería en Toledo']);
  });

  it('restarts after the browser ends a session on a silence, and stops for good when refused', async () => {
    const { recognition } = await joinedCall();
    recognition.end();
    expect(recognition.running).toBe(true);
    expect(recognition.starts).toBe(2);
    recognition.fail('not-allowed');
    expect(recognition.running).toBe(false);
    expect(recognition.starts).toBe(2);
  });

  it('stops for good when the recognition service is unreachable (no restart loop offline)', async () => {
    const { recognition } = await joinedCall();
    recognition.fail('network');
    expect(recognition.running).toBe(false);
    expect(recognition.starts).toBe(1);
  });

  it('is deaf while muted and after leaving', async () => {
    const { c, messages, recognition } = await joinedCall();
    c.setLocalAudio(false);
    expect(recognition.running).toBe(false);
    c.setLocalAudio(true);
    const again = FakeRecognition.all.at(-1)!;
    expect(again.running).toBe(true);
    again.say('Hola de nuevo');
    await until(() => userFinals(messages).includes('Hola de nuevo'), 5000, 'unmuted turn');
    await c.leave();
    expect(FakeRecognition.all.every((r) => !r.running)).toBe(true);
  });

  it('ignores what it hears while the demo voice is speaking (the microphone hears the speakers)', async () => {
    const synth = { speaking: true, speak() {}, cancel() {} };
    g.speechSynthesis = synth;
    const { c, messages, recognition } = await joinedCall();
    recognition.say('Hola, soy Helena');
    synth.speaking = false;
    recognition.say('Quiero una web');
    await until(() => userFinals(messages).includes('Quiero una web'), 5000, 'the visitor turn');
    expect(userFinals(messages)).toEqual(['Quiero una web']);
    await c.leave();
  });

  it('without speech recognition, joining works and nothing listens', async () => {
    const s = await fastSimulator();
    closers.push(s.close);
    const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena' } }, s.sim.publicKey);
    const c = createSimulatedCallObject({ listen: { lang: 'es-ES' } });
    closers.push(() => c.destroy());
    await c.join({ url: created.body.webCallUrl });
    expect(c.meetingState()).toBe('joined-meeting');
    expect(FakeRecognition.all).toEqual([]);
  });
});

describe('a demo without the voice it asked for', () => {
  it('says what is missing, in the asked language, and that voice needs the real platform', () => {
    const both = { speak: { lang: 'es-ES' }, listen: { lang: 'es-ES' } };
    expect(voiceNotice(both, {})).toMatch(/no puede hablar ni escuchar.*la voz necesita la plataforma real.*escribir/);
    expect(voiceNotice(both, { speechSynthesis: {}, SpeechSynthesisUtterance: class {} })).toMatch(/no puede escucharte.*plataforma real/);
    expect(voiceNotice(both, { webkitSpeechRecognition: FakeRecognition })).toMatch(/no puede leer las respuestas.*plataforma real/);
    expect(voiceNotice({ speak: { lang: 'en-US' }, listen: { lang: 'en-US' } }, {})).toMatch(/cannot speak or listen.*voice needs the real platform/);
    // All it asked for is there, or it asked for nothing: no notice.
    expect(voiceNotice(both, { webkitSpeechRecognition: FakeRecognition, speechSynthesis: {}, SpeechSynthesisUtterance: class {} })).toBeUndefined();
    expect(voiceNotice({}, {})).toBeUndefined();
    expect(voiceNotice({ listen: { lang: 'es-ES' } }, { webkitSpeechRecognition: FakeRecognition })).toBeUndefined();
  });

  it('the assistant says it in the call, as a final line, and the call goes on', async () => {
    // Node has neither speech synthesis nor recognition.
    const s = await fastSimulator();
    closers.push(s.close);
    const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', firstMessage: 'Hola.' } }, s.sim.publicKey);
    const c = createSimulatedCallObject({ speak: { lang: 'es-ES' }, listen: { lang: 'es-ES' } });
    closers.push(() => c.destroy());
    const messages = recordAppMessages(c);
    await c.join({ url: created.body.webCallUrl });
    const notice = voiceNotice({ speak: { lang: 'es-ES' }, listen: { lang: 'es-ES' } }, {});
    // Right after the call starts ('listening'), when a client listens to messages.
    await until(() => messages.length >= 2, 5000, 'the notice');
    expect(messages.slice(0, 2)).toEqual(['listening', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: notice }]);
    await until(() => messages.some((m) => m?.type === 'transcript' && m.transcript === 'Hola.'), 5000, 'the greeting');
    expect(c.meetingState()).toBe('joined-meeting');
  });

  it('a call object that asked for no voice says nothing of it', async () => {
    const s = await fastSimulator();
    closers.push(s.close);
    const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', firstMessage: 'Hola.' } }, s.sim.publicKey);
    const c = createSimulatedCallObject();
    closers.push(() => c.destroy());
    const messages = recordAppMessages(c);
    await c.join({ url: created.body.webCallUrl });
    await until(() => messages.some((m) => m?.type === 'transcript' && m.transcript === 'Hola.'), 5000, 'the greeting');
    expect(messages.filter((m) => typeof m?.transcript === 'string' && /plataforma real/.test(m.transcript))).toEqual([]);
  });
});
