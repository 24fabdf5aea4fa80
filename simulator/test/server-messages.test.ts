// The simulator's Server URL deliveries, received by a real HTTP server on 127.0.0.1 that checks
// each signature with node:crypto (independently of the SDK's signer).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_LINES } from '@helena/contract';
import { createSimulatedCallObject } from '@helena/simulator';
import { createPlatformSimulator } from '@helena/simulator/node';
import { fastSimulator, recordAppMessages, until } from './helpers';

const SECRET = 'simulator-server-secret-0123';

interface Received {
  type: string;
  status?: string;
  body: any;
  signed: boolean;
}

const closers: Array<() => unknown> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** What the receiver answers a tool call with, as a server following the platform's shape would. */
type ToolAnswer = (toolCallId: string, args: any) => { result: string } | { error: string };

/**
 * A Server URL that records each delivery; the first `failFirst` requests get a 503. With
 * `answerTools`, a tool-calls message is answered `{ results: [{ toolCallId, … }] }`.
 */
async function receiver(failFirst = 0, answerTools?: ToolAnswer) {
  const received: Received[] = [];
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      if (requests <= failFirst) {
        res.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const expected = createHmac('sha256', SECRET).update(raw).digest('hex');
      const body = JSON.parse(raw);
      received.push({ type: body.message.type, status: body.message.status, body, signed: req.headers['x-vapi-signature'] === expected });
      const results =
        body.message.type === 'tool-calls' && answerTools
          ? body.message.toolCallList.map((t: any) => ({ toolCallId: t.id, ...answerTools(t.id, t.function.arguments) }))
          : undefined;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results ? { results } : {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vapi/events`, received, requests: () => requests };
}

describe('server messages from the simulator', () => {
  it('a call whose assistant names server.url gets status updates and an end-of-call report, signed, in order', async () => {
    const sink = await receiver();
    const s = await fastSimulator({ serverSecret: SECRET });
    closers.push(s.close);
    const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', firstMessage: 'Hola, soy Helena.', server: { url: sink.url } } }, s.sim.publicKey);
    expect(created.status).toBe(201);
    const call = createSimulatedCallObject();
    closers.push(() => call.destroy());
    await call.join({ url: created.body.webCallUrl });
    await until(() => sink.received.some((m) => m.status === 'in-progress'), 5000, 'in-progress');
    s.sim.rooms.end(created.body.id, 'customer-ended-call');
    await until(() => sink.received.some((m) => m.type === 'end-of-call-report'), 5000, 'report');

    expect(sink.received.map((m) => m.status ?? m.type)).toEqual(['in-progress', 'ended', 'end-of-call-report']);
    expect(sink.received.every((m) => m.signed)).toBe(true);
    const report = sink.received[2]!.body.message;
    expect(report.call.id).toBe(created.body.id);
    expect(report.endedReason).toBe('customer-ended-call');
    expect(typeof report.analysis.summary).toBe('string');
    expect(typeof report.artifact.transcript).toBe('string');
    expect(Date.parse(report.endedAt)).toBeGreaterThanOrEqual(Date.parse(report.startedAt));
  });

  it('the Server URL may come from assistantOverrides; a failed delivery is retried', async () => {
    const sink = await receiver(2);
    const s = await fastSimulator({ serverSecret: SECRET });
    closers.push(s.close);
    const assistant = await s.api('POST', '/assistant', { name: 'Helena', firstMessage: 'Hola.' });
    const created = await s.api('POST', '/call/web', { assistantId: assistant.body.id, assistantOverrides: { server: { url: sink.url } } }, s.sim.publicKey);
    expect(created.status).toBe(201);
    s.sim.rooms.end(created.body.id, 'customer-ended-call');
    await until(() => sink.received.some((m) => m.type === 'end-of-call-report'), 10_000, 'report');
    expect(sink.requests()).toBe(sink.received.length + 2);
    expect(sink.received.map((m) => m.status ?? m.type)).toEqual(['ended', 'end-of-call-report']);
  });

  it('the scripted assistant calls registrar_contacto once the visitor gave an email and agreed, if the assistant has the tool', async () => {
    const sink = await receiver();
    const s = await fastSimulator({ serverSecret: SECRET });
    closers.push(s.close);
    const tool = { type: 'function', function: { name: 'registrar_contacto', parameters: { type: 'object', properties: { email: { type: 'string' } } } } };
    const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', model: { provider: 'openai', model: 'gpt-4o', tools: [tool] }, server: { url: sink.url } } }, s.sim.publicKey);
    const call = createSimulatedCallObject();
    closers.push(() => call.destroy());
    const appMessages = recordAppMessages(call);
    await call.join({ url: created.body.webCallUrl });
    await until(() => sink.received.some((m) => m.status === 'in-progress'), 5000, 'in-progress');
    const say = (content: string) => call.sendAppMessage(JSON.stringify({ type: 'add-message', message: { role: 'user', content } }));
    say('Mi correo es ana@tiendas.example');
    say('Sí, envíamela por favor');
    const toolCalls = await until(() => {
      const found = sink.received.filter((m) => m.type === 'tool-calls');
      return found.length ? found : null;
    }, 5000, 'tool-calls');
    s.sim.rooms.end(created.body.id, 'customer-ended-call');
    await until(() => sink.received.some((m) => m.type === 'end-of-call-report'), 5000, 'report');
    // One call for the one agreement: giving the email alone did not call the tool.
    expect(sink.received.filter((m) => m.type === 'tool-calls')).toHaveLength(1);
    const message = toolCalls[0]!.body.message;
    expect(toolCalls[0]!.signed).toBe(true);
    expect(message.toolCallList).toHaveLength(1);
    expect(message.toolCallList[0]).toMatchObject({ type: 'function', function: { name: 'registrar_contacto', arguments: { email: 'ana@tiendas.example' } } });
    expect(message.call.id).toBe(created.body.id);
    // The web client sees the same call, as a tool-calls client message.
    const shown = appMessages.filter((m) => m?.type === 'tool-calls');
    expect(shown).toHaveLength(1);
    expect(shown[0].toolCallList).toEqual(message.toolCallList);
  });

  it('without a secret nothing is sent', async () => {
    const sink = await receiver();
    const s = await fastSimulator();
    closers.push(s.close);
    const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', server: { url: sink.url } } }, s.sim.publicKey);
    s.sim.rooms.end(created.body.id, 'customer-ended-call');
    const record = await s.api('GET', `/call/${created.body.id}`);
    expect(record.body.status).toBe('ended');
    expect(sink.requests()).toBe(0);
  });

  const TOOL = { type: 'function', function: { name: 'registrar_contacto', parameters: { type: 'object', properties: { email: { type: 'string' } } } } };
  const QUEUED = 'Listo, registrado.';

  it("once the Server URL answers the tool call, the voice assistant says where the proposal went; a refusal sends the visitor to the form", async () => {
    for (const [answer, expected] of [
      [() => ({ result: QUEUED }), DEMO_LINES.proposalOnItsWay.replace('{email}', 'ana@tiendas.example')],
      [() => ({ error: 'No he podido registrar los datos.' }), DEMO_LINES.offerForm],
    ] as const) {
      const sink = await receiver(0, answer);
      const s = await fastSimulator({ serverSecret: SECRET, serverUrl: () => sink.url });
      closers.push(s.close);
      // No server.url on the assistant: the organisation's (the simulator's serverUrl) is used.
      const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', firstMessage: 'Hola.', model: { provider: 'openai', model: 'gpt-4o', tools: [TOOL] } } }, s.sim.publicKey);
      const call = createSimulatedCallObject();
      closers.push(() => call.destroy());
      const appMessages = recordAppMessages(call);
      await call.join({ url: created.body.webCallUrl });
      const say = (content: string) => call.sendAppMessage(JSON.stringify({ type: 'add-message', message: { role: 'user', content } }));
      say('Mi correo es ana@tiendas.example');
      say('Sí, envíamela');
      await until(() => appMessages.some((m) => m?.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'final' && m.transcript === expected), 10_000, expected);
      s.sim.rooms.end(created.body.id, 'customer-ended-call');
    }
  });

  it('a chat calls registrar_contacto through the Server URL and answers with the outcome; the output shows the call and its result', async () => {
    const sink = await receiver(0, () => ({ result: QUEUED }));
    const s = await fastSimulator({ serverSecret: SECRET, serverUrl: () => sink.url });
    closers.push(s.close);
    const assistant = { name: 'Helena', model: { provider: 'openai', model: 'gpt-4o', tools: [TOOL] } };
    const first = await s.api('POST', '/chat/web', { assistant, input: 'Tengo una clínica dental' }, s.sim.publicKey);
    expect(first.status).toBe(201);
    const second = await s.api('POST', '/chat/web', { sessionId: first.body.sessionId, input: 'Mi correo es luis@clinica.example' }, s.sim.publicKey);
    expect(second.body.output.at(-1).content).toBe(DEMO_LINES.confirmEmail.replace('{email}', 'luis@clinica.example'));
    expect(sink.received.filter((m) => m.type === 'tool-calls')).toHaveLength(0);
    const third = await s.api('POST', '/chat/web', { sessionId: first.body.sessionId, input: 'Sí, envíamela' }, s.sim.publicKey);
    expect(third.status).toBe(201);

    const delivered = sink.received.filter((m) => m.type === 'tool-calls');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.signed).toBe(true);
    const message = delivered[0]!.body.message;
    expect(message.call).toBeUndefined();
    expect(message.chat.sessionId).toBe(first.body.sessionId);
    expect(message.toolCallList[0]).toMatchObject({ type: 'function', function: { name: 'registrar_contacto', arguments: { email: 'luis@clinica.example' } } });
    const id = message.toolCallList[0].id;
    // OpenAI's message shapes: the assistant's tool call, the tool's answer, then what it says.
    expect(third.body.output).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'registrar_contacto', arguments: JSON.stringify({ email: 'luis@clinica.example' }) } }] },
      { role: 'tool', tool_call_id: id, content: QUEUED },
      { role: 'assistant', content: DEMO_LINES.proposalOnItsWay.replace('{email}', 'luis@clinica.example') },
    ]);
  });

  it('a chat whose assistant lacks the tool promises nothing: it says the proposal is pending, and a system notice of the queued proposal confirms it', async () => {
    const sink = await receiver(0, () => ({ result: QUEUED }));
    const s = await fastSimulator({ serverSecret: SECRET, serverUrl: () => sink.url });
    closers.push(s.close);
    const first = await s.api('POST', '/chat/web', { assistant: { name: 'Helena' }, input: 'Mi correo es eva@taller.example' }, s.sim.publicKey);
    const agreed = await s.api('POST', '/chat/web', { sessionId: first.body.sessionId, input: 'vale' }, s.sim.publicKey);
    expect(agreed.body.output).toEqual([{ role: 'assistant', content: DEMO_LINES.proposalPending.replace('{email}', 'eva@taller.example') }]);
    expect(sink.requests()).toBe(0);
    const notice = await s.api(
      'POST',
      '/chat/web',
      { sessionId: first.body.sessionId, input: [{ role: 'system', content: 'La propuesta para eva@taller.example está en cola de envío.' }] },
      s.sim.publicKey,
    );
    expect(notice.body.output).toEqual([{ role: 'assistant', content: DEMO_LINES.proposalOnItsWay.replace('{email}', 'eva@taller.example') }]);
  });
});

describe('how many Server URL requests the simulator has in flight', () => {
  /** A receiver that takes `serviceMs` to answer each request and records how many it held at once. */
  async function slowReceiver(serviceMs: number) {
    const received: { callId: string; type: string }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const server: Server = createServer((req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8')).message;
        received.push({ callId: message.call.id, type: message.status ?? message.type });
        setTimeout(() => {
          inFlight--;
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        }, serviceMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((r) => server.close(r)));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vapi/events`, received, max: () => maxInFlight };
  }

  it('never more than serverMaxInFlight at once, every message delivered, each call in order', async () => {
    const sink = await slowReceiver(20);
    const s = await fastSimulator({ serverSecret: SECRET, serverMaxInFlight: 3 });
    closers.push(s.close);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await s.api('POST', '/call/web', { assistant: { name: 'Helena', server: { url: sink.url } } }, s.sim.publicKey);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    for (const id of ids) s.sim.rooms.end(id, 'customer-ended-call');
    await vi.waitFor(() => expect(sink.received).toHaveLength(12), { timeout: 20_000 });

    expect(sink.max()).toBeLessThanOrEqual(3);
    for (const id of ids) expect(sink.received.filter((m) => m.callId === id).map((m) => m.type)).toEqual(['ended', 'end-of-call-report']);
  });

  it('refuses a limit that is not a whole number of at least 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createPlatformSimulator({ serverSecret: SECRET, serverMaxInFlight: bad })).toThrow(/maxInFlight must be a whole number of at least 1/);
    }
  });
});
