/**
 * When the assistant registers the lead itself (its registrar_contacto tool, shown to the page as
 * a `tool-calls` message), the server behind the tool queues the proposal: the widget closes the
 * form instead of asking for it, keeps the address, and says the proposal is being sent. Real
 * simulator, whose scripted assistant calls the tool once the visitor gave an address and agreed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { registeredEmail } from '../src/store/call';
import { CONVERSATION_TEST_MS, STEP_MS, simulatedConversation, type SimulatedConversation } from './helpers/simulated-conversation';

let c: SimulatedConversation | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

const TOOL = {
  type: 'function',
  function: { name: 'registrar_contacto', parameters: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } },
};

describe('the assistant registers the lead', () => {
  it('the form closes, the address is kept, the toast says the proposal is on its way, and the page sends nothing itself', async () => {
    c = await simulatedConversation({ model: { provider: 'openai', model: 'gpt-4o', tools: [TOOL] } });
    const { store } = c.h;
    await c.say('Tengo una floristería en Cádiz');
    await c.say('mi correo es rosa@flores.example');
    expect(store.getState()).toMatchObject({ emailOpen: true, form: { email: 'rosa@flores.example' } });
    await c.say('sí, envíamela');
    await expect.poll(() => store.getState().emailOpen, { timeout: STEP_MS }).toBe(false);
    expect(c.h.toasts).toContainEqual(['success', 'Enviando propuesta personalizada...']);
    expect(c.h.storage.getItem('correoUsuario')).toBe('rosa@flores.example');
    expect(c.h.api.named('sendProposal')).toHaveLength(0);
  }, CONVERSATION_TEST_MS);

  it('without the tool, agreeing opens nothing new and sends nothing', async () => {
    c = await simulatedConversation();
    const { store } = c.h;
    await c.say('mi correo es eva@tienda.example');
    store.setState({ emailOpen: false });
    await c.say('sí, envíamela');
    expect(c.h.toasts).toEqual([]);
    expect(store.getState().emailOpen).toBe(false);
  }, CONVERSATION_TEST_MS);
});

describe('registeredEmail', () => {
  it('reads registrar_contacto’s address, with the arguments as an object or a JSON string; other tools are not a lead', () => {
    expect(registeredEmail({ type: 'tool-calls', toolCallList: [{ function: { name: 'registrar_contacto', arguments: { email: 'Ana@Empresa.com ' } } }] })).toBe('ana@empresa.com');
    expect(registeredEmail({ type: 'tool-calls', toolCallList: [{ function: { name: 'registrar_contacto', arguments: '{"email":"jon@x.example"}' } }] })).toBe('jon@x.example');
    expect(registeredEmail({ type: 'tool-calls', toolCallList: [{ function: { name: 'otra_herramienta', arguments: { email: 'a@b.example' } } }] })).toBeUndefined();
    expect(registeredEmail({ type: 'tool-calls', toolCallList: [{ function: { name: 'registrar_contacto', arguments: '{no json' } }] })).toBeUndefined();
    expect(registeredEmail({ type: 'tool-calls', toolCallList: [{ function: { name: 'registrar_contacto', arguments: { email: 'sin arroba' } } }] })).toBeUndefined();
  });
});
