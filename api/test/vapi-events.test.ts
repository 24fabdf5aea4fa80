// The Server URL against the real server on 127.0.0.1: authentication (signatures computed here
// with node:crypto, independently of the SDK), each handled message type, idempotency, and the
// registrar_contacto tool's answer in the platform's ToolCallsResponse shape.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSchema, registerLead, rpc, startSink, startTestServer, suiteServer, waitFor, PG_URL, SINK_TOKEN, type SuiteServer } from './helpers';

const SECRET = 'server-url-secret-0123456789';
const sqliteSuite = suiteServer({ VAPI_WEBHOOK_SECRET: SECRET });
/** The server the specs talk to: the SQLite one, or the PostgreSQL one while its block runs. */
let suite: SuiteServer = sqliteSuite;

const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

async function deliver(body: unknown, headers?: Record<string, string>) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${suite.base}/api/vapi/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(headers ?? { 'x-vapi-signature': sign(text) }) },
    body: text,
  });
  const raw = await res.text();
  let json: any = raw;
  try {
    json = JSON.parse(raw);
  } catch {}
  return { status: res.status, body: json };
}

let seq = 0;
const newVapiId = () => `call-${Date.now()}-${++seq}`;
const conversation = (vapiId: string) =>
  suite.srv.db.kysely.selectFrom('vapi_call').selectAll().where('vapi_id', '=', vapiId).executeTakeFirstOrThrow();

async function conversationWithLead(email: string) {
  const vapiId = newVapiId();
  const lead = await registerLead(suite.base, { email, name: 'Lucía', vapiId });
  return { vapiId, ...lead };
}

const report = (vapiId: string, extra: Record<string, unknown> = {}) => ({
  message: {
    type: 'end-of-call-report',
    endedReason: 'customer-ended-call',
    startedAt: '2026-11-23T10:00:00.000Z',
    endedAt: '2026-11-23T10:03:20.000Z',
    artifact: {
      transcript: 'AI: Hola, soy Helena.\nUser: Quiero automatizar la facturación de mis tres tiendas.',
      recordingUrl: 'https://storage.example/recordings/abc.wav',
      messages: [],
    },
    analysis: { summary: 'La visitante quiere automatizar la facturación de tres tiendas.' },
    call: { id: vapiId },
    ...extra,
  },
});

describe('authentication', () => {
  const body = JSON.stringify({ message: { type: 'transcript', role: 'user', transcript: 'hola', call: { id: 'x' } } });

  it('an unsigned request gets 401', async () => {
    expect((await deliver(body, {})).status).toBe(401);
  });

  it('a wrong signature, a wrong bearer token and a wrong X-Vapi-Secret get 401', async () => {
    expect((await deliver(body, { 'x-vapi-signature': sign(body, 'another-secret-0123456789') })).status).toBe(401);
    expect((await deliver(body, { 'x-vapi-signature': sign(body + ' ') })).status).toBe(401);
    expect((await deliver(body, { authorization: 'Bearer not-the-secret-at-all' })).status).toBe(401);
    expect((await deliver(body, { 'x-vapi-secret': SECRET.slice(0, -1) })).status).toBe(401);
  });

  it('a signature over the body, the bearer token and X-Vapi-Secret are each accepted', async () => {
    expect((await deliver(body, { 'x-vapi-signature': sign(body) })).status).toBe(200);
    expect((await deliver(body, { authorization: `Bearer ${SECRET}` })).status).toBe(200);
    expect((await deliver(body, { 'x-vapi-secret': SECRET })).status).toBe(200);
  });

  it('a signed body that is not a server message gets 400', async () => {
    expect((await deliver('not json')).status).toBe(400);
    expect((await deliver({ message: { status: 'ended' } })).status).toBe(400);
    expect((await deliver({ message: { type: 'status-update', call: { id: 'x' } } })).status).toBe(400);
  });

  it('a body over the limit gets 413 before it is handled', async () => {
    const big = JSON.stringify({ message: { type: 'transcript', transcript: 'x'.repeat(1024 * 1024 + 10) } });
    expect((await deliver(big)).status).toBe(413);
  });

  it('without VAPI_WEBHOOK_SECRET the route does not exist', async () => {
    const srv = await startTestServer({ DATABASE_PATH: ':memory:', MAIL_WORKER: 'false' });
    try {
      const res = await fetch(`${srv.url}/api/vapi/events`, { method: 'POST', headers: { authorization: 'Bearer anything-at-all-here' }, body: body });
      expect(res.status).toBe(404);
    } finally {
      await srv.close();
    }
  });
});

