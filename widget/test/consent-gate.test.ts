/**
 * consent="required" in the store: every way a conversation starts (the launcher, open() and
 * toggleHelenaChat through activate, the call button, a typed line) waits for the visitor's
 * answer; nothing is loaded that talks to the outside (voice client, chat, tRPC) before 'Aceptar';
 * the answer is kept in localStorage `helenaConsent` with the consent-version, and told to the page
 * as `helena:consent`. The voice platform and the lead server are doubles; the rest is real.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore, MemoryStorage, settle, type Harness } from './helpers/doubles';
import type { ChatController, HelenaConfig, StoreDeps } from '../src/store/store';

const KEY = 'helenaConsent';

/** A store whose outside-facing parts count their loads: the chat controller is a recorder. */
function gated(config: Partial<HelenaConfig> = {}, extra: Partial<StoreDeps> = {}) {
  const chatLines: string[] = [];
  let chatLoads = 0;
  const chat: ChatController = {
    send: async (text) => void chatLines.push(text),
    note: async () => false,
    row: async () => undefined,
    reset: async () => {},
  };
  const h = makeStore(
    { consent: 'required', ...config },
    {
      loadChat: async () => {
        chatLoads++;
        return { createChatController: () => chat };
      },
      ...extra,
    },
  );
  const consents: unknown[] = [];
  h.host.addEventListener('helena:consent', (e) => {
    const event = e as CustomEvent;
    expect(event.bubbles).toBe(true);
    expect(event.composed).toBe(true);
    consents.push(event.detail);
  });
  return { ...h, chatLines, consents, chatLoads: () => chatLoads };
}

/** Nothing that leaves the page has happened: no voice client, no call, no tRPC, no chat. */
function nothingSent(h: Harness & { chatLoads(): number }) {
  expect(h.voiceOptions).toEqual([]);
  expect(h.voice.startArgs).toEqual([]);
  expect(h.api.calls).toEqual([]);
  expect(h.chatLoads()).toBe(0);
}

let stores: Harness[] = [];
afterEach(() => {
  for (const h of stores) h.store.getState().detach();
  stores = [];
});
const keep = <T extends Harness>(h: T) => (stores.push(h), h);

describe('without consent="required"', () => {
  it('the launcher starts the call at once and nothing is stored', async () => {
    const h = keep(makeStore());
    await h.store.getState().activate();
    expect(h.voice.startArgs).toHaveLength(1);
    expect(h.store.getState().consent).toBeNull();
    expect(h.storage.getItem(KEY)).toBeNull();
  });

  it('only the value "required" asks: consent="yes" does not', async () => {
    const h = keep(gated({ consent: 'yes' }));
    await h.store.getState().activate();
    expect(h.voice.startArgs).toHaveLength(1);
    expect(h.store.getState().consent).toBeNull();
  });
});

describe('consent="required", nothing answered yet', () => {
  it('the launcher opens the panel on the question; nothing is sent or stored', async () => {
    const h = keep(gated());
    await h.store.getState().activate();
    await settle();
    expect(h.store.getState()).toMatchObject({ panelOpen: true, consent: 'ask', status: 'inactive' });
    nothingSent(h);
    expect(h.storage.getItem(KEY)).toBeNull();
    expect(h.consents).toEqual([]);
  });

  it("'Aceptar' is remembered with the version, told to the page, and the call asked for starts", async () => {
    const h = keep(gated({ consentVersion: '2026-01' }));
    await h.store.getState().activate();
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.store.getState().consent).toBeNull();
    expect(JSON.parse(h.storage.getItem(KEY)!)).toEqual({ accepted: true, version: '2026-01' });
    expect(h.consents).toEqual([{ accepted: true, version: '2026-01' }]);
    expect(h.voice.startArgs).toHaveLength(1);
    expect(h.store.getState().status).toBe('active');
  });

  it('without consent-version the version is null', async () => {
    const h = keep(gated());
    await h.store.getState().activate();
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.consents).toEqual([{ accepted: true, version: null }]);
    expect(JSON.parse(h.storage.getItem(KEY)!)).toEqual({ accepted: true, version: null });
  });

  it("'Rechazar' sends nothing, says so, and the way back asks again; 'Aceptar' then goes ahead", async () => {
    const h = keep(gated({ consentVersion: 'v1' }));
    await h.store.getState().activate();
    h.store.getState().answerConsent(false);
    await settle();
    expect(h.store.getState().consent).toBe('declined');
    nothingSent(h);
    expect(h.consents).toEqual([{ accepted: false, version: 'v1' }]);
    expect(JSON.parse(h.storage.getItem(KEY)!)).toEqual({ accepted: false, version: 'v1' });

    // The launcher again: the remembered answer is no, so its message (with the way back) shows.
    await h.store.getState().activate();
    expect(h.store.getState().consent).toBe('declined');
    nothingSent(h);

    h.store.getState().reviewConsent();
    expect(h.store.getState().consent).toBe('ask');
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.consents).toEqual([
      { accepted: false, version: 'v1' },
      { accepted: true, version: 'v1' },
    ]);
    expect(h.voice.startArgs).toHaveLength(1);
  });

  it('the call button (startCall) and a new conversation wait too', async () => {
    const h = keep(gated());
    await h.store.getState().startCall();
    expect(h.store.getState().consent).toBe('ask');
    await h.store.getState().newConversation();
    await settle();
    nothingSent(h);
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.voice.startArgs).toHaveLength(1);
  });

  it('a typed line waits and stays typed; after Aceptar it goes to the chat (hybrid, no call live)', async () => {
    const h = keep(gated());
    h.store.getState().setDraft('¿Cuánto cuesta?');
    await h.store.getState().sendText();
    await settle();
    expect(h.store.getState()).toMatchObject({ consent: 'ask', draft: '¿Cuánto cuesta?', messages: [] });
    nothingSent(h);
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.chatLines).toEqual(['¿Cuánto cuesta?']);
    expect(h.store.getState().draft).toBe('');
    expect(h.voice.startArgs).toEqual([]);
  });

  it('chat mode: opening the panel asks; Aceptar leaves the panel open with no call', async () => {
    const h = keep(gated({ mode: 'chat' }));
    await h.store.getState().activate();
    expect(h.store.getState()).toMatchObject({ panelOpen: true, consent: 'ask' });
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.store.getState()).toMatchObject({ panelOpen: true, consent: null, status: 'inactive' });
    nothingSent(h);
    await h.store.getState().sendText('Hola');
    await settle();
    expect(h.chatLines).toEqual(['Hola']);
  });

  it('voice mode: a typed line waits, then starts the call that carries it', async () => {
    const h = keep(gated({ mode: 'voice' }));
    await h.store.getState().sendText('Hola');
    expect(h.store.getState().consent).toBe('ask');
    nothingSent(h);
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.voice.startArgs).toHaveLength(1);
    await settle();
    expect(h.voice.sent.map((m) => m.message.content)).toContain('Hola');
  });

  it('the toggleHelenaChat window event goes through the question too', async () => {
    const h = keep(gated());
    window.dispatchEvent(new Event('toggleHelenaChat'));
    await settle();
    expect(h.store.getState().consent).toBe('ask');
    nothingSent(h);
  });
});

