// The web chat client against the platform simulator over real HTTP: streamed and JSON answers,
// sessions, system messages, errors, and a stream cut at awkward places.
import { WebChatClient, WebChatRequestError } from '@helena/sdk/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastSimulator } from './helpers';

let sim: Awaited<ReturnType<typeof fastSimulator>>;
beforeAll(async () => {
  sim = await fastSimulator();
});
afterAll(() => sim.close());

const chat = (options: Partial<ConstructorParameters<typeof WebChatClient>[0]> = {}) =>
  new WebChatClient({ token: sim.sim.publicKey, baseUrl: sim.url, assistant: { name: 'Helena' }, ...options });

describe('WebChatClient', () => {
  it('streams an answer piece by piece, then the next turn continues the same session', async () => {
    const client = chat();
    const seen: string[] = [];
    const first = await client.send('Hola, ¿qué hacéis?', { onDelta: (text) => seen.push(text) });
    expect(first.text.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(1);
    // Each piece adds to what came before; the last one is the whole answer.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.startsWith(seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(first.text);
    expect(first.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.sessionId).toBe(first.sessionId);

    const second = await client.send('Tengo una floristería');
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.id).not.toBe(first.id);
    // The platform keeps one conversation: both turns are in the session.
    const session = (await sim.api('GET', `/session/${first.sessionId}`)).body as { messages: Array<{ role: string }> };
    expect(session.messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });

  it('each streamed event has the fields the platform document requires, and a path of its documented form', async () => {
    const res = await fetch(`${sim.url}/chat/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.sim.publicKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistant: { name: 'Helena' }, input: '¿Cuánto cuesta?', stream: true }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.replace(/^data: /, '')) as Record<string, unknown>);
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) {
      // CreateChatStreamResponse: id, path and delta are required strings.
      expect(typeof event.id).toBe('string');
      expect(typeof event.delta).toBe('string');
      expect(event.path).toMatch(/^chat\.output\[\d+\]\.content$/);
    }
  });

  it('reads a JSON answer when streaming is off, keeping the session', async () => {
    const client = chat({ stream: false });
    const deltas: string[] = [];
    const first = await client.send('Hola', { onDelta: (t) => deltas.push(t) });
    expect(first.output.length).toBeGreaterThan(0);
    expect(first.text).toBe(deltas.at(-1));
    const second = await client.send('¿Funciona en WhatsApp?');
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.text).toMatch(/WhatsApp/i);
  });

  it('a system message tells the assistant something in the same session', async () => {
    const client = chat();
    const first = await client.send('Hola');
    const noted = await client.send([{ role: 'system', content: 'El visitante ha enviado el formulario.' }]);
    expect(noted.sessionId).toBe(first.sessionId);
    const session = (await sim.api('GET', `/session/${first.sessionId}`)).body as { messages: Array<{ role: string; message?: string }> };
    expect(session.messages.some((m) => m.role === 'system' && m.message === 'El visitante ha enviado el formulario.')).toBe(true);
  });

  it('reset() starts a new session', async () => {
    const client = chat();
    const first = await client.send('Hola');
    client.reset();
    expect(client.sessionId).toBeUndefined();
    expect((await client.send('Hola')).sessionId).not.toBe(first.sessionId);
  });

  it('a wrong key fails with the status and the platform’s message', async () => {
    const error = await chat({ token: 'not-the-key' }).send('Hola').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebChatRequestError);
    expect((error as WebChatRequestError).status).toBe(401);
    expect((error as Error).message).not.toBe('');
  });

  it('events cut in the middle of a line or of a character still make the same answer', async () => {
    // The same answer twice: once as it comes, once re-cut into 3-byte pieces.
    const whole = await chat().send('¿Y en catalán?');
    const tiny: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(at, (at += 3)));
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
    expect((await chat({ fetch: tiny }).send('¿Y en catalán?')).text).toBe(whole.text);
    expect(whole.text).toMatch(/[áéíóúñ]/);
  });
});