function messageSpecs() {
  describe('messages', () => {
    it('an unknown type gets 200 and changes nothing', async () => {
      const { vapiId } = await conversationWithLead('desconocido@example.com');
      const before = await conversation(vapiId);
      const r = await deliver({ message: { type: 'speech-update', status: 'started', role: 'assistant', call: { id: vapiId } } });
      expect(r.status).toBe(200);
      expect(await conversation(vapiId)).toEqual(before);
    });

    it('status-update keeps vapi_call.status true, and a late in-progress does not revive an ended call', async () => {
      const { vapiId } = await conversationWithLead('estado@example.com');
      expect((await deliver({ message: { type: 'status-update', status: 'in-progress', call: { id: vapiId } } })).status).toBe(200);
      expect((await conversation(vapiId)).status).toBe('active');
      expect((await deliver({ message: { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call', call: { id: vapiId } } })).status).toBe(200);
      expect((await conversation(vapiId)).status).toBe('inactive');
      expect((await deliver({ message: { type: 'status-update', status: 'in-progress', timestamp: 2, call: { id: vapiId } } })).status).toBe(200);
      expect((await conversation(vapiId)).status).toBe('inactive');
      const seen = await rpc(suite.base, 'vapi_call.getByVapiId', { vapi_id: vapiId }, { method: 'GET' });
      expect(seen.body.result.data.status).toBe('inactive');
    });

    it('end-of-call-report fills the transcript, summary, duration, ended reason and recording URL', async () => {
      const { vapiId, callId } = await conversationWithLead('informe@example.com');
      const r = await deliver(report(vapiId));
      expect(r.status).toBe(200);
      const vc = await conversation(vapiId);
      expect(vc).toMatchObject({
        status: 'inactive',
        transcript: 'AI: Hola, soy Helena.\nUser: Quiero automatizar la facturación de mis tres tiendas.',
        summary: 'La visitante quiere automatizar la facturación de tres tiendas.',
        duration: 200,
        ended_reason: 'customer-ended-call',
        recording_url: 'https://storage.example/recordings/abc.wav',
      });
      const call = await suite.srv.db.kysely.selectFrom('call').selectAll().where('id', '=', callId).executeTakeFirstOrThrow();
      expect(call).toMatchObject({
        transcript: vc.transcript,
        summary: vc.summary,
        duration: 200,
        ended_reason: 'customer-ended-call',
        recording_url: 'https://storage.example/recordings/abc.wav',
      });
    });

    it('a conversation the platform ends gets its end time: the report’s endedAt, or the moment of the ended status, and keeps the first one', async () => {
      const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
      const byReport = await conversationWithLead('fin-informe@example.com');
      expect((await deliver(report(byReport.vapiId))).status).toBe(200);
      expect(parse((await conversation(byReport.vapiId)).initial_data)).toMatchObject({ end_time: '2026-11-23T10:03:20.000Z' });

      const byStatus = await conversationWithLead('fin-estado@example.com');
      const before = Date.now();
      expect((await deliver({ message: { type: 'status-update', status: 'ended', call: { id: byStatus.vapiId } } })).status).toBe(200);
      const endTime = Date.parse(String(parse((await conversation(byStatus.vapiId)).initial_data).end_time));
      expect(endTime).toBeGreaterThanOrEqual(before - 1000);
      // A later report does not move an end the conversation already has.
      expect((await deliver(report(byStatus.vapiId))).status).toBe(200);
      expect(Date.parse(String(parse((await conversation(byStatus.vapiId)).initial_data).end_time))).toBe(endTime);
    });

    it('a message about a call this server never registered is acknowledged and stores nothing', async () => {
      const r = await deliver(report('call-nobody-registered'));
      expect(r.status).toBe(200);
      const row = await suite.srv.db.kysely.selectFrom('vapi_call').select('id').where('vapi_id', '=', 'call-nobody-registered').executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('idempotency', () => {
    it('a duplicated delivery changes nothing the second time', async () => {
      const { vapiId, callId } = await conversationWithLead('duplicado@example.com');
      const body = JSON.stringify(report(vapiId));
      expect((await deliver(body)).status).toBe(200);
      // Someone corrects the stored summary after the report; a retry of the same report must not undo it.
      await suite.srv.db.kysely.updateTable('call').set({ summary: 'corregido' }).where('id', '=', callId).execute();
      expect((await deliver(body)).status).toBe(200);
      const call = await suite.srv.db.kysely.selectFrom('call').select('summary').where('id', '=', callId).executeTakeFirstOrThrow();
      expect(call.summary).toBe('corregido');
    });

    it('a replayed body under another credential form is the same delivery', async () => {
      const { vapiId } = await conversationWithLead('replay@example.com');
      const body = JSON.stringify({ message: { type: 'status-update', status: 'ended', call: { id: vapiId } } });
      expect((await deliver(body)).status).toBe(200);
      await suite.srv.db.kysely.updateTable('vapi_call').set({ status: 'active' }).where('vapi_id', '=', vapiId).execute();
      expect((await deliver(body, { authorization: `Bearer ${SECRET}` })).status).toBe(200);
      expect((await conversation(vapiId)).status).toBe('active');
    });
  });

  describe('tool-calls: registrar_contacto', () => {
    const callsOf = (vapiId: string) =>
      suite.srv.db.kysely
        .selectFrom('call')
        .innerJoin('vapi_call', 'vapi_call.id', 'call.vapi_call_id')
        .select('call.id')
        .where('vapi_call.vapi_id', '=', vapiId)
        .execute();
    async function startConversation() {
      const vapiId = newVapiId();
      const vc = await rpc(suite.base, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
      expect(vc.status).toBe(200);
      return vapiId;
    }
    const toolCall = (vapiId: string, id: string, args: unknown) => ({
      message: {
        type: 'tool-calls',
        toolCallList: [{ id, type: 'function', function: { name: 'registrar_contacto', arguments: args } }],
        toolWithToolCallList: [],
        call: { id: vapiId },
      },
    });

    it('registers the lead, queues the proposal and answers { results: [{ toolCallId, name, result }] }', async () => {
      const vapiId = await startConversation();
      const r = await deliver(toolCall(vapiId, 'tc_1', { email: 'Marta@Tiendas.example', nombre: 'Marta', cargo: 'Gerente', empresa: 'Tiendas SL' }));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ results: [{ toolCallId: 'tc_1', name: 'registrar_contacto', result: expect.any(String) }] });
      expect(r.body.results[0].result.length).toBeGreaterThan(0);
      const call = await suite.srv.db.kysely
        .selectFrom('call')
        .innerJoin('vapi_call', 'vapi_call.id', 'call.vapi_call_id')
        .innerJoin('customer', 'customer.id', 'call.customer_id')
        .select(['call.id', 'call.lead_name', 'call.lead_cargo', 'call.lead_company', 'customer.email'])
        .where('vapi_call.vapi_id', '=', vapiId)
        .executeTakeFirstOrThrow();
      expect(call).toMatchObject({ lead_name: 'Marta', lead_cargo: 'Gerente', lead_company: 'Tiendas SL', email: 'marta@tiendas.example' });
      const pdf = await suite.srv.db.kysely.selectFrom('pdf').select('id').where('call_id', '=', call.id).executeTakeFirst();
      expect(pdf).toBeDefined();
      await waitFor(() => suite.sink.sink.messages.filter((m) => m.to === 'marta@tiendas.example').length >= 1);
    });

    it('arguments sent as a JSON string are read too; a retried tool call registers once and answers the same', async () => {
      const vapiId = await startConversation();
      const body = JSON.stringify(toolCall(vapiId, 'tc_2', JSON.stringify({ email: 'pablo@example.com', nombre: 'Pablo' })));
      const first = await deliver(body);
      const again = await deliver(body);
      expect(first.status).toBe(200);
      expect(again).toEqual(first);
      const calls = await callsOf(vapiId);
      expect(calls).toHaveLength(1);
    });

    it('an invalid email is an error the assistant can say, and nothing is stored', async () => {
      const vapiId = await startConversation();
      const r = await deliver(toolCall(vapiId, 'tc_3', { email: 'no-es-un-correo', nombre: 'X' }));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ results: [{ toolCallId: 'tc_3', name: 'registrar_contacto', error: expect.any(String) }] });
      const calls = await callsOf(vapiId);
      expect(calls).toHaveLength(0);
    });

    it('other tools in the same message get no answer from this server', async () => {
      const vapiId = await startConversation();
      const msg = toolCall(vapiId, 'tc_4', { email: 'otra@example.com' });
      msg.message.toolCallList.push({ id: 'tc_5', type: 'function', function: { name: 'consultar_tiempo', arguments: {} } });
      const r = await deliver(msg);
      expect(r.body.results.map((x: { toolCallId: string }) => x.toolCallId)).toEqual(['tc_4']);
    });
  });
}

describe('SQLite', messageSpecs);

describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => {
  let schema: Awaited<ReturnType<typeof pgSchema>>;
  const pg = {} as SuiteServer;
  beforeAll(async () => {
    schema = await pgSchema();
    pg.sink = await startSink();
    pg.srv = await startTestServer({ DATABASE_URL: schema.url, POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: pg.sink.url, VAPI_WEBHOOK_SECRET: SECRET });
    pg.base = pg.srv.url;
    suite = pg;
  });
  afterAll(async () => {
    suite = sqliteSuite;
    await pg.srv?.close();
    await pg.sink?.close();
    await schema?.drop();
  });
  messageSpecs();
});
