/**
 * The store driven through the real voice client: `@helena/sdk/web`'s WebCallClient with
 * `createFakeCallObject` (from `@helena/simulator`) in place of daily-js, and a platform
 * answering POST /call/web. Daily and the platform are the only doubles.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebCallClient } from '@helena/sdk/web';
import { createFakeCallObjectFactory } from '@helena/simulator';
import type { VoiceClient } from '../src/voice/types';
import { makeStore, settle, type Harness } from './helpers/doubles';

let h: Harness;
afterEach(() => h?.store.getState().detach());

function realVoice() {
  const factory = createFakeCallObjectFactory();
  const posts: any[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    posts.push({ url, auth: (init.headers as Record<string, string>)?.authorization ?? new Headers(init.headers).get('authorization'), body: JSON.parse(typeof init.body === 'string' ? init.body : '') });
    return new Response(JSON.stringify({ id: 'platform-call-7', webCallUrl: 'https://example.daily.co/room-7', assistant: { voice: { provider: 'openai' } } }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  const loadVoice = async () =>
    new WebCallClient({ token: 'pk_live', baseUrl: 'http://platform.test', createCallObject: factory, fetch }) as unknown as VoiceClient;
  return { factory, posts, loadVoice };
}

describe('the store with the real WebCallClient and a fake Daily call object', () => {
  it('start, listening → active, transcripts, typed lines, email, stop → farewell', async () => {
    const { factory, posts, loadVoice } = realVoice();
    h = makeStore({ publicKey: 'pk_live', assistantId: 'asst_9' }, { loadVoice });
    await h.store.getState().startCall();
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('http://platform.test/call/web');
    expect(posts[0].body).toMatchObject({
      assistantId: 'asst_9',
      assistantOverrides: { transcriber: { provider: 'deepgram', model: 'nova-2', language: 'es' }, model: { model: 'gpt-4o-mini' } },
    });
    expect(h.store.getState().status).toBe('loading');
    expect(h.storage.getItem('vapiCallId')).toBe('platform-call-7');

    const daily = factory.last!;
    daily.receiveAppMessage('listening');
    await settle();
    expect(h.store.getState().status).toBe('active');
    expect(h.events[0]).toEqual(['helena:call-start', { vapiCallId: 'platform-call-7', demo: false }]);

    daily.receiveAppMessage({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: '¡Hola!' });
    expect(h.store.getState().speaking).toBe(true);
    daily.receiveAppMessage({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: '¡Hola! Soy Helena.' });
    daily.receiveAppMessage({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'mi correo es eva arroba tienda punto com' });
    await settle();
    expect(h.store.getState().messages.map((m) => m.message)).toEqual(['¡Hola! Soy Helena.', 'mi correo es eva arroba tienda punto com']);
    expect(h.store.getState()).toMatchObject({ emailOpen: true, form: { email: 'eva@tienda.com' } });

    await h.store.getState().sendText('¿Cuánto cuesta?');
    expect(daily.appMessages.map((m) => (typeof m === 'string' ? JSON.parse(m) : m))).toContainEqual({
      type: 'add-message',
      message: { role: 'user', content: '¿Cuánto cuesta?' },
    });

    await h.store.getState().stopCall();
    await settle();
    expect(h.store.getState().status).toBe('inactive');
    expect(h.store.getState().messages.at(-1)?.message).toBe('Gracias por la conversación. ¡Hasta luego!');
    expect(h.events.map(([t]) => t)).toEqual(['helena:call-start', 'helena:call-end']);
    expect(h.api.named('updateVapiCall')[0]).toMatchObject({ status: 'inactive' });
  });

  it('a call the platform ends (left-meeting) ends here too', async () => {
    const { factory, loadVoice } = realVoice();
    h = makeStore({ publicKey: 'pk_live', assistantId: 'asst_9' }, { loadVoice });
    await h.store.getState().startCall();
    factory.last!.receiveAppMessage('listening');
    await settle();
    factory.last!.endMeeting();
    await settle();
    expect(h.store.getState()).toMatchObject({ status: 'inactive', ended: true });
  });

  it('a refused start (the platform answers 401) leaves the element inactive with the error', async () => {
    const factory = createFakeCallObjectFactory();
    const fetch = (async () =>
      new Response(JSON.stringify({ message: 'Invalid Key.', error: 'Unauthorized', statusCode: 401 }), { status: 401 })) as unknown as typeof globalThis.fetch;
    h = makeStore(
      { publicKey: 'pk_bad', assistantId: 'asst_9' },
      { loadVoice: async () => new WebCallClient({ token: 'pk_bad', baseUrl: 'http://platform.test', createCallObject: factory, fetch }) },
    );
    await h.store.getState().startCall();
    await settle();
    expect(h.store.getState().status).toBe('inactive');
    expect(h.store.getState().error).toBe('Invalid Key.');
    expect(h.store.getState().messages.map((m) => m.message)).toEqual(['Error: Invalid Key.']);
  });

  /** Every status the store shows, in order, without repeats. */
  function statuses(harness: Harness) {
    const seen: string[] = [harness.store.getState().status];
    harness.store.subscribe((state) => {
      if (seen.at(-1) !== state.status) seen.push(state.status);
    });
    return seen;
  }

  it('the status follows the client through a whole call: inactive, loading, active, loading, inactive', async () => {
    const { factory, loadVoice } = realVoice();
    h = makeStore({ publicKey: 'pk_live', assistantId: 'asst_9' }, { loadVoice });
    const seen = statuses(h);
    await h.store.getState().startCall();
    // Joined but the assistant is not listening yet: still connecting for the visitor.
    expect(h.store.getState().status).toBe('loading');
    factory.last!.receiveAppMessage('listening');
    await settle();
    await h.store.getState().stopCall();
    await settle();
    expect(seen).toEqual(['inactive', 'loading', 'active', 'loading', 'inactive']);
  });

  it('a failed start shows the error once and never goes back to loading while the client tears down', async () => {
    const factory = createFakeCallObjectFactory();
    const fetch = (async () => new Response('{"message":"Down."}', { status: 503 })) as unknown as typeof globalThis.fetch;
    const client = new WebCallClient({ token: 'pk_x', baseUrl: 'http://platform.test', createCallObject: factory, fetch });
    const phases: string[] = [];
    client.on('phase', ({ phase }) => phases.push(phase));
    h = makeStore({ publicKey: 'pk_x', assistantId: 'asst_9' }, { loadVoice: async () => client });
    const seen = statuses(h);
    await h.store.getState().startCall();
    await vi.waitFor(() => expect(phases.at(-1)).toBe('idle'));
    // The client went through stopping after the error; the visitor saw only the end.
    expect(phases).toEqual(['starting', 'stopping', 'idle']);
    expect(seen).toEqual(['inactive', 'loading', 'inactive']);
    expect(h.store.getState().error).toBeTruthy();
  });
});
