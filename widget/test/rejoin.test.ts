/**
 * A call that survives a reload or the site's next page: the tab keeps a ticket (sessionStorage)
 * and the next page's element joins the same platform call again, keeping its one vapi_call row.
 * Each "page" is a store of its own over the same tab storage, as a reload gives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { REJOIN_KEY } from '../src/store/rejoin';
import { REJOIN_WINDOW_MS } from '../src/store/rejoin-flow';
import { makeStore, MemoryStorage, settle, type Harness } from './helpers/doubles';

const NOW = 1_700_000_000_000; // the doubles' clock
const WEB_CALL = { id: 'vapi-call-1', webCallUrl: 'https://example.daily.co/room-1' };
const pages: Harness[] = [];
afterEach(() => {
  while (pages.length) pages.pop()!.store.getState().detach();
  window.sessionStorage.clear();
});

/** A page of the tab: a store over the tab's storage and the shared local storage. */
function page(tab: MemoryStorage, storage?: MemoryStorage, now = NOW) {
  const h = makeStore({}, { tabStorage: tab, now: () => now, ...(storage ? { storage } : {}) });
  h.voice.startResult = { ...WEB_CALL };
  pages.push(h);
  return h;
}

/** The first page: a live call with one line each way. */
async function liveCall(tab: MemoryStorage) {
  const first = page(tab);
  await first.store.getState().startCall();
  await settle();
  expect(first.store.getState().status).toBe('active');
  first.voice.transcript('assistant', 'final', '¡Hola! Soy Helena.');
  first.voice.transcript('user', 'final', 'Tengo una panadería.');
  await expect.poll(() => first.api.named('createVapiCall').length).toBe(1);
  await settle();
  return first;
}

/** The first page, left while the assistant's `answer` is on screen before its final transcript. */
async function leaveMidAnswer(tab: MemoryStorage, answer: string, question?: string) {
  const first = await liveCall(tab);
  if (question) first.voice.transcript('user', 'final', question);
  first.voice.transcript('assistant', 'partial', answer);
  await settle();
  window.dispatchEvent(new Event('pagehide'));
  return first;
}

