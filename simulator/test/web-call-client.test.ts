// Acceptance: WebCallClient with createSimulatedCallObject completes a whole call in Node, and the
// call record read back through our own REST client holds what was said.
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '@helena/sdk';
import { WebCallClient, type CreateCallObject } from '@helena/sdk/web';
import { createSimulatedCallObject, enforceOneCallObject } from '@helena/simulator';
import { fastSimulator, until } from './helpers';

// Compile-time: the simulated factory has Daily.createCallObject's place in WebCallClient.
const asFactory: CreateCallObject = createSimulatedCallObject;
// Each client gets its own page, where daily's one-instance rule holds.
const onePage = () => enforceOneCallObject(asFactory);

const closers: Array<() => unknown> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

function record(client: WebCallClient) {
  const events: string[] = [];
  const messages: any[] = [];
  const volumes: number[] = [];
  for (const name of ['call-start', 'call-end', 'speech-start', 'speech-end', 'call-start-success', 'call-start-failed', 'error'] as const) {
    client.on(name, () => events.push(name));
  }
  client.on('message', (m: any) => messages.push(m));
  client.on('volume-level', (v: number) => volumes.push(v));
  return { events, messages, volumes };
}

const finals = (messages: any[], role = 'assistant') =>
  messages.filter((m) => m.type === 'transcript' && m.role === role && m.transcriptType === 'final').map((m) => m.transcript);

describe('WebCallClient + createSimulatedCallObject (Node)', () => {
  it('completes a whole call: call-start, greeting, a typed message answered, stop() → call-end, the record', async () => {
    const { sim, url, close } = await fastSimulator();
    closers.push(close);
    const platform = createPlatformClient({ token: sim.privateKey, baseUrl: url, retry: 0 });
    const assistant = await platform.assistants.create({ name: 'Helena', firstMessage: '¡Hola! Soy Helena, ¿en qué te ayudo?' });

    const client = new WebCallClient({ token: sim.publicKey, baseUrl: url, createCallObject: onePage() });
    closers.push(() => client.stop());
    const { events, messages, volumes } = record(client);

    const webCall = await client.start(assistant.id);
    expect(webCall).toMatchObject({ id: expect.any(String), webCallUrl: expect.stringContaining('/room/') });
    await until(() => events.includes('call-start'), 5000, 'call-start');
    await until(() => finals(messages).length === 1, 5000, 'the greeting');
    expect(finals(messages)[0]).toBe('¡Hola! Soy Helena, ¿en qué te ayudo?');
    expect(messages.some((m) => m.type === 'transcript' && m.transcriptType === 'partial')).toBe(true);
    await until(() => events.includes('speech-start'), 3000, 'speech-start');
    expect(Math.max(...volumes)).toBeGreaterThan(0);
    expect(volumes.every((v) => v >= 0 && v <= 1)).toBe(true);

    client.send({ type: 'add-message', message: { role: 'user', content: 'Tengo una agencia de viajes' } });
    await until(() => finals(messages).length === 2, 5000, 'the answer');
    // The visitor described the business already, so the script asks for the email next.
    expect(finals(messages)[1]).toMatch(/correo/);
    await until(() => events.includes('speech-end'), 3000, 'speech-end');

    await client.stop();
    await until(() => events.includes('call-end'), 3000, 'call-end');
    expect(messages.at(-1)).toMatchObject({ type: 'status-update', status: 'ended' });
    expect(events).not.toContain('error');

    const callId = webCall!.id;
    const call = await platform.calls.get(callId);
    expect(call).toMatchObject({ id: callId, status: 'ended', endedReason: 'customer-ended-call' });
    expect((call.messages ?? []).some((m: any) => m.role === 'user' && m.message === 'Tengo una agencia de viajes')).toBe(true);
    expect(call.analysis?.summary).toContain('Negocio: una agencia de viajes.');
    expect(call.startedAt && call.endedAt).toBeTruthy();
  });

  it('ends from the assistant side: say with endCallAfterSpoken → ended status, then call-end', async () => {
    const { sim, url, close } = await fastSimulator();
    closers.push(close);
    const client = new WebCallClient({ token: sim.publicKey, baseUrl: url, createCallObject: onePage() });
    closers.push(() => client.stop());
    const { events, messages } = record(client);
    await client.start({ name: 'Helena', firstMessage: 'Hola.' });
    await until(() => finals(messages).length === 1);
    client.say('Gracias, hasta luego.', true);
    await until(() => events.includes('call-end'), 5000, 'call-end');
    const ended = messages.filter((m) => m.type === 'status-update' && m.status === 'ended');
    expect(ended).toEqual([expect.objectContaining({ endedReason: 'assistant-ended-call-after-message-spoken' })]);
    expect(finals(messages).at(-1)).toBe('Gracias, hasta luego.');
  });

  it('fails a start cleanly when the platform answers an error (fault injection)', async () => {
    const { sim, url, close } = await fastSimulator();
    closers.push(close);
    sim.faults.failNext(1, 500, { path: '/call/web' });
    const client = new WebCallClient({ token: sim.publicKey, baseUrl: url, createCallObject: onePage() });
    const { events } = record(client);
    expect(await client.start({ name: 'Helena' } as any)).toBeNull();
    expect(events).toContain('call-start-failed');
    // …and the next start goes through.
    await client.start({ name: 'Helena' });
    await until(() => events.includes('call-start'), 5000, 'call-start after the fault');
    await client.stop();
  });
});
