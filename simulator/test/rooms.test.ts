// The room protocol, driven directly through createSimulatedCallObject in Node (no WebCallClient).
import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { createPlatformSimulator, createSimulatedCallObject, type SimulatedCallObject } from '@helena/simulator/node';
import { DEMO_LINES_EN } from '@helena/contract';
import { fastSimulator, recordAppMessages, until } from './helpers';

const closers: Array<() => unknown> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setup(options: Parameters<typeof fastSimulator>[0] = {}, callBody: Record<string, unknown> = { assistant: { name: 'Helena', firstMessage: 'Hola, soy Helena. ¿En qué te ayudo?' } }) {
  const s = await fastSimulator(options);
  closers.push(s.close);
  const created = await s.api('POST', '/call/web', callBody, s.sim.publicKey);
  expect(created.status).toBe(201);
  const call = createSimulatedCallObject();
  closers.push(() => call.destroy());
  const messages = recordAppMessages(call);
  const levels: number[] = [];
  call.on('remote-participants-audio-level', (ev) => levels.push(Object.values(ev.participantsAudioLevel as Record<string, number>).reduce((a, b) => a + b, 0)));
  const events: string[] = [];
  for (const e of ['joined-meeting', 'participant-joined', 'participant-left', 'left-meeting', 'error'] as const) call.on(e, () => events.push(e));
  return { ...s, webCall: created.body, call, messages, levels, events };
}

const finals = (messages: any[], role = 'assistant') => messages.filter((m) => m?.type === 'transcript' && m.role === role && m.transcriptType === 'final').map((m) => m.transcript);
const addMessage = (call: SimulatedCallObject, content: string) => call.sendAppMessage(JSON.stringify({ type: 'add-message', message: { role: 'user', content } }));

