import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, settle, type Harness } from './helpers/doubles';

let h: Harness;

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/');
});

afterEach(() => {
  h?.store.getState().detach();
  vi.useRealTimers();
});

const messages = () => h.store.getState().messages.map((m) => [m.role, m.message, m.isFinal]);

async function activeCall(config = {}) {
  h = makeStore(config);
  await h.store.getState().startCall();
  await settle();
  expect(h.store.getState().status).toBe('active');
}

describe('initial state and configuration', () => {
  it('starts closed and inactive, with the defaults', () => {
    h = makeStore();
    const s = h.store.getState();
    expect(s.status).toBe('inactive');
    expect(s.panelOpen).toBe(false);
    expect(s.error).toBeNull();
    expect(s.config).toMatchObject({ name: 'Helena', chatLabel: 'Chat', locale: 'es', company: 'Acme AI' });
    expect(s.visible).toBe(true);
  });

  it('renders only on the show-on path', () => {
    history.replaceState(null, '', '/precios');
    h = makeStore({ showOn: '/' });
    expect(h.store.getState().visible).toBe(false);
    history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(h.store.getState().visible).toBe(true);
  });

  it('loads the English texts for locale="en"', async () => {
    h = makeStore({ locale: 'en' });
    await vi.waitFor(() => expect(h.store.getState().textsReady).toBe(true));
    expect(h.store.getState().config.locale).toBe('en');
  });
});

