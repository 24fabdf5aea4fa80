/**
 * Typing without a call: the store talks to the platform's web chat API (the real simulator,
 * mounted at /sim of a real HTTP server as the lead server mounts it in demo mode), never starts a
 * voice call, and carries the conversation on when the visitor does press the call button. The
 * lead server is the store harness's double.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_LINES, DEMO_LINES_EN } from '@helena/contract';
import { makeStore, MemoryStorage, type Harness } from './helpers/doubles';
import { mountedSimulator, type MountedSimulator } from './helpers/mounted-simulator';
import type { ChatMessage } from '../src/store/store';

let m: MountedSimulator;
let h: Harness;
beforeEach(async () => {
  m = await mountedSimulator();
});
afterEach(async () => {
  h?.store.getState().detach();
  await m.close();
});

const botLines = () => h.store.getState().messages.filter((x) => x.role === 'bot' && x.isFinal).map((x) => x.message);

/** Types a line and resolves with the assistant's next settled line. */
async function say(text: string): Promise<string> {
  const before = botLines().length;
  await h.store.getState().sendText(text);
  await expect.poll(() => botLines().length, { timeout: 10_000 }).toBeGreaterThan(before);
  return botLines().at(-1)!;
}

describe('hybrid mode (the default): a line typed with no call live is a text chat', () => {
  it('opening the panel calls; after the call a typed line goes to POST /chat/web, and the answer streams in', async () => {
    h = makeStore({ apiUrl: m.url });
    await h.store.getState().activate();
    await expect.poll(() => h.store.getState().status).toBe('active');
    expect(h.voiceOptions).toHaveLength(1);
    await h.store.getState().stopCall();
    expect(h.store.getState()).toMatchObject({ panelOpen: true, status: 'inactive', ended: true });
    // Every state the answer went through, to see it arrive in pieces.
    const seen: ChatMessage[][] = [];
    h.store.subscribe((s) => seen.push(s.messages));
    const answer = await say('Hola, ¿qué hacéis?');
    expect(answer.length).toBeGreaterThan(20);
    const partials = seen.flat().filter((x) => x.role === 'bot' && !x.isFinal);
    expect(partials.length).toBeGreaterThan(1);
    expect(answer.startsWith(partials[0]!.message)).toBe(true);
    // No second call: the line went to the chat, with no voice client and no microphone.
    expect(h.voiceOptions).toHaveLength(1);
    expect(m.requests).toContain('POST /chat/web');
    expect(m.requests.some((r) => r.startsWith('POST /call/web'))).toBe(false);
    expect(h.store.getState()).toMatchObject({ status: 'inactive', replying: false, speaking: false, error: null });
  });

  it('the chat is recorded once, by its session id, as active', async () => {
    h = makeStore({ apiUrl: m.url });
    await say('Hola');
    await say('Tengo una floristería');
    await expect.poll(() => h.api.named('createVapiCall').length).toBe(1);
    const [created] = h.api.named('createVapiCall');
    expect(created).toMatchObject({ status: 'active', initial_data: { channel: 'chat', demo: true } });
    // The id the server will look up on the platform: the chat's session.
    const session = await m.sim.fetch(new Request(`http://sim/session/${created.vapi_id}`, { headers: { authorization: `Bearer ${m.sim.privateKey}` } }));
    expect(session.status).toBe(200);
  });

  it("the visitor's typed address opens the form; the assistant's example address never does", async () => {
    h = makeStore({ apiUrl: m.url });
    await say('Hola, quiero información');
    await say('Tengo una panadería en Madrid');
    const retry = await say('no sé');
    expect(retry).toBe(DEMO_LINES.repeatEmail);
    expect(h.store.getState().emailOpen).toBe(false);
    await say('mi correo es eva arroba tienda punto com');
    expect(h.store.getState()).toMatchObject({ emailOpen: true, form: { email: 'eva@tienda.com' } });
  });

  it('a queued proposal is confirmed once in the chat, by the assistant that heard it from the page', async () => {
    h = makeStore({ apiUrl: m.url });
    await say('Hola');
    await say('Tengo una floristería');
    await say('ana arroba flores punto es');
    h.store.getState().setField('name', 'Ana');
    const before = botLines().length;
    await h.store.getState().submitLead();
    await expect.poll(() => botLines().at(-1), { timeout: 10_000 }).toBe(DEMO_LINES.proposalOnItsWay.replace('{email}', 'ana@flores.es'));
    // One line: no second confirmation from the page itself.
    expect(botLines().slice(before)).toEqual([DEMO_LINES.proposalOnItsWay.replace('{email}', 'ana@flores.es')]);
    expect(h.toasts).toEqual([['success', 'Enviando propuesta personalizada...']]);
    // The proposal is about this chat: its row and token went with the lead.
    expect(h.api.named('createCall')[0]).toMatchObject({ vapi_call_id: 'vapi-row-1', vapi_call_token: 'tok-0123456789abcdef' });
  });

  /** The visitor describes the business, gives the address, sends the form: the bot lines that follow. */
  async function submitted(business: string, email: string): Promise<string[]> {
    await say(business);
    await say(email);
    const before = botLines().length;
    await h.store.getState().submitLead();
    await expect.poll(() => botLines().length, { timeout: 10_000 }).toBeGreaterThan(before);
    return botLines().slice(before);
  }

  it('a proposal the server held back (one went to the address recently): the toast and the assistant say so, nothing claims a send', async () => {
    h = makeStore({ apiUrl: m.url });
    h.api.sendStatus = 'sent-recently';
    expect(await submitted('Tengo una floristería', 'ana arroba flores punto es')).toEqual([DEMO_LINES.proposalSentRecently.replace('{email}', 'ana@flores.es')]);
    expect(h.toasts).toEqual([['error', 'Ya se pidió una propuesta para ana@flores.es hace poco, así que no hemos enviado otra. Revisa tu bandeja de entrada.']]);
    expect(botLines().join(' ')).not.toMatch(/camino/);
  });

  it('held for a reason the visitor is not told (not-sent), in English: no send is claimed', async () => {
    h = makeStore({ apiUrl: m.url, locale: 'en' });
    h.api.sendStatus = 'not-sent';
    expect(await submitted('We run a flower shop', 'ana@flores.es')).toEqual([DEMO_LINES_EN.proposalNotSent.replace('{email}', 'ana@flores.es')]);
    expect(h.toasts).toEqual([['error', 'We could not send the proposal to ana@flores.es: no email was sent.']]);
  });

  it('a platform that fails: the visitor keeps the line, the chat says why, the panel stays; the next line works', async () => {
    h = makeStore({ apiUrl: m.url });
    m.sim.faults.failNext(1, 503);
    await h.store.getState().sendText('Hola');
    await expect.poll(() => botLines().at(-1)).toMatch(/^Error: /);
    expect(h.store.getState()).toMatchObject({ panelOpen: true, error: null, status: 'inactive', replying: false });
    expect(h.store.getState().messages.find((x) => x.role === 'user')?.message).toBe('Hola');
    expect(h.events.map(([type]) => type)).toContain('helena:error');
    expect(await say('Hola de nuevo')).not.toMatch(/^Error/);
  });

  it('the call button carries the conversation on: the assistant is told what was typed', async () => {
    h = makeStore({ apiUrl: m.url });
    await say('Hola');
    await say('Tengo una floristería');
    await h.store.getState().startCall();
    await expect.poll(() => h.store.getState().status).toBe('active');
    const context = h.voice.sent.find((x) => x.message.role === 'system');
    expect(context?.message.content).toContain('Visitor: Hola');
    expect(context?.message.content).toContain('Visitor: Tengo una floristería');
  });

  it("'Nueva Conversación' starts over with no call; the old chat's row is closed, the next line is a new session", async () => {
    h = makeStore({ apiUrl: m.url });
    await say('Hola');
    await expect.poll(() => h.api.named('createVapiCall').length).toBe(1);
    await h.store.getState().newConversation();
    expect(h.store.getState()).toMatchObject({ messages: [], status: 'inactive' });
    expect(h.voiceOptions).toEqual([]);
    expect(h.api.named('updateVapiCall')).toMatchObject([{ status: 'inactive' }]);
    await say('Hola otra vez');
    await expect.poll(() => h.api.named('createVapiCall').length).toBe(2);
    const [first, second] = h.api.named('createVapiCall');
    expect(second.vapi_id).not.toBe(first.vapi_id);
  });
});

