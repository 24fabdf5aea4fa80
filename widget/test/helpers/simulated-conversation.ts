/**
 * A widget store talking to the real platform simulator: its scripted assistant, over the real
 * WebCallClient and the simulated call object (WebSocket rooms on 127.0.0.1). The lead API is the
 * store harness's double.
 */
import { expect } from 'vitest';
import { WebCallClient } from '@helena/sdk/web';
import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator, createSimulatedCallObject } from '@helena/simulator/node';
import type { VoiceClient } from '../../src/voice/types';
import { makeStore, type Harness } from './doubles';

// Fast script timings, so that a conversation takes milliseconds.
const FAST = { speed: 1, wordMs: 2, listeningDelayMs: 10, firstMessageDelayMs: 5, responseDelayMs: 5, levelIntervalMs: 5, hangupDelayMs: 10 };

export interface SimulatedConversation {
  h: Harness;
  /** The assistant's final lines so far. */
  botLines(): string[];
  /** Types a line and resolves with the assistant's next final line. */
  say(text: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * How long one step (the call going live, an answer) may take. Generous: on a busy machine (a
 * load near 8, with other suites running beside this one) a step took over 10 s.
 * A test waiting on the conversation uses it too, and sets its own timeout to `CONVERSATION_TEST_MS`.
 */
export const STEP_MS = 30_000;
/** A test's timeout when it holds a conversation of a few steps. */
export const CONVERSATION_TEST_MS = 120_000;

/**
 * Starts a simulator, an assistant on it (with `assistant`'s extra settings, e.g. its tools) and
 * a live call from the store; resolves after the greeting.
 */
export async function simulatedConversation(assistant: Record<string, unknown> = {}): Promise<SimulatedConversation> {
  const sim = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, script: FAST });
  const server = await sim.listen();
  const created = await fetch(`${server.url}/assistant`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.privateKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Helena', firstMessage: '¡Hola! Soy Helena. ¿En qué puedo ayudarte hoy?', ...assistant }),
  });
  expect(created.status).toBe(201);
  const { id: assistantId } = (await created.json()) as { id: string };
  const loadVoice = async () =>
    new WebCallClient({ token: sim.publicKey, baseUrl: server.url, createCallObject: createSimulatedCallObject }) as unknown as VoiceClient;
  const h = makeStore({ publicKey: sim.publicKey, assistantId }, { loadVoice });
  const { store } = h;
  const botLines = () => store.getState().messages.filter((m) => m.role === 'bot' && m.isFinal).map((m) => m.message);
  const close = async () => {
    await store.getState().stopCall();
    store.getState().detach();
    await sim.close();
  };
  try {
    await store.getState().startCall();
    await expect.poll(() => store.getState().status, { timeout: STEP_MS }).toBe('active');
    await expect.poll(() => botLines().length, { timeout: STEP_MS }).toBe(1);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    h,
    botLines,
    close,
    async say(text) {
      const before = botLines().length;
      await store.getState().sendText(text);
      await expect.poll(() => botLines().length, { timeout: STEP_MS }).toBeGreaterThan(before);
      return botLines().at(-1)!;
    },
  };
}