describe('call status transitions', () => {
  it('inactive → loading → active in demo mode (no public key), against the simulator', async () => {
    h = makeStore();
    const starting = h.store.getState().startCall();
    expect(h.store.getState().status).toBe('loading');
    expect(h.store.getState().panelOpen).toBe(true);
    await starting;
    await settle();
    expect(h.voiceOptions).toEqual([{ demo: true, publicKey: undefined, apiUrl: 'http://127.0.0.1:9', locale: 'es' }]);
    expect(h.store.getState().status).toBe('active');
    expect(h.events.map(([t]) => t)).toEqual(['helena:call-start']);
    expect(h.events[0]![1]).toMatchObject({ vapiCallId: 'vapi-call-1', demo: true });
  });

  it('starts with the assistant id and the inline overrides', async () => {
    h = makeStore({ publicKey: 'pk_1', assistantId: 'asst_1', company: 'Acme AI' });
    await h.store.getState().startCall();
    await settle();
    expect(h.voiceOptions[0]).toMatchObject({ demo: false, publicKey: 'pk_1' });
    const [assistant, overrides] = h.voice.startArgs[0]!;
    expect(assistant).toBe('asst_1');
    expect(overrides).toEqual({
      transcriber: { provider: 'deepgram', model: 'nova-2', language: 'es' },
      voice: { provider: 'openai', voiceId: 'alloy', model: 'gpt-4o-mini-tts' },
      model: { provider: 'openai', model: 'gpt-4o-mini' },
      firstMessage: '¡Hola! Soy Helena, la asistente virtual de Acme AI. ¿En qué puedo ayudarte hoy?',
    });
  });

  it('mode="demo" uses the simulator even with a public key', async () => {
    h = makeStore({ publicKey: 'pk_1', mode: 'demo' });
    await h.store.getState().startCall();
    expect(h.voiceOptions[0]!.demo).toBe(true);
    // no assistant id: the spec's settings as an inline assistant
    expect(h.voice.startArgs[0]).toEqual([
      {
        name: 'Helena',
        transcriber: { provider: 'deepgram', model: 'nova-2', language: 'es' },
        voice: { provider: 'openai', voiceId: 'alloy', model: 'gpt-4o-mini-tts' },
        model: { provider: 'openai', model: 'gpt-4o-mini' },
        firstMessage: '¡Hola! Soy Helena, la asistente virtual de Acme AI. ¿En qué puedo ayudarte hoy?',
      },
      undefined,
    ]);
  });

  it("raises 'ID del asistente no disponible' without an assistant id outside demo mode", async () => {
    h = makeStore({ publicKey: 'pk_1' });
    await h.store.getState().startCall();
    const s = h.store.getState();
    expect(s.status).toBe('inactive');
    expect(s.error).toBe('ID del asistente no disponible');
    expect(messages()).toEqual([['bot', 'Error: ID del asistente no disponible', true]]);
    expect(h.events).toEqual([['helena:error', { message: 'ID del asistente no disponible', source: 'start' }]]);
    expect(h.voiceOptions).toEqual([]);
  });

  it('call-start sets active and clears the error', async () => {
    h = makeStore({ publicKey: 'pk_1' });
    await h.store.getState().startCall(); // error: no assistant id
    h.store.getState().configure({ assistantId: 'asst_1' });
    await h.store.getState().startCall();
    await settle();
    expect(h.store.getState()).toMatchObject({ status: 'active', error: null });
  });

  it('toggling while active stops: loading, then inactive with the farewell', async () => {
    await activeCall();
    h.voice.endOnStop = false;
    const stopping = h.store.getState().toggleCall();
    expect(h.store.getState().status).toBe('loading');
    h.voice.emit('call-end');
    await stopping;
    const s = h.store.getState();
    expect(s.status).toBe('inactive');
    expect(s.ended).toBe(true);
    expect(messages().at(-1)).toEqual(['bot', 'Gracias por la conversación. ¡Hasta luego!', true]);
    expect(h.events.map(([t]) => t)).toEqual(['helena:call-start', 'helena:call-end']);
  });

  it('toggling while inactive starts a call; while loading it does nothing', async () => {
    h = makeStore();
    h.voice.autoCallStart = false;
    await h.store.getState().toggleCall();
    expect(h.store.getState().status).toBe('loading');
    await h.store.getState().toggleCall();
    expect(h.voice.startArgs).toHaveLength(1);
    expect(h.voice.stops).toBe(0);
  });

  it('an error event sets inactive, stores the message and appends it', async () => {
    await activeCall();
    h.voice.emit('error', { type: 'daily-error', error: { message: 'Meeting ended due to ejection' } });
    const s = h.store.getState();
    expect(s).toMatchObject({ status: 'inactive', error: 'Meeting ended due to ejection' });
    expect(messages().at(-1)).toEqual(['bot', 'Error: Meeting ended due to ejection', true]);
    expect(h.events.at(-1)).toEqual(['helena:error', { message: 'Meeting ended due to ejection', source: 'voice' }]);
  });

  it("an error without a message is 'Error desconocido'", async () => {
    await activeCall();
    h.voice.emit('error', {});
    expect(h.store.getState().error).toBe('Error desconocido');
  });

  it("a failed start without a message is 'Error desconocido al iniciar la llamada'", async () => {
    h = makeStore();
    h.voice.startResult = new Error('');
    await h.store.getState().startCall();
    expect(h.store.getState()).toMatchObject({ status: 'inactive', error: 'Error desconocido al iniciar la llamada' });
  });

  it('a failed start keeps its message', async () => {
    h = makeStore();
    h.voice.startResult = new Error('Permission denied');
    await h.store.getState().startCall();
    expect(h.store.getState().error).toBe('Permission denied');
  });

  it('a start the platform refuses (null) fails too', async () => {
    h = makeStore();
    h.voice.startResult = null;
    await h.store.getState().startCall();
    expect(h.store.getState().error).toBe('Error desconocido al iniciar la llamada');
  });

  it("a failed stop is 'Error desconocido al detener la llamada'", async () => {
    await activeCall();
    h.voice.stopError = new Error('');
    await h.store.getState().stopCall();
    expect(h.store.getState()).toMatchObject({ status: 'inactive', error: 'Error desconocido al detener la llamada' });
  });

  it('a voice client that cannot be loaded is reported as not initialised', async () => {
    h = makeStore({}, { loadVoice: async () => Promise.reject(new Error('chunk failed')) });
    await h.store.getState().startCall();
    expect(h.store.getState().error).toBe('El proveedor de voz no está inicializado correctamente');
  });

  it('stopping during a pending start ends in inactive without a call-end', async () => {
    h = makeStore();
    h.voice.autoCallStart = false;
    h.voice.endOnStop = false;
    await h.store.getState().startCall();
    expect(h.store.getState().status).toBe('loading');
    await h.store.getState().stopCall();
    expect(h.store.getState().status).toBe('inactive');
  });
});