describe('chat mode', () => {
  it('the button opens the panel without a call; typing chats', async () => {
    h = makeStore({ apiUrl: m.url, mode: 'chat' });
    await h.store.getState().activate();
    expect(await say('¿Cuánto cuesta?')).toMatch(/precio|cuesta|€|euros/i);
    expect(h.voiceOptions).toEqual([]);
  });
});

describe('a reload', () => {
  it('shows the conversation again and clears the stale call id', async () => {
    const tab = new MemoryStorage();
    h = makeStore({ apiUrl: m.url }, { tabStorage: tab });
    await say('Hola');
    const before = h.store.getState().messages.map(({ role, message }) => ({ role, message }));
    h.store.getState().detach();
    // The new page: the same tab storage, a stale call id left in local storage.
    const local = new MemoryStorage();
    local.setItem('vapiCallId', 'stale');
    h = makeStore({ apiUrl: m.url }, { tabStorage: tab, storage: local });
    await expect.poll(() => h.store.getState().messages.map(({ role, message }) => ({ role, message }))).toEqual(before);
    expect(local.getItem('vapiCallId')).toBeNull();
    // Reopening starts a new chat (a new session), not the old one.
    await say('Sigo aquí');
    await expect.poll(() => h.api.named('createVapiCall').length).toBe(1);
  });

  it('a call reloaded before its first line: its id is dropped too', async () => {
    const tab = new MemoryStorage();
    const local = new MemoryStorage();
    h = makeStore({ apiUrl: m.url, mode: 'voice' }, { tabStorage: tab, storage: local });
    h.voice.autoCallStart = false;
    await h.store.getState().startCall();
    await expect.poll(() => local.getItem('vapiCallId')).toBe('vapi-call-1');
    expect(h.store.getState().messages).toEqual([]);
    h.store.getState().detach();
    h = makeStore({ apiUrl: m.url }, { tabStorage: tab, storage: local });
    await h.store.getState().rescan();
    expect(local.getItem('vapiCallId')).toBeNull();
  });

  it('ignores what is not a conversation in the tab storage', async () => {
    const tab = new MemoryStorage();
    tab.setItem('helenaConversation', JSON.stringify([{ role: 'admin', message: 'x', time: '' }, { role: 'user', message: 1 }, 'nope', { role: 'bot', message: 'Hola', time: '2026-01-01T00:00:00.000Z' }]));
    h = makeStore({ apiUrl: m.url }, { tabStorage: tab });
    await expect.poll(() => h.store.getState().messages.map((x) => x.message)).toEqual(['Hola']);
    tab.setItem('helenaConversation', '{not json');
    const broken = makeStore({ apiUrl: m.url }, { tabStorage: tab });
    // rescan() waits on the same session chunk the restore waits on, and after it.
    await broken.store.getState().rescan();
    expect(broken.store.getState().messages).toEqual([]);
    broken.store.getState().detach();
  });
});