describe('rejoining after a reload or a navigation', () => {
  it('the next page shows every line this one showed: a visitor who leaves right after an answer appears', async () => {
    const tab = new MemoryStorage();
    const first = await liveCall(tab);
    // The visitor's question is settled; the answer is on screen in full, its final transcript not yet come.
    first.voice.transcript('user', 'final', '¿Cuánto cuesta?');
    first.voice.transcript('assistant', 'partial', 'El precio depende del volumen de conversaciones.');
    await settle();
    expect(first.store.getState().messages.at(-1)).toMatchObject({ message: 'El precio depende del volumen de conversaciones.', isFinal: false });
    window.dispatchEvent(new Event('pagehide'));
    await settle();

    const second = page(tab, first.storage, NOW + 2_000);
    await expect.poll(() => second.store.getState().messages.map((m) => m.message)).toEqual([
      '¡Hola! Soy Helena.',
      'Tengo una panadería.',
      '¿Cuánto cuesta?',
      'El precio depende del volumen de conversaciones.',
    ]);
  });

  it('the rest of a line the earlier page showed settles that line in the rejoined call, never repeating it', async () => {
    const tab = new MemoryStorage();
    const first = await leaveMidAnswer(tab, 'El precio depende del volumen', '¿Cuánto cuesta?');

    const second = page(tab, first.storage, NOW + 2_000);
    await expect.poll(() => second.store.getState().status).toBe('active');
    const shown = () => second.store.getState().messages.map((m) => m.message);
    // The room kept talking while the page loaded: more of the same words, then their final.
    second.voice.transcript('assistant', 'partial', 'El precio');
    second.voice.transcript('assistant', 'partial', 'El precio depende del volumen de conversaciones');
    await settle();
    expect(shown()).toEqual(['¡Hola! Soy Helena.', 'Tengo una panadería.', '¿Cuánto cuesta?', 'El precio depende del volumen de conversaciones']);
    second.voice.transcript('assistant', 'final', 'El precio depende del volumen de conversaciones.');
    await settle();
    expect(shown()).toEqual(['¡Hola! Soy Helena.', 'Tengo una panadería.', '¿Cuánto cuesta?', 'El precio depende del volumen de conversaciones.']);
    expect(second.store.getState().messages.at(-1)).toMatchObject({ isFinal: true });
    expect(second.store.getState().messages.at(-1)).not.toHaveProperty('carried');
    // The same words again later are a new line: the carried one is settled.
    second.voice.transcript('user', 'final', '¿Perdona?');
    second.voice.transcript('assistant', 'final', 'El precio depende del volumen de conversaciones.');
    await settle();
    expect(shown()).toHaveLength(6);
  });

  it('a new answer in the rejoined call follows the carried line, which stays as it was shown', async () => {
    const tab = new MemoryStorage();
    const first = await leaveMidAnswer(tab, 'Cuéntame más de tu negocio');

    const second = page(tab, first.storage, NOW + 2_000);
    await expect.poll(() => second.store.getState().status).toBe('active');
    second.voice.transcript('assistant', 'final', '¿Sigues ahí?');
    await settle();
    expect(second.store.getState().messages.map((m) => m.message)).toEqual(['¡Hola! Soy Helena.', 'Tengo una panadería.', 'Cuéntame más de tu negocio', '¿Sigues ahí?']);
    expect(second.store.getState().messages.every((m) => m.isFinal && !m.carried)).toBe(true);
  });

  it('starts calls whose room outlives the page, and keeps the ticket in the tab only', async () => {
    const tab = new MemoryStorage();
    const first = await liveCall(tab);
    expect(first.voice.startArgs).toHaveLength(1);
    const ticket = JSON.parse(tab.getItem(REJOIN_KEY)!);
    expect(ticket).toMatchObject({ ...WEB_CALL, row: { id: 'vapi-row-1', token: 'tok-0123456789abcdef' } });
    expect([...first.storage.data.keys()]).not.toContain(REJOIN_KEY);
  });

  it('the next page joins the same call: status active, the conversation so far, new lines appended, one row kept open', async () => {
    const tab = new MemoryStorage();
    const first = await liveCall(tab);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(first.api.named('updateVapiCall')).toHaveLength(0); // the row stays open
    expect(JSON.parse(tab.getItem(REJOIN_KEY)!).leftAt).toBe(NOW);

    const second = page(tab, first.storage, NOW + 2_000);
    await expect.poll(() => second.voice.reconnects.length).toBe(1);
    expect(second.voice.reconnects[0]).toMatchObject(WEB_CALL);
    await expect.poll(() => second.store.getState().status).toBe('active');
    expect(second.store.getState().messages.map((m) => m.message)).toEqual(['¡Hola! Soy Helena.', 'Tengo una panadería.']);
    expect(second.voice.startArgs).toHaveLength(0);
    expect(second.api.named('createVapiCall')).toHaveLength(0);
    expect(second.api.named('updateVapiCall')).toHaveLength(0);
    // The assistant already has the conversation: no note repeats it.
    expect(second.voice.sent.filter((m) => m.message.role === 'system')).toHaveLength(0);
    expect(first.storage.getItem('vapiCallId')).toBe('vapi-call-1'); // the local storage both pages share

    second.voice.transcript('assistant', 'final', '¿Cuál es tu correo?');
    await settle();
    expect(second.store.getState().messages.at(-1)?.message).toBe('¿Cuál es tu correo?');

    // Hanging up on the second page ends the call for good and closes the first page's row.
    await second.store.getState().stopCall();
    await settle();
    expect(second.store.getState().status).toBe('inactive');
    expect(second.api.named('updateVapiCall')).toEqual([
      expect.objectContaining({ id: 'vapi-row-1', token: 'tok-0123456789abcdef', status: 'inactive', initial_data: expect.objectContaining({ end_time: expect.any(String) }) }),
    ]);
    expect(tab.getItem(REJOIN_KEY)).toBeNull();
  });

  it('too long away: no rejoin, the conversation stays as text and the row is closed', async () => {
    const tab = new MemoryStorage();
    const first = await liveCall(tab);
    window.dispatchEvent(new Event('pagehide'));

    const later = page(tab, first.storage, NOW + REJOIN_WINDOW_MS + 1);
    await expect.poll(() => later.api.named('updateVapiCall').length).toBe(1);
    expect(later.api.named('updateVapiCall')[0]).toMatchObject({ id: 'vapi-row-1', status: 'inactive' });
    expect(later.voice.reconnects).toHaveLength(0);
    expect(later.store.getState()).toMatchObject({ status: 'inactive', error: null });
    expect(later.store.getState().messages.map((m) => m.message)).toEqual(['¡Hola! Soy Helena.', 'Tengo una panadería.']);
    expect(tab.getItem(REJOIN_KEY)).toBeNull();
  });

  it('a room that is gone: the rejoin fails quietly back to the text of the conversation, and the row is closed', async () => {
    const tab = new MemoryStorage();
    const first = await liveCall(tab);
    window.dispatchEvent(new Event('pagehide'));

    const second = page(tab, first.storage, NOW + 1_000);
    second.voice.reconnectError = new Error("The meeting you're trying to join does not exist.");
    await expect.poll(() => second.api.named('updateVapiCall').length).toBe(1);
    expect(second.store.getState()).toMatchObject({ status: 'inactive', error: null });
    expect(second.events.map(([t]) => t)).not.toContain('helena:error');
    expect(second.store.getState().messages.map((m) => m.message)).toEqual(['¡Hola! Soy Helena.', 'Tengo una panadería.']);
    expect(tab.getItem(REJOIN_KEY)).toBeNull();
    // The visitor can call again as usual.
    second.voice.reconnectError = null;
    await second.store.getState().startCall();
    await settle();
    expect(second.store.getState().status).toBe('active');
  });

  it('a call the platform ends leaves no ticket: the next page does not try to rejoin', async () => {
    const tab = new MemoryStorage();
    const first = await liveCall(tab);
    first.voice.emit('call-end');
    await settle();
    expect(tab.getItem(REJOIN_KEY)).toBeNull();
    const second = page(tab, first.storage, NOW + 1_000);
    await settle();
    expect(second.voice.reconnects).toHaveLength(0);
    expect(second.store.getState().status).toBe('inactive');
  });

  it('a ticket another script wrote (not ours, not a URL) is ignored and removed', async () => {
    const tab = new MemoryStorage();
    tab.setItem('helenaConversation', '[]');
    tab.setItem(REJOIN_KEY, JSON.stringify({ id: 'x', webCallUrl: 'javascript:alert(1)' }));
    const h = page(tab);
    await expect.poll(() => tab.getItem(REJOIN_KEY)).toBeNull();
    expect(h.voice.reconnects).toHaveLength(0);
    expect(h.store.getState().status).toBe('inactive');
  });
});