describe('the vapi_call record', () => {
  it('says the visitor\'s language, so the server writes to them in it', async () => {
    await activeCall({ locale: 'en' });
    await settle();
    expect(h.api.named('createVapiCall')[0]).toMatchObject({ locale: 'en' });
  });

  it('is created active on start and updated inactive, with its token and end_time, on stop', async () => {
    await activeCall();
    await settle();
    expect(h.storage.getItem('vapiCallId')).toBe('vapi-call-1');
    const [created] = h.api.named('createVapiCall');
    expect(created).toMatchObject({ vapi_id: 'vapi-call-1', status: 'active', locale: 'es' });
    expect(created.initial_data).toMatchObject({ assistant_id: null, demo: true, locale: 'es' });
    expect(typeof created.initial_data.start_time).toBe('string');
    await h.store.getState().stopCall();
    await settle();
    const [updated] = h.api.named('updateVapiCall');
    expect(updated).toMatchObject({ id: 'vapi-row-1', token: 'tok-0123456789abcdef', status: 'inactive' });
    expect(updated.initial_data).toMatchObject({ ...created.initial_data, end_time: expect.any(String) });
    // once only
    h.voice.emit('call-end');
    await settle();
    expect(h.api.named('updateVapiCall')).toHaveLength(1);
  });
});

describe('transcripts and the speaking indicator', () => {
  it('a partial assistant transcript turns it on; it goes off 500 ms after the final one', async () => {
    await activeCall();
    h.voice.transcript('assistant', 'partial', 'Hola');
    expect(h.store.getState().speaking).toBe(true);
    h.voice.transcript('assistant', 'partial', 'Hola, soy');
    expect(messages()).toEqual([['bot', 'Hola, soy', false]]);
    h.voice.transcript('assistant', 'final', 'Hola, soy Helena.');
    expect(messages()).toEqual([['bot', 'Hola, soy Helena.', true]]);
    await vi.advanceTimersByTimeAsync(499);
    expect(h.store.getState().speaking).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.store.getState().speaking).toBe(false);
  });

  it('a typed line in the middle of a spoken one does not split it', async () => {
    await activeCall();
    h.voice.transcript('assistant', 'partial', '¡Hola! Soy');
    await h.store.getState().sendText('Tengo una tienda');
    h.voice.transcript('assistant', 'partial', '¡Hola! Soy Helena');
    h.voice.transcript('assistant', 'final', '¡Hola! Soy Helena.');
    expect(messages()).toEqual([
      ['bot', '¡Hola! Soy Helena.', true],
      ['user', 'Tengo una tienda', true],
    ]);
  });

  it('a new partial cancels the pending off', async () => {
    await activeCall();
    h.voice.transcript('assistant', 'final', 'Uno.');
    await vi.advanceTimersByTimeAsync(400);
    h.voice.transcript('assistant', 'partial', 'Dos');
    await vi.advanceTimersByTimeAsync(200);
    expect(h.store.getState().speaking).toBe(true);
  });

  it('user transcripts show the listening state and become user messages', async () => {
    await activeCall();
    h.voice.transcript('user', 'partial', 'quiero');
    expect(h.store.getState().listening).toBe(true);
    h.voice.transcript('user', 'final', 'Quiero una demo');
    expect(h.store.getState().listening).toBe(false);
    expect(messages()).toEqual([['user', 'Quiero una demo', true]]);
  });

  it('volume-level drives the visualiser, clamped to 0..1', async () => {
    await activeCall();
    h.voice.emit('volume-level', 0.42);
    expect(h.store.getState().volume).toBe(0.42);
    h.voice.emit('volume-level', 7);
    expect(h.store.getState().volume).toBe(1);
  });

  it('scrolls the message list 10 ms after a new message', async () => {
    await activeCall();
    const log = { scrollTop: 0, scrollHeight: 480 } as unknown as HTMLElement;
    h.store.getState().registerLog(log);
    h.voice.transcript('assistant', 'final', 'Hola');
    await vi.advanceTimersByTimeAsync(9);
    expect(log.scrollTop).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(log.scrollTop).toBe(480);
  });
});

