/**
 * The widget takes an address only from what the visitor said or typed. Driven through the real
 * simulator: its scripted assistant asks again for the email with an example address spoken
 * aloud, and that example must never prefill the form (it would send a proposal to a stranger).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_LINES } from '@helena/contract';
import { CONVERSATION_TEST_MS, simulatedConversation, type SimulatedConversation } from './helpers/simulated-conversation';

let c: SimulatedConversation | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

describe('email detection reads only the visitor', () => {
  it("the assistant's spoken example address never opens the form; the visitor's does", async () => {
    c = await simulatedConversation();
    const { store } = c.h;
    await c.say('Hola, quiero información');
    await c.say('Tengo una panadería en Madrid');
    const retry = await c.say('no sé');
    // The simulator's own retry line, which quotes an example address aloud.
    expect(retry).toBe(DEMO_LINES.repeatEmail);
    expect(retry).toContain('ana arroba empresa punto com');
    expect(store.getState().emailOpen).toBe(false);
    expect(store.getState().form.email).toBe('');
    await store.getState().rescan();
    expect(store.getState().emailOpen).toBe(false);

    await c.say('mi correo es eva arroba tienda punto com');
    expect(store.getState()).toMatchObject({ emailOpen: true, form: { email: 'eva@tienda.com' } });
  }, CONVERSATION_TEST_MS);
});