describe('a remembered answer', () => {
  const withStored = (value: string | null, config: Partial<HelenaConfig> = {}) => {
    const storage = new MemoryStorage();
    if (value !== null) storage.setItem(KEY, value);
    return keep(gated(config, { storage }));
  };

  it('yes to the same version: the launcher calls at once, no question, no event', async () => {
    const h = withStored(JSON.stringify({ accepted: true, version: '3' }), { consentVersion: '3' });
    await h.store.getState().activate();
    expect(h.store.getState().consent).toBeNull();
    expect(h.voice.startArgs).toHaveLength(1);
    expect(h.consents).toEqual([]);
  });

  it('yes to another version: asked again', async () => {
    const h = withStored(JSON.stringify({ accepted: true, version: '3' }), { consentVersion: '4' });
    await h.store.getState().activate();
    expect(h.store.getState().consent).toBe('ask');
    nothingSent(h);
  });

  it('yes with no version, and now a version is set: asked again', async () => {
    const h = withStored(JSON.stringify({ accepted: true, version: null }), { consentVersion: '1' });
    await h.store.getState().activate();
    expect(h.store.getState().consent).toBe('ask');
  });

  it('a version change on the live element asks again at the next start', async () => {
    const h = withStored(JSON.stringify({ accepted: true, version: '1' }), { consentVersion: '1' });
    await h.store.getState().activate();
    await h.store.getState().stopCall();
    h.store.getState().configure({ consentVersion: '2' });
    await h.store.getState().newConversation();
    expect(h.store.getState().consent).toBe('ask');
    expect(h.voice.startArgs).toHaveLength(1);
  });

  for (const [what, value] of [
    ['not JSON', '{accepted'],
    ['a bare true', 'true'],
    ['accepted as a string', JSON.stringify({ accepted: 'true', version: null })],
    ['null', 'null'],
  ] as const) {
    it(`something unreadable (${what}) is no answer: asked`, async () => {
      const h = withStored(value);
      await h.store.getState().activate();
      expect(h.store.getState().consent).toBe('ask');
      nothingSent(h);
    });
  }
});

describe('storage that fails', () => {
  const broken = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  };

  it('asks, never throws, and the answer holds for this page only', async () => {
    const h = keep(gated({}, { storage: broken }));
    await h.store.getState().activate();
    expect(h.store.getState().consent).toBe('ask');
    expect(() => h.store.getState().answerConsent(true)).not.toThrow();
    await settle();
    expect(h.voice.startArgs).toHaveLength(1);
    expect(h.consents).toEqual([{ accepted: true, version: null }]);
    // The next page (a new store on the same broken storage) asks again.
    const next = keep(gated({}, { storage: broken }));
    await next.store.getState().activate();
    expect(next.store.getState().consent).toBe('ask');
    nothingSent(next);
  });

  it('no storage at all (null): asked every page, works within it', async () => {
    const h = keep(gated({}, { storage: null }));
    await h.store.getState().activate();
    expect(h.store.getState().consent).toBe('ask');
    h.store.getState().answerConsent(true);
    await settle();
    expect(h.voice.startArgs).toHaveLength(1);
  });
});