describe('email detection and the modal', () => {
  it('an email in a final transcript opens the prefilled modal and announces correoDetectado', async () => {
    await activeCall();
    const seen: any[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('correoDetectado', listener);
    h.voice.transcript('user', 'final', 'Mi correo es juan punto perez arroba acme guion corp punto com');
    await settle();
    window.removeEventListener('correoDetectado', listener);
    expect(h.store.getState().emailOpen).toBe(true);
    expect(h.store.getState().form.email).toBe('juan.perez@acme-corp.com');
    expect(seen).toEqual([
      {
        correos: ['juan.perez@acme-corp.com'],
        mensaje: 'Mi correo es juan punto perez arroba acme guion corp punto com',
        timestamp: new Date(1_700_000_000_000).toISOString(),
      },
    ]);
  });

  it('auto-hides after 60 s', async () => {
    await activeCall();
    h.voice.transcript('user', 'final', 'ana@acme.com');
    await settle();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(h.store.getState().emailOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.store.getState().emailOpen).toBe(false);
  });

  it('the same address does not prompt twice', async () => {
    await activeCall();
    h.voice.transcript('user', 'final', 'ana@acme.com');
    await settle();
    h.store.getState().closeEmailModal();
    h.voice.transcript('assistant', 'final', '¿Tu correo es ana@acme.com?');
    await settle();
    expect(h.store.getState().emailOpen).toBe(false);
  });

  it('a saved address repeated later by the assistant does not reopen the modal', async () => {
    // The order seen in the browser: the assistant's echo of an earlier address arrives while the
    // modal holds a newer one; the visitor saves the newer one; then the assistant echoes it.
    await activeCall();
    h.voice.transcript('user', 'final', 'mi correo es marta@uno.com');
    await settle();
    h.store.getState().closeEmailModal();
    h.voice.transcript('user', 'final', 'mejor a mi otro correo: marta@dos.es');
    await settle();
    expect(h.store.getState()).toMatchObject({ emailOpen: true, form: { email: 'marta@dos.es' } });
    h.voice.transcript('assistant', 'final', 'Perfecto, he anotado tu correo marta@uno.com.');
    await settle();
    await h.store.getState().submitLead();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(h.store.getState().emailOpen).toBe(false);
    h.voice.transcript('assistant', 'final', 'Perfecto, he anotado tu correo marta@dos.es.');
    await settle();
    expect(h.store.getState().emailOpen).toBe(false);
  });

  it("a host page's correoDetectado event opens the modal for 10 s", async () => {
    h = makeStore();
    window.dispatchEvent(
      new CustomEvent('correoDetectado', { detail: { correos: ['Maria@Shop.es'], mensaje: 'x', timestamp: 1 } }),
    );
    await settle();
    expect(h.store.getState()).toMatchObject({ emailOpen: true, form: { email: 'maria@shop.es' } });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.store.getState().emailOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.store.getState().emailOpen).toBe(false);
  });

  it('editing the form cancels the auto-hide', async () => {
    await activeCall();
    h.voice.transcript('user', 'final', 'ana@acme.com');
    await settle();
    h.store.getState().setField('name', 'Ana');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.store.getState().emailOpen).toBe(true);
  });

  it('toggleHelenaChat starts a call, opens the panel and re-scans after 500 ms', async () => {
    h = makeStore();
    h.store.setState({ messages: [{ id: 'x', role: 'user', message: 'escríbeme a luis arroba gmail punto com', time: '', isFinal: true }] });
    window.dispatchEvent(new Event('toggleHelenaChat'));
    await settle();
    expect(h.store.getState()).toMatchObject({ panelOpen: true, status: 'active' });
    expect(h.store.getState().emailOpen).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(h.store.getState()).toMatchObject({ emailOpen: true, form: { email: 'luis@gmail.com' } });
  });
});

