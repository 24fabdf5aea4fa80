// Demo mode runs the production path: the mounted simulator delivers its server messages to this
// server's own Server URL, signed with VAPI_WEBHOOK_SECRET or, when it is unset, a secret made
// for the run. So a demo proposal waits for the simulated call's end-of-call report and quotes
// what the visitor said, the demo's assistant registers the lead itself with registrar_contacto,
// and a text chat does the same through the web chat API.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createSimulatedCallObject } from '@helena/simulator';
import { DEMO_LINES } from '@helena/contract';
import { TOOL_ANSWERS } from '../src/vapi_events/registrar-contacto';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startServer, type RunningServer } from '../src/server';
import { composeSite, type Composition } from '../src/site/compose';
import { rpc, tempDir, waitFor } from './helpers';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface DemoSuite {
  srv: RunningServer;
  site: Composition;
}

/** The server as `npm start` composes it, on a free port and a temporary database. */
function demoSuite(env: Record<string, string> = {}): DemoSuite {
  const suite = {} as DemoSuite;
  let tmp: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    tmp = tempDir();
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: join(tmp.dir, 'demo.db'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_POLL_MS: '50',
      ...env,
    });
    suite.site = composeSite(config);
    const { site } = suite;
    suite.srv = await startServer({ config, log: createLogger({ level: 'silent' }), platform: site.platform, devMail: site.devMail, mounts: site.mounts, onServer: site.onServer, vapiWebhookSecret: site.vapiWebhookSecret });
  });
  afterAll(async () => {
    await suite.srv?.close();
    await suite.site?.close();
    tmp?.cleanup();
  });
  return suite;
}

const inboxOf = async (srv: RunningServer, to: string): Promise<{ subject: string; html: string }[]> => {
  const res = await fetch(`${srv.url}/dev/mail.json`);
  const all = (await res.json()) as { to: string; subject: string; html: string }[];
  return all.filter((m) => m.to === to);
};