describe('simulated rooms', () => {
  it('runs the scripted call: listening, greeting with levels, answers, spoken email, summary on the record', async () => {
    const { call, webCall, messages, levels, events, api } = await setup();
    await call.join({ url: webCall.webCallUrl });
    expect(call.callId).toBe(webCall.id);
    await call.startRemoteParticipantsAudioLevelObserver(10);
    expect(call.meetingState()).toBe('joined-meeting');

    await until(() => finals(messages).length === 1, 5000, 'greeting');
    expect(messages[0]).toBe('listening');
    expect(messages).toContainEqual(expect.objectContaining({ type: 'status-update', status: 'in-progress' }));
    const speaker = Object.values(call.participants()).find((p) => !p.local)!;
    expect(speaker.user_name).toBe('Vapi Speaker');
    expect(events.slice(0, 2)).toEqual(['joined-meeting', 'participant-joined']);
    const greeting = messages.filter((m) => m?.role === 'assistant' && (m.type === 'transcript' || m.type === 'speech-update'));
    expect(greeting[0]).toMatchObject({ type: 'speech-update', status: 'started', role: 'assistant' });
    expect(greeting.some((m) => m.transcriptType === 'partial')).toBe(true);
    expect(greeting.findIndex((m) => m.transcriptType === 'partial')).toBeLessThan(greeting.findIndex((m) => m.transcriptType === 'final'));
    expect(greeting.at(-1)).toMatchObject({ type: 'speech-update', status: 'stopped' });
    expect(finals(messages)[0]).toBe('Hola, soy Helena. ¿En qué te ayudo?');
    await until(() => levels.at(-1) === 0, 2000, 'levels to fall');
    expect(Math.max(...levels)).toBeGreaterThan(0.01);
    expect(messages).toContainEqual(expect.objectContaining({ type: 'conversation-update', messagesOpenAIFormatted: [{ role: 'assistant', content: 'Hola, soy Helena. ¿En qué te ayudo?' }] }));

    addMessage(call, 'Hola, quiero información');
    await until(() => finals(messages).length === 2, 5000, 'first answer');
    expect(finals(messages)[1]).toMatch(/negocio/);
    addMessage(call, 'Tengo una panadería en Madrid');
    await until(() => finals(messages).length === 3, 5000, 'second answer');
    expect(finals(messages)[2]).toMatch(/correo/);

    call.simulateUserSpeech('mi correo es ana arroba empresa punto com');
    await until(() => finals(messages).length === 4, 5000, 'email confirmation');
    expect(finals(messages, 'user')).toEqual(['mi correo es ana arroba empresa punto com']);
    expect(messages.some((m) => m?.type === 'transcript' && m.role === 'user' && m.transcriptType === 'partial')).toBe(true);
    expect(finals(messages)[3]).toContain('ana@empresa.com');
    expect(finals(messages)[3]).toMatch(/propuesta/);

    await call.leave();
    expect(events.at(-1)).toBe('left-meeting');
    const record = (await api('GET', `/call/${webCall.id}`)).body;
    expect(record).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call', startedAt: expect.any(String), endedAt: expect.any(String) });
    expect(record.messages.filter((m: any) => m.role === 'user').map((m: any) => m.message)).toEqual([
      'Hola, quiero información',
      'Tengo una panadería en Madrid',
      'mi correo es ana arroba empresa punto com',
    ]);
    expect(record.transcript).toMatch(/^AI: Hola, soy Helena/);
    expect(record.transcript).toContain('User: Tengo una panadería en Madrid');
    expect(record.analysis.summary).toBe('Negocio: una panadería en Madrid. Contacto: ana@empresa.com.');
    expect(record.artifact.messages).toEqual(record.messages);
  });

  it('says a message and hangs up after it (say with endCallAfterSpoken)', async () => {
    const { call, webCall, messages, events, api } = await setup();
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1);
    call.sendAppMessage(JSON.stringify({ type: 'say', message: 'Hasta pronto.', endCallAfterSpoken: true }));
    await until(() => events.includes('left-meeting'), 5000, 'the room to close');
    expect(finals(messages).at(-1)).toBe('Hasta pronto.');
    expect(messages.at(-1)).toMatchObject({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call-after-message-spoken' });
    expect(events.slice(-2)).toEqual(['participant-left', 'left-meeting']);
    const record = (await api('GET', `/call/${webCall.id}`)).body;
    expect(record).toMatchObject({ status: 'ended', endedReason: 'assistant-ended-call-after-message-spoken' });
    expect(record.analysis.summary).toMatch(/no dijo nada/);
  });

  it('ends on end-call, and on a goodbye', async () => {
    const a = await setup();
    await a.call.join({ url: a.webCall.webCallUrl });
    a.call.sendAppMessage(JSON.stringify({ type: 'end-call' }));
    await until(() => a.events.includes('left-meeting'));
    expect(a.messages.at(-1)).toMatchObject({ type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' });

    const b = await setup();
    await b.call.join({ url: b.webCall.webCallUrl });
    await until(() => finals(b.messages).length === 1);
    addMessage(b.call, 'Nada más, adiós');
    await until(() => b.events.includes('left-meeting'));
    expect(b.messages.at(-1)).toMatchObject({ type: 'status-update', status: 'ended', endedReason: 'assistant-said-end-call-phrase' });
  });

  it('waits for say-first-message when video recording is on, and honours mute-assistant', async () => {
    const { call, webCall, messages, levels } = await setup({}, { assistant: { name: 'Helena', artifactPlan: { videoRecordingEnabled: true } } });
    expect(webCall.artifactPlan.videoRecordingEnabled).toBe(true);
    await call.join({ url: webCall.webCallUrl });
    await call.startRemoteParticipantsAudioLevelObserver(10);
    await until(() => messages.includes('listening'));
    await new Promise((r) => setTimeout(r, 100));
    expect(finals(messages)).toEqual([]);
    call.sendAppMessage(JSON.stringify({ type: 'control', control: 'mute-assistant' }));
    call.sendAppMessage(JSON.stringify({ type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: 0.1 }));
    await until(() => finals(messages).length === 1);
    expect(finals(messages)[0]).toContain('Helena');
    expect(Math.max(0, ...levels)).toBe(0);
  });

  it('honours maxDurationSeconds and silenceTimeoutSeconds', async () => {
    const a = await setup({}, { assistant: { name: 'Helena', firstMessage: 'Hola.', maxDurationSeconds: 0.3 } });
    await a.call.join({ url: a.webCall.webCallUrl });
    await until(() => a.events.includes('left-meeting'), 3000, 'the max duration');
    expect(a.messages.at(-1)).toMatchObject({ type: 'status-update', status: 'ended', endedReason: 'exceeded-max-duration' });

    const b = await setup({}, { assistant: { name: 'Helena', firstMessage: 'Hola.', silenceTimeoutSeconds: 0.3 } });
    await b.call.join({ url: b.webCall.webCallUrl });
    await until(() => b.events.includes('left-meeting'), 3000, 'the silence timeout');
    expect((await b.api('GET', `/call/${b.webCall.id}`)).body.endedReason).toBe('silence-timed-out');
  });

  it('lets the assistant wait for the visitor (firstMessageMode), and fills {{variables}}', async () => {
    const { call, webCall, messages } = await setup({}, {
      assistant: { name: 'Helena', firstMessage: 'Hola {{nombre}}', firstMessageMode: 'assistant-waits-for-user' },
    });
    await call.join({ url: webCall.webCallUrl });
    await until(() => messages.includes('listening'));
    await new Promise((r) => setTimeout(r, 80));
    expect(finals(messages)).toEqual([]);

    const other = await setup({}, { assistant: { firstMessage: 'Hola {{nombre}}' }, assistantOverrides: { variableValues: { nombre: 'Ana' } } });
    await other.call.join({ url: other.webCall.webCallUrl });
    await until(() => finals(other.messages).length === 1);
    expect(finals(other.messages)[0]).toBe('Hola Ana');
  });

  it('answers speech and control sent from the server side (rooms API and control URL)', async () => {
    const { call, webCall, messages, sim } = await setup();
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1);
    expect(sim.rooms.speak(webCall.id, 'tengo una tienda')).toBe(true);
    await until(() => finals(messages).length === 2);
    expect(finals(messages, 'user')).toEqual(['tengo una tienda']);
    const res = await fetch(webCall.monitor.controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'say', message: 'Un momento.' }) });
    expect(res.status).toBe(200);
    await until(() => finals(messages).includes('Un momento.'));
  });

  it('streams what the assistant says as prefixes of its text, line breaks and Markdown kept', async () => {
    const { call, webCall, messages } = await setup();
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    const text = 'Opciones:\n- Web para **todos**\n- App  móvil\n\n1. uno dos tres';
    const res = await fetch(webCall.monitor.controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'say', message: text }) });
    expect(res.status).toBe(200);
    await until(() => finals(messages).includes(text), 5000, 'the whole utterance');
    const partials = messages
      .filter((m) => m?.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'partial')
      .map((m) => m.transcript as string)
      .filter((t) => t.startsWith('Opciones'));
    expect(partials.length).toBeGreaterThan(1);
    for (const p of partials) expect(text.startsWith(p), p).toBe(true);
    expect(partials.some((p) => p.includes('\n- Web'))).toBe(true);
  });

  it('hears nothing from a muted microphone (the call object and the server side), and hears again once unmuted', async () => {
    const { call, webCall, messages, sim } = await setup();
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    call.setLocalAudio(false);
    expect(call.localAudio()).toBe(false);
    call.simulateUserSpeech('no deberías oír esto');
    // A typed line still goes through. The room reads the call object's frames in order: once
    // the line is answered, the room has heard of the mute too.
    addMessage(call, 'Hola, quiero información');
    await until(() => finals(messages).length === 2, 5000, 'answer to the typed line');
    expect(sim.rooms.speak(webCall.id, 'ni esto tampoco')).toBe(true);
    addMessage(call, 'Tengo una panadería en Madrid');
    await until(() => finals(messages).length === 3, 5000, 'answer to the second typed line');
    expect(messages.some((m) => m?.type === 'transcript' && m.role === 'user')).toBe(false);

    call.setLocalAudio(true);
    call.simulateUserSpeech('tengo una tienda');
    await until(() => finals(messages, 'user').length === 1, 5000, 'the unmuted line');
    expect(finals(messages, 'user')).toEqual(['tengo una tienda']);
  });

  it('a call object muted before it joins is muted in the room from the start', async () => {
    const { call, webCall, messages, sim } = await setup();
    call.setLocalAudio(false);
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    sim.rooms.speak(webCall.id, 'no deberías oír esto');
    addMessage(call, 'Hola, quiero información');
    await until(() => finals(messages).length === 2, 5000, 'answer to the typed line');
    expect(messages.some((m) => m?.type === 'transcript' && m.role === 'user')).toBe(false);
  });

  it('refuses to join an unknown or ended room, like daily', async () => {
    const { url, call, webCall } = await setup();
    const stranger = createSimulatedCallObject();
    const errors: any[] = [];
    stranger.on('error', (e) => errors.push(e));
    await expect(stranger.join({ url: `${url}/room/nope` })).rejects.toThrow(/does not exist/);
    expect(errors[0]).toMatchObject({ action: 'error', errorMsg: expect.stringMatching(/does not exist/), error: { type: 'no-room' } });
    await stranger.destroy();

    await call.join({ url: webCall.webCallUrl });
    await call.leave();
    const late = createSimulatedCallObject();
    await expect(late.join({ url: webCall.webCallUrl })).rejects.toThrow(/does not exist/);
    await late.destroy();
  });

  it('cancels a pending join when destroyed, without an error event', async () => {
    const { call, webCall, events } = await setup();
    const joining = call.join({ url: webCall.webCallUrl });
    await call.destroy();
    await expect(joining).rejects.toThrow(/before it was joined/);
    expect(events).not.toContain('error');
    expect(call.isDestroyed()).toBe(true);
    await expect(call.join({ url: webCall.webCallUrl })).rejects.toThrow(/Use after destroy/);
  });

  it('keeps the call alive for a reconnect when roomDeleteOnUserLeaveEnabled is false', async () => {
    const { call, webCall, api, messages } = await setup({}, { assistant: { name: 'Helena' }, roomDeleteOnUserLeaveEnabled: false });
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1);
    await call.leave();
    expect((await api('GET', `/call/${webCall.id}`)).body.status).toBe('in-progress');
    const again = createSimulatedCallObject();
    closers.push(() => again.destroy());
    const second = recordAppMessages(again);
    await again.join({ url: webCall.webCallUrl });
    await until(() => second.includes('listening'));
  });

  it('a kept-alive room nobody rejoins ends after its window, as an abandoned call does', async () => {
    const { call, webCall, api, messages } = await setup({ script: { abandonedRoomMs: 300 } }, { assistant: { name: 'Helena' }, roomDeleteOnUserLeaveEnabled: false });
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1);
    await call.leave();
    expect((await api('GET', `/call/${webCall.id}`)).body.status).toBe('in-progress');
    await expect.poll(async () => (await api('GET', `/call/${webCall.id}`)).body, { timeout: 10_000 }).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
      endedAt: expect.any(String),
    });
  });

  it('a rejoin inside the window keeps the call; the end-call control ends it for good', async () => {
    const { call, webCall, api, messages } = await setup({ script: { abandonedRoomMs: 1500 } }, { assistant: { name: 'Helena' }, roomDeleteOnUserLeaveEnabled: false });
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1);
    await call.leave();
    const again = createSimulatedCallObject();
    closers.push(() => again.destroy());
    const second = recordAppMessages(again);
    await again.join({ url: webCall.webCallUrl });
    await until(() => second.includes('listening'));
    // Well past the window: the rejoined visitor is there, so the call goes on.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await api('GET', `/call/${webCall.id}`)).body.status).toBe('in-progress');
    again.sendAppMessage(JSON.stringify({ type: 'end-call' }));
    await expect.poll(async () => (await api('GET', `/call/${webCall.id}`)).body.status, { timeout: 10_000 }).toBe('ended');
  });

  it('joins rooms of a simulator mounted under /sim on a server of your own (attachRooms)', async () => {
    const sim = createPlatformSimulator({ script: { speed: 40 } });
    const host = new Hono();
    host.route('/sim', sim.app);
    // node:http ignores what a request listener returns; Hono's listener answers every request.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    const server = createServer(getRequestListener(host.fetch));
    const detach = sim.attachRooms(server, { prefix: '/sim' });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(async () => {
      detach();
      await sim.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/sim/call/web`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' },
      body: JSON.stringify({ assistant: { name: 'Helena' } }),
    });
    const webCall = (await res.json());
    expect(webCall.webCallUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/sim/room/`));
    const call = createSimulatedCallObject();
    closers.push(() => call.destroy());
    const messages = recordAppMessages(call);
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1, 5000, 'greeting through the mounted simulator');
  });
});