describe('typing', () => {
  it('during a call, a typed line is sent as add-message', async () => {
    await activeCall();
    h.store.getState().setDraft('  hola ');
    await h.store.getState().sendText();
    expect(h.voice.sent).toEqual([{ type: 'add-message', message: { role: 'user', content: 'hola' } }]);
    expect(messages()).toEqual([['user', 'hola', true]]);
    expect(h.store.getState().draft).toBe('');
  });

  it('voice mode: with no call, sending starts one first and sends once it is live', async () => {
    h = makeStore({ mode: 'voice' });
    h.voice.autoCallStart = false;
    await h.store.getState().sendText('quiero una demo');
    expect(h.store.getState().status).toBe('loading');
    expect(h.voice.sent).toEqual([]);
    h.voice.emit('call-start');
    expect(h.voice.sent).toEqual([{ type: 'add-message', message: { role: 'user', content: 'quiero una demo' } }]);
  });

  it('an email typed in the chat opens the modal', async () => {
    await activeCall();
    await h.store.getState().sendText('mi correo: pepe@acme.io');
    await settle();
    expect(h.store.getState().form.email).toBe('pepe@acme.io');
  });

  it('blank lines are not sent', async () => {
    await activeCall();
    await h.store.getState().sendText('   ');
    expect(h.voice.sent).toEqual([]);
  });
});

