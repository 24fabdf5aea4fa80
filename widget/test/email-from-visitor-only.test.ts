/**
 * The widget takes an address only from what the visitor said or typed. Driven through the real
 * simulator: its scripted assistant asks again for the email with an example address spoken
 * aloud, and that example must never prefill the form (it would send a proposal to a stranger).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebCallClient } from '@helena/sdk/web';
import { createPlatformSimulator, createSimulatedCallObject, DEFAULT_LINES } from '@helena/sdk/testing';
import type { VoiceClient } from '../src/voice/types';
import { makeStore, type Harness } from './helpers/doubles';

// Fast script timings, so that the conversation takes milliseconds.
const FAST = { speed: 1, wordMs: 2, listeningDelayMs: 10, firstMessageDelayMs: 5, responseDelayMs: 5, levelIntervalMs: 5, hangupDelayMs: 10 };

const closers: Array<() => unknown> = [];
let h: Harness | undefined;
afterEach(async () => {
  await h?.store.getState().stopCall();
  h?.store.getState().detach();
  while (closers.length) await closers.pop()!();
});

async function conversation() {
  const sim = createPlatformSimulator({ script: FAST });
  const server = await sim.listen();
  closers.push(() => sim.close());
  const loadVoice = async () =>
    new WebCallClient({ token: sim.publicKey, baseUrl: server.url, createCallObject: createSimulatedCallObject }) as unknown as VoiceClient;
  const created = await fetch(`${server.url}/assistant`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.privateKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Helena', firstMessage: '¡Hola! Soy Helena. ¿En qué puedo ayudarte hoy?' }),
  });
  expect(created.status).toBe(201);
  const { id: assistantId } = (await created.json()) as { id: string };
  h = makeStore({ publicKey: sim.publicKey, assistantId }, { loadVoice });
  const store = h.store;
  const botLines = () => store.getState().messages.filter((m) => m.role === 'bot' && m.isFinal).map((m) => m.message);
  /** Types a line and waits for the assistant's next final line. */
  const say = async (text: string) => {
    const before = botLines().length;
    await store.getState().sendText(text);
    await expect.poll(() => botLines().length, { timeout: 10_000 }).toBeGreaterThan(before);
    return botLines().at(-1)!;
  };
  await store.getState().startCall();
  await expect.poll(() => store.getState().status, { timeout: 10_000 }).toBe('active');
  await expect.poll(() => botLines().length, { timeout: 10_000 }).toBe(1);
  return { store, say };
}

describe('email detection reads only the visitor', () => {
  it("the assistant's spoken example address never opens the form; the visitor's does", async () => {
    const { store, say } = await conversation();
    await say('Hola, quiero información');
    await say('Tengo una panadería en Madrid');
    const retry = await say('no sé');
    // The simulator's own retry line, which quotes an example address aloud.
    expect(retry).toBe(DEFAULT_LINES.repeatEmail);
    expect(retry).toContain('ana arroba empresa punto com');
    expect(store.getState().emailOpen).toBe(false);
    expect(store.getState().form.email).toBe('');
    await store.getState().rescan();
    expect(store.getState().emailOpen).toBe(false);

    await say('mi correo es eva arroba tienda punto com');
    expect(store.getState()).toMatchObject({ emailOpen: true, form: { email: 'eva@tienda.com' } });
  }, 30_000);
});