describe('system notes from the page', () => {
  it('confirms the proposal only once the page says the server queued it', async () => {
    const { call, webCall, messages } = await setup();
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    addMessage(call, 'Tengo una panadería en Madrid');
    await until(() => finals(messages).length === 2, 5000, 'ask for the email');
    addMessage(call, 'ana@empresa.com');
    await until(() => finals(messages).length === 3, 5000, 'confirm the email');
    addMessage(call, 'sí, envíamela');
    await until(() => finals(messages).length === 4, 5000, 'agreement');
    expect(finals(messages)[3]).not.toMatch(/va de camino/);
    call.sendAppMessage(JSON.stringify({ type: 'add-message', message: { role: 'system', content: 'La propuesta se ha puesto en cola para enviarse a ana@empresa.com.' } }));
    await until(() => finals(messages).length === 5, 5000, 'confirmation');
    expect(finals(messages)[4]).toMatch(/va de camino a ana@empresa\.com/);
  });
});

describe("the assistant's language", () => {
  it('a call whose transcriber (in the overrides) is English is answered in English; the report quotes the needs', async () => {
    const { call, webCall, messages, api } = await setup({}, { assistant: { name: 'Helena' }, assistantOverrides: { transcriber: { provider: 'deepgram', model: 'nova-2', language: 'en' } } });
    await call.join({ url: webCall.webCallUrl });
    await until(() => finals(messages).length === 1, 5000, 'greeting');
    expect(finals(messages)[0]).toBe(DEMO_LINES_EN.greeting.replace('{name}', 'Helena'));
    addMessage(call, 'We run a dental clinic and we need to answer calls after hours');
    await until(() => finals(messages).length === 2, 5000, 'answer');
    expect(finals(messages)[1]).toBe(`${DEMO_LINES_EN.businessNoted.replace('{business}', 'a dental clinic')} ${DEMO_LINES_EN.emailForProposal}`);
    await call.sendAppMessage(JSON.stringify({ type: 'end-call' }));
    const ended = await vi.waitFor(async () => {
      const r = await api('GET', `/call/${webCall.id}`);
      expect(r.body.status).toBe('ended');
      return r.body;
    });
    expect(ended.analysis.structuredData).toEqual({ email: null, business: 'We run a dental clinic and we need to answer calls after hours', needs: ['We run a dental clinic and we need to answer calls after hours'] });
  });
});