describe('the lead submit', () => {
  it("without an email the toast is 'El correo es obligatorio' and nothing is sent", async () => {
    h = makeStore();
    h.store.getState().openEmailModal('');
    await h.store.getState().submitLead();
    expect(h.toasts).toEqual([['error', 'El correo es obligatorio']]);
    expect(h.api.calls).toEqual([]);
  });

  it('customer.upsert → calls.createWithVerification → proposal.send, then closes after 1.5 s', async () => {
    await activeCall();
    await settle();
    h.store.getState().openEmailModal('ana@acme.com');
    h.store.getState().setField('name', ' Ana López ');
    h.store.getState().setField('cargo', 'CTO');
    await h.store.getState().submitLead();
    expect(h.api.named('upsertCustomer')).toEqual([
      { email: 'ana@acme.com', name: 'Ana López', cargo: 'CTO', company: undefined, website: '' },
    ]);
    expect(h.api.named('createCall')).toEqual([
      {
        transaction: 'propuesta-1700000000000',
        customer_id: 'cust-1',
        vapi_call_id: 'vapi-row-1',
        vapi_call_token: 'tok-0123456789abcdef',
        status: 'completada',
      },
    ]);
    expect(h.api.named('sendProposal')).toEqual([{ callId: 'call-row-1', token: 'tok-0123456789abcdef' }]);
    expect(h.toasts).toEqual([['success', 'Enviando propuesta personalizada...']]);
    expect(h.storage.getItem('correoUsuario')).toBe('ana@acme.com');
    expect(h.storage.getItem('callId')).toBe('call-row-1');
    expect(h.events.at(-1)).toEqual([
      'helena:lead',
      { email: 'ana@acme.com', name: 'Ana López', cargo: 'CTO', company: undefined, customerId: 'cust-1', callId: 'call-row-1' },
    ]);
    expect(h.store.getState()).toMatchObject({ saved: true, emailOpen: true });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(h.store.getState().emailOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.store.getState().emailOpen).toBe(false);
  });

  it('links no conversation it did not create: a stored vapiCallId carries no token', async () => {
    h = makeStore();
    h.storage.setItem('vapiCallId', 'vapi-from-earlier');
    h.store.getState().openEmailModal('ana@acme.com');
    await h.store.getState().submitLead();
    expect(h.api.named('getVapiCallByVapiId')).toEqual([]);
    expect(h.api.named('createCall')[0]).not.toHaveProperty('vapi_call_id');
    expect(h.api.named('sendProposal')).toEqual([{ callId: 'call-row-1' }]);
  });

  it('sends the honeypot as it is', async () => {
    h = makeStore();
    h.store.getState().openEmailModal('bot@spam.io');
    h.store.getState().setField('website', 'http://spam');
    await h.store.getState().submitLead();
    expect(h.api.named('upsertCustomer')[0].website).toBe('http://spam');
  });

  it('a failed customer save: error toast, email kept locally, modal closed, flow goes on', async () => {
    await activeCall();
    h.api.fail.upsertCustomer = new Error('boom');
    h.store.getState().openEmailModal('ana@acme.com');
    await h.store.getState().submitLead();
    expect(h.toasts).toEqual([['error', 'Error al guardar envio de propuesta']]);
    expect(h.storage.getItem('correoUsuario')).toBe('ana@acme.com');
    expect(h.store.getState()).toMatchObject({ emailOpen: false, submitting: false, status: 'active' });
    expect(h.api.named('createCall')).toEqual([]);
  });

  it('a failed call registration is only logged, and no proposal is sent', async () => {
    h = makeStore();
    h.api.fail.createCall = new Error('Cliente no encontrado');
    h.store.getState().openEmailModal('ana@acme.com');
    await h.store.getState().submitLead();
    expect(h.api.named('sendProposal')).toEqual([]);
    expect(h.toasts).toEqual([]);
    expect(h.logs.some(([m]) => m === 'call registration failed')).toBe(true);
    expect(h.store.getState().emailOpen).toBe(false);
  });

  it("a failed proposal send shows 'Error al enviar correo'", async () => {
    h = makeStore();
    h.api.fail.sendProposal = new Error('Servidor no disponible');
    h.store.getState().openEmailModal('ana@acme.com');
    await h.store.getState().submitLead();
    expect(h.api.named('createCall')).toHaveLength(1);
    expect(h.toasts).toEqual([['error', 'Error al enviar correo']]);
    expect(h.storage.getItem('callId')).toBeTruthy();
    expect(h.store.getState().emailOpen).toBe(false);
  });
});

describe('panel controls', () => {
  it('the close control works only while inactive', async () => {
    await activeCall();
    h.store.getState().closePanel();
    expect(h.store.getState().panelOpen).toBe(true);
    await h.store.getState().stopCall();
    h.store.getState().closePanel();
    expect(h.store.getState().panelOpen).toBe(false);
  });

  it('a new conversation clears the messages and starts a call', async () => {
    await activeCall();
    h.voice.transcript('assistant', 'final', 'Hola');
    await h.store.getState().stopCall();
    await h.store.getState().newConversation();
    await settle();
    expect(messages()).toEqual([]);
    expect(h.store.getState().status).toBe('active');
  });

  it('expands and shrinks; opens and closes the transcript', () => {
    h = makeStore();
    h.store.getState().toggleExpanded();
    expect(h.store.getState().expanded).toBe(true);
    h.store.getState().openTranscript();
    expect(h.store.getState().transcriptOpen).toBe(true);
    h.store.getState().closeTranscript();
    expect(h.store.getState().transcriptOpen).toBe(false);
  });

  it('detach removes the window listeners and stops the call', async () => {
    await activeCall();
    h.store.getState().detach();
    await settle();
    expect(h.voice.stops).toBe(1);
    window.dispatchEvent(new Event('toggleHelenaChat'));
    await settle();
    expect(h.voice.startArgs).toHaveLength(1);
  });
});
