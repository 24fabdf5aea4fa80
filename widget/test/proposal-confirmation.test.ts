/**
 * The assistant confirms a proposal only once the server queued one: agreeing in the chat is not
 * enough. After a successful send the chat says where the proposal went, and the page tells the
 * assistant (a system message on the call), which then confirms it aloud. Real simulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { simulatedConversation, type SimulatedConversation } from './helpers/simulated-conversation';

let c: SimulatedConversation | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

describe('the proposal confirmation', () => {
  it('agreement alone claims nothing; the queued send is shown and then confirmed by the assistant', async () => {
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
    await store.getState().submitLead();
    expect(c.h.api.named('sendProposal')).toHaveLength(1);
    // What the visitor sees in the chat names the address the proposal went to.
    expect(store.getState().messages.some((m) => m.role === 'bot' && m.message.includes('eva@tienda.com') && /camino/.test(m.message))).toBe(true);
    await expect.poll(() => c!.botLines().at(-1), { timeout: 10_000 }).toMatch(/va de camino a eva@tienda\.com/);
  }, 30_000);
});