/** A request to the mounted simulator, as the widget makes it (the demo's public key). */
const simulator = (srv: RunningServer) => async (path: string, body: unknown, key = 'demo-public-key') => {
  const res = await fetch(`${srv.url}/sim${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) };
};

/** What the widget does once a conversation has started: it registers it with the lead server. */
async function registerConversation(srv: RunningServer, vapiId: string) {
  const vc = await rpc(srv.url, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
  expect(vc.status).toBe(200);
  return vc.body.result.data as { id: string; token: string };
}

/** A visitor in a demo voice call's room, registered with the lead server: what they say, and the platform messages the page sees. */
async function voiceCall(srv: RunningServer, simPrivateKey: string | undefined) {
  const sim = simulator(srv);
  const call = await sim('/call/web', { assistantId: 'demo-assistant' });
  expect(call.status).toBe(201);
  await registerConversation(srv, call.body.id);
  const visitor = createSimulatedCallObject();
  const shown: any[] = [];
  visitor.on('app-message', (e?: { data?: unknown }) => {
    // Platform messages are JSON; the room also sends plain words ('listening').
    try {
      shown.push(typeof e?.data === 'string' ? JSON.parse(e.data) : e?.data);
    } catch {
      // not a platform message
    }
  });
  onTestFinished(() => visitor.destroy());
  await visitor.join({ url: call.body.webCallUrl });
  await waitFor(async () => {
    const res = await fetch(`${srv.url}/sim/call/${call.body.id}`, { headers: { authorization: `Bearer ${simPrivateKey}` } });
    return ((await res.json()) as { status: string }).status === 'in-progress';
  });
  const say = async (content: string) =>
    expect((await sim(`/call/${call.body.id}/control`, { type: 'add-message', message: { role: 'user', content } })).status).toBe(200);
  const end = async () => expect((await sim(`/call/${call.body.id}/control`, { type: 'end-call' })).status).toBe(200);
  return { id: call.body.id as string, say, end, shown };
}

/**
 * The demo's room speaks at a person's pace (160 ms a word), so a turn of greeting and answer takes
 * some 8 s on a quiet machine: a wait on what the assistant says gets room for a loaded one.
 */
const SPOKEN_MS = 30_000;

describe('demo mode with a Server URL secret', () => {
  const suite = demoSuite({ VAPI_WEBHOOK_SECRET: 'demo-shared-secret-0123456789' });
  it('the proposal waits for the simulated call to end, then quotes what the visitor said', async () => {
    const { srv, site } = suite;
    const sim = simulator(srv);
    const inbox = (to: string) => inboxOf(srv, to);
    const call = await sim('/call/web', { assistantId: 'demo-assistant' });
    expect(call.status).toBe(201);
    // The visitor joins the room (the simulated call object speaks the room protocol over WebSocket).
    const visitor = createSimulatedCallObject();
    await visitor.join({ url: call.body.webCallUrl });
    await waitFor(async () => {
      const res = await fetch(`${srv.url}/sim/call/${call.body.id}`, { headers: { authorization: `Bearer ${site.simPrivateKey}` } });
      return ((await res.json()) as { status: string }).status === 'in-progress';
    });
    const said = 'Tengo una clínica dental en Sevilla con dos sedes';
    expect((await sim(`/call/${call.body.id}/control`, { type: 'add-message', message: { role: 'user', content: said } })).status).toBe(200);

    const vc = { body: { result: { data: await registerConversation(srv, call.body.id) } } };
    const cu = await rpc(srv.url, 'customer.upsert', { email: 'clinica@example.com', name: 'Inés' });
    const created = await rpc(srv.url, 'calls.createWithVerification', {
      transaction: 'propuesta-demo',
      customer_id: cu.body.result.data.id,
      vapi_call_id: vc.body.result.data.id,
      vapi_call_token: vc.body.result.data.token,
      status: 'completada',
    });
    const sent = await rpc(srv.url, 'proposal.send', { callId: created.body.result.data.id, token: vc.body.result.data.token });
    expect(sent.status).toBe(200);

    await waitFor(async () => (await inbox('clinica@example.com')).some((m) => m.subject === 'Hemos recibido tu solicitud'));
    expect((await inbox('clinica@example.com')).map((m) => m.subject)).toEqual(['Hemos recibido tu solicitud']);

    expect((await sim(`/call/${call.body.id}/control`, { type: 'end-call' })).status).toBe(200);
    const proposal = await waitFor(async () => (await inbox('clinica@example.com')).find((m) => m.subject === 'Tu propuesta personalizada'));
    expect(proposal.html).toContain('clínica dental en Sevilla');
    const stored = await srv.db.kysely.selectFrom('vapi_call').select(['transcript', 'ended_reason']).where('vapi_id', '=', call.body.id).executeTakeFirstOrThrow();
    expect(stored.ended_reason).toBe('customer-ended-call');
    expect(stored.transcript).toContain(said);
    await visitor.destroy();
  });

  it("the simulator's messages to this server's own Server URL are handed to its app, not sent over a socket", async () => {
    const { srv } = suite;
    const sent: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return original(input, init);
    };
    onTestFinished(() => {
      globalThis.fetch = original;
    });
    const call = await simulator(srv)('/call/web', { assistantId: 'demo-assistant' });
    expect(call.status).toBe(201);
    expect((await simulator(srv)(`/call/${call.body.id}/control`, { type: 'end-call' })).status).toBe(200);
    // This call's status update and end-of-call report arrive, verified and recorded as any delivery.
    await waitFor(async () => {
      const rows = await srv.db.kysely.selectFrom('vapi_event_delivery').select('type').where('vapi_id', '=', call.body.id).execute();
      return rows.some((r) => r.type === 'status-update') && rows.some((r) => r.type === 'end-of-call-report');
    });
    expect(sent.filter((url) => new URL(url).pathname === '/api/vapi/events')).toEqual([]);
  });
});

describe('demo mode without VAPI_WEBHOOK_SECRET: a secret made for the run', () => {
  const suite = demoSuite();

  it('the Server URL exists and refuses what does not prove the secret', async () => {
    const { srv } = suite;
    const body = JSON.stringify({ message: { type: 'status-update', status: 'ended', call: { id: 'x' } } });
    const unsigned = await fetch(`${srv.url}/api/vapi/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    // A guess at the secret is refused too (a signature computed with the wrong key).
    const guessed = createHmac('sha256', 'demo-shared-secret-0123456789').update(body).digest('hex');
    const signed = await fetch(`${srv.url}/api/vapi/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-vapi-signature': guessed }, body });
    expect(signed.status).toBe(401);
  });

  it("the demo page starts the demo's assistant, which carries the registrar_contacto tool", async () => {
    const { srv, site } = suite;
    const page = await (await fetch(`${srv.url}/`)).text();
    expect(page).toMatch(/<helena-assistant\b[^>]*\bassistant-id="demo-assistant"/);
    const res = await fetch(`${srv.url}/sim/assistant/demo-assistant`, { headers: { authorization: `Bearer ${site.simPrivateKey}` } });
    const assistant = (await res.json()) as { model: { tools: Array<{ function: { name: string } }> } };
    expect(assistant.model.tools.map((t) => t.function.name)).toEqual(['registrar_contacto']);
  });

  it('a voice call where the visitor agrees: the assistant registers the lead, the confirmation goes at once, the proposal after the call with its words', async () => {
    const { srv } = suite;
    const call = await voiceCall(srv, suite.site.simPrivateKey);
    const { say } = call;
    const toolCallsShown = () => call.shown.filter((m) => m?.type === 'tool-calls');
    await say('Tenemos una academia de idiomas en Valencia');
    await say('Mi correo es rosa@academia.example');
    await say('Sí, envíamela');
    await waitFor(async () => (await inboxOf(srv, 'rosa@academia.example')).some((m) => m.subject === 'Hemos recibido tu solicitud'));
    // The page sees the assistant's tool call too (the widget shows its confirmation from it).
    await waitFor(() => toolCallsShown().length > 0);
    expect(toolCallsShown()[0].toolCallList[0].function).toMatchObject({ name: 'registrar_contacto', arguments: { email: 'rosa@academia.example' } });
    expect((await inboxOf(srv, 'rosa@academia.example')).map((m) => m.subject)).toEqual(['Hemos recibido tu solicitud']);
    // The tool's answer told the assistant the proposal follows the call.
    const delivery = await srv.db.kysely.selectFrom('vapi_event_delivery').select('response').where('type', '=', 'tool-calls').where('vapi_id', '=', call.id).executeTakeFirstOrThrow();
    expect((JSON.parse(delivery.response ?? '{}') as { results: Array<{ result: string }> }).results[0]!.result).toBe(TOOL_ANSWERS.queued);

    await call.end();
    const proposal = await waitFor(async () => (await inboxOf(srv, 'rosa@academia.example')).find((m) => m.subject === 'Tu propuesta personalizada'));
    expect(proposal.html).toContain('academia de idiomas en Valencia');
  });

  it('a clinic owner who tells more while asked for her address: noted, not misunderstood; the proposal and summary hold what she asked for, never what she refused', async () => {
    const { srv } = suite;
    const call = await voiceCall(srv, suite.site.simPrivateKey);
    const finals = () => call.shown.filter((m) => m?.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'final').map((m) => m.transcript as string);
    await call.say('Tengo una clínica dental');
    await waitFor(() => finals().some((t) => t.includes(DEMO_LINES.emailForProposal)), SPOKEN_MS);
    const answered = finals().length;
    await call.say('También nos escriben por WhatsApp para pedir cita, y no damos abasto. No necesitamos chat en la web.');
    await waitFor(() => finals().length > answered, SPOKEN_MS);
    expect(finals().at(-1)).toBe(`${DEMO_LINES.moreNoted} ${DEMO_LINES.emailForProposal}`);
    await call.say('Mi correo es eva@clinica.example');
    // Each answer is spoken word by word: wait for it before the next turn, not on a clock.
    await waitFor(() => finals().some((t) => t.includes('eva@clinica.example')), SPOKEN_MS);
    await call.say('Sí, envíamela');
    await waitFor(async () => (await inboxOf(srv, 'eva@clinica.example')).some((m) => m.subject === 'Hemos recibido tu solicitud'));
    await call.end();
    const proposal = await waitFor(async () => (await inboxOf(srv, 'eva@clinica.example')).find((m) => m.subject === 'Tu propuesta personalizada'));
    // The demo catalogue's titles (api/offers/demo-nexia.json): WhatsApp and appointments asked for, the web chat refused.
    expect(proposal.html).toContain('Asistente en WhatsApp');
    expect(proposal.html).toContain('Agenda de citas y reuniones');
    expect(proposal.html).not.toContain('Asistente de chat en tu web');
    expect(proposal.html).not.toContain('No necesitamos chat');
    const record = await fetch(`${srv.url}/sim/call/${call.id}`, { headers: { authorization: `Bearer ${suite.site.simPrivateKey}` } });
    const summary = ((await record.json()) as { analysis: { summary: string } }).analysis.summary;
    expect(summary).toBe('Negocio: una clínica dental. Le interesa: Asistente en WhatsApp, Agenda de citas y reuniones. Contacto: eva@clinica.example.');
  }, 4 * SPOKEN_MS);

  it('a text chat where the visitor agrees: the lead is registered through the tool, both emails go at once, quoting the chat', async () => {
    const { srv } = suite;
    const sim = simulator(srv);
    const first = await sim('/chat/web', { assistantId: 'demo-assistant', input: 'Tengo una clínica veterinaria en Bilbao' });
    expect(first.status).toBe(201);
    await registerConversation(srv, first.body.sessionId);
    await sim('/chat/web', { sessionId: first.body.sessionId, input: 'Mi correo es jon@veterinaria.example' });
    const agreed = await sim('/chat/web', { sessionId: first.body.sessionId, input: 'Sí, envíamela' });
    expect(agreed.status).toBe(201);
    const said = agreed.body.output.at(-1).content as string;
    expect(said).toContain('va de camino a jon@veterinaria.example');
    const tool = agreed.body.output.find((m: { role: string }) => m.role === 'tool');
    // A chat waits for no end-of-call report: the assistant is told both emails go now.
    expect(tool.content).toBe(TOOL_ANSWERS.queuedNow);

    const mails = await waitFor(async () => {
      const got = await inboxOf(srv, 'jon@veterinaria.example');
      return got.length === 2 ? got : null;
    });
    expect(mails.map((m) => m.subject).sort()).toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
    const proposal = mails.find((m) => m.subject === 'Tu propuesta personalizada')!;
    expect(proposal.html).toContain('clínica veterinaria en Bilbao');
    // Quoted, but never as something a mail client would link.
    expect(proposal.html).not.toContain('jon@veterinaria.example</');
  });

  it('a second chat with the same address within the day: the tool says nothing was sent and the assistant tells the visitor so', async () => {
    const { srv } = suite;
    const sim = simulator(srv);
    const lead = async (email: string) => {
      const first = await sim('/chat/web', { assistantId: 'demo-assistant', input: 'Tengo una clínica dental en Sevilla' });
      await registerConversation(srv, first.body.sessionId);
      await sim('/chat/web', { sessionId: first.body.sessionId, input: `Mi correo es ${email}` });
      return (await sim('/chat/web', { sessionId: first.body.sessionId, input: 'Sí, envíamela' })).body.output as { role: string; content: string }[];
    };
    const email = 'marta@dental.example';
    expect((await lead(email)).find((m) => m.role === 'tool')?.content).toBe(TOOL_ANSWERS.queuedNow);
    await waitFor(async () => (await inboxOf(srv, email)).length === 2);
    const again = await lead(email);
    expect(again.find((m) => m.role === 'tool')?.content).toBe(TOOL_ANSWERS.sentRecently);
    expect(again.at(-1)?.content).toBe(DEMO_LINES.proposalSentRecently.replace('{email}', email));
    expect(again.map((m) => m.content).join(' ')).not.toMatch(/va de camino|en camino/);
    expect(await inboxOf(srv, email)).toHaveLength(2);
  });

  it('a tool call about a conversation nobody registered queues nothing', async () => {
    const { srv } = suite;
    const sim = simulator(srv);
    const first = await sim('/chat/web', { assistantId: 'demo-assistant', input: 'Mi correo es nadie@sin-registro.example' });
    const agreed = await sim('/chat/web', { sessionId: first.body.sessionId, input: 'Sí' });
    const tool = agreed.body.output.find((m: { role: string }) => m.role === 'tool');
    expect(tool.content).toBe('No he podido registrar los datos: esta llamada no está registrada.');
    expect(agreed.body.output.at(-1).content).not.toContain('va de camino');
    expect(await inboxOf(srv, 'nadie@sin-registro.example')).toEqual([]);
  });
});
