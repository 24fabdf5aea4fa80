/**
 * The assistant confirms a proposal only once the server queued one: agreeing in the chat is not
 * enough. After a successful send the page tells the assistant (a system message on the call),
 * which then confirms it aloud: the one confirmation in the chat. With no conversation to hear
 * it, the page says it itself. Real simulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_LINES } from '@helena/contract';
import { CONVERSATION_TEST_MS, STEP_MS, simulatedConversation, type SimulatedConversation } from './helpers/simulated-conversation';

let c: SimulatedConversation | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

describe('the proposal confirmation', () => {
  it('agreement alone claims nothing; the queued send is confirmed once, by the assistant', async () => {
    c = await simulatedConversation();
    const { store } = c.h;
    await c.say('Tengo una panadería en Madrid');
    await c.say('mi correo es eva@tienda.com');
    expect(store.getState()).toMatchObject({ emailOpen: true, form: { email: 'eva@tienda.com' } });
    // The visitor closes the form and agrees in the chat: nothing has been sent.
    store.setState({ emailOpen: false });
    const agreed = await c.say('sí, envíamela');
    expect(agreed).not.toMatch(/va de camino/);
    expect(c.h.api.named('sendProposal')).toHaveLength(0);

    store.setState({ emailOpen: true });
    const before = c.botLines().length;
    await store.getState().submitLead();
    expect(c.h.api.named('sendProposal')).toHaveLength(1);
    await expect.poll(() => c!.botLines().at(-1), { timeout: STEP_MS }).toBe(DEMO_LINES.proposalOnItsWay.replace('{email}', 'eva@tienda.com'));
    // The page added no confirmation of its own: the assistant's is the only one.
    expect(c.botLines().slice(before)).toEqual([DEMO_LINES.proposalOnItsWay.replace('{email}', 'eva@tienda.com')]);
  }, CONVERSATION_TEST_MS);

  it('with no conversation to hear it, the page itself says where the proposal went, once', async () => {
    c = await simulatedConversation();
    const { store } = c.h;
    await c.say('Tengo una panadería en Madrid');
    await c.say('mi correo es eva@tienda.com');
    await store.getState().stopCall();
    await expect.poll(() => store.getState().status, { timeout: STEP_MS }).toBe('inactive');
    store.setState({ emailOpen: true });
    const before = store.getState().messages.length;
    await store.getState().submitLead();
    const added = store.getState().messages.slice(before).filter((m) => m.role === 'bot').map((m) => m.message);
    expect(added).toEqual(['Propuesta en camino a eva@tienda.com. Revisa tu bandeja de entrada.']);
  }, CONVERSATION_TEST_MS);
});
