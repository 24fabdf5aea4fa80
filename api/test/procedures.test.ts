import { describe, expect, it } from 'vitest';
import { registerLead, rpc, waitFor, suiteServer } from './helpers';

const suite = suiteServer();

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('customer', () => {
  it('create stores a new address and answers a submission id (UUIDv7); a known address is no conflict', async () => {
    const r = await rpc(suite.base, 'customer.create', { email: 'Nueva@Example.com', name: 'Nueva', pag_web: 'https://nueva.example' });
    expect(r.status).toBe(200);
    expect(r.body.result.data.id).toMatch(UUID_V7);
    const row = await suite.srv.db.kysely.selectFrom('customer').selectAll().where('email', '=', 'nueva@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'nueva@example.com', name: 'Nueva', pag_web: 'https://nueva.example' });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const dup = await rpc(suite.base, 'customer.create', { email: 'nueva@example.com' });
    expect(dup.status).toBe(200);
    expect(dup.body.result.data.id).toMatch(UUID_V7);
    expect(dup.body.result.data.id).not.toBe(r.body.result.data.id);
  });

  it('upsert is keyed on the lower-cased email; a stored lead is never overwritten; each answer is a new id', async () => {
    const a = await rpc(suite.base, 'customer.upsert', { email: '  Ana@Acme.COM ', name: 'Ana', cargo: 'CTO', company: 'Acme' });
    expect(a.status).toBe(200);
    const b = await rpc(suite.base, 'customer.upsert', { email: 'ANA@acme.com', name: 'Otra', company: 'Acme SL' });
    expect(b.status).toBe(200);
    expect(b.body.result.data.id).not.toBe(a.body.result.data.id);
    const rows = await suite.srv.db.kysely.selectFrom('customer').selectAll().where('email', '=', 'ana@acme.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ana', cargo: 'CTO', company: 'Acme' });
    const second = await suite.srv.db.kysely.selectFrom('lead_submission').selectAll().where('id', '=', b.body.result.data.id).executeTakeFirstOrThrow();
    expect(second).toMatchObject({ customer_id: rows[0]!.id, name: 'Otra', cargo: null, company: 'Acme SL' });
  });

  it('a filled honeypot gets a fake id and stores nothing', async () => {
    const r = await rpc(suite.base, 'customer.upsert', { email: 'bot@spam.example', name: 'Bot', website: 'http://spam.example' });
    expect(r.status).toBe(200);
    expect(r.body.result.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await suite.srv.db.kysely.selectFrom('customer').select('id').where('email', '=', 'bot@spam.example').executeTakeFirst();
    expect(row).toBeUndefined();
    const fake = await suite.srv.db.kysely.selectFrom('lead_submission').select('id').where('id', '=', r.body.result.data.id).executeTakeFirst();
    expect(fake).toBeUndefined();
    const empty = await rpc(suite.base, 'customer.upsert', { email: 'human@example.com', website: '' });
    const saved = await suite.srv.db.kysely.selectFrom('lead_submission').select('id').where('id', '=', empty.body.result.data.id).executeTakeFirst();
    expect(saved?.id).toBe(empty.body.result.data.id);
  });
});

describe('vapi_call', () => {
  it('create returns {id, token}; update needs the token; getByVapiId never returns it', async () => {
    const created = await rpc(suite.base, 'vapi_call.create', { vapi_id: 'call_abc', initial_data: { start_time: '2026-11-22T10:00:00.000Z', nested: { a: [1, 2] } }, status: 'active' });
    expect(created.status).toBe(200);
    const { id, token } = created.body.result.data;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const updated = await rpc(suite.base, 'vapi_call.update', { id, token, status: 'inactive', initial_data: { start_time: '2026-11-22T10:00:00.000Z', end_time: '2026-11-22T10:02:05.000Z' } });
    expect(updated.status).toBe(200);
    expect(updated.body.result.data).toEqual({ id });

    const got = await rpc(suite.base, 'vapi_call.getByVapiId', { vapi_id: 'call_abc' }, { method: 'GET' });
    expect(got.status).toBe(200);
    expect(got.body.result.data).toMatchObject({ id, vapi_id: 'call_abc', status: 'inactive', initial_data: { end_time: '2026-11-22T10:02:05.000Z' } });
    expect(JSON.stringify(got.body)).not.toContain(token);
    expect(got.body.result.data).not.toHaveProperty('token');
    expect(got.body.result.data).not.toHaveProperty('token_hash');

    const again = await rpc(suite.base, 'vapi_call.create', { vapi_id: 'call_abc', initial_data: {}, status: 'active' });
    expect(again.status).toBe(409);
    const missing = await rpc(suite.base, 'vapi_call.getByVapiId', { vapi_id: 'nope' }, { method: 'GET' });
    expect(missing.status).toBe(404);
  });
});

describe('calls.createWithVerification', () => {
  it('creates a call for an existing customer and vapi_call, with the duration the widget stored', async () => {
    const vc = await rpc(suite.base, 'vapi_call.create', { vapi_id: 'call_dur', initial_data: { start_time: '2026-11-22T10:00:00.000Z' }, status: 'active' });
    const { id: vapiCallId, token } = vc.body.result.data;
    await rpc(suite.base, 'vapi_call.update', { id: vapiCallId, token, status: 'inactive', initial_data: { start_time: '2026-11-22T10:00:00.000Z', end_time: '2026-11-22T10:01:30.000Z' } });
    const cu = await rpc(suite.base, 'customer.upsert', { email: 'dur@example.com' });
    const r = await rpc(suite.base, 'calls.createWithVerification', {
      transaction: 'propuesta-1763800000000',
      customer_id: cu.body.result.data.id,
      vapi_call_id: vapiCallId,
      vapi_call_token: token,
      status: 'completada',
      summary: 'Quiere un asistente',
    });
    expect(r.status).toBe(200);
    const row = await suite.srv.db.kysely.selectFrom('call').selectAll().where('id', '=', r.body.result.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completada', duration: 90, summary: 'Quiere un asistente', vapi_call_id: vapiCallId });
  });

  it('works without a vapi_call (status enviada)', async () => {
    const cu = await rpc(suite.base, 'customer.upsert', { email: 'sin-llamada@example.com' });
    const r = await rpc(suite.base, 'calls.createWithVerification', { transaction: 'propuesta-1', customer_id: cu.body.result.data.id, status: 'enviada' });
    expect(r.status).toBe(200);
  });

  it('verifies that the customer and the vapi_call exist, and the status', async () => {
    const cu = await rpc(suite.base, 'customer.upsert', { email: 'verif@example.com' });
    const ghost = '01900000-0000-7000-8000-000000000000';
    const noCustomer = await rpc(suite.base, 'calls.createWithVerification', { transaction: 't', customer_id: ghost, status: 'completada' });
    expect(noCustomer.status).toBe(404);
    const noVapi = await rpc(suite.base, 'calls.createWithVerification', {
      transaction: 't',
      customer_id: cu.body.result.data.id,
      vapi_call_id: ghost,
      vapi_call_token: 'x'.repeat(43),
      status: 'completada',
    });
    expect(noVapi.status).toBe(404);
    const badStatus = await rpc(suite.base, 'calls.createWithVerification', { transaction: 't', customer_id: cu.body.result.data.id, status: 'otra' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.data.code).toBe('BAD_REQUEST');
    expect(badStatus.body.error.message).toContain('status');
  });
});

describe('proposal.send', () => {
  it('queues the pdf row and two emails once per call, and they are delivered', async () => {
    const lead = await registerLead(suite.base, { email: 'luis@acme.example', name: 'Luis', cargo: 'Director comercial', company: 'Acme', summary: 'Busca atender a sus visitantes por voz.' });
    const r = await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token });
    expect(r.status).toBe(200);
    expect(r.body.result.data).toEqual({ status: 'queued' });
    const again = await rpc(suite.base, 'proposal.send', { callId: lead.callId, token: lead.token });
    expect(again.body.result.data).toEqual({ status: 'queued' });

    const pdfs = await suite.srv.db.kysely.selectFrom('pdf').selectAll().where('call_id', '=', lead.callId).execute();
    expect(pdfs).toHaveLength(1);
    const pdf = pdfs[0]!;
    const days = (Date.parse(pdf.expires_at) - Date.parse(pdf.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    expect(pdf.content).toContain('Hola, Luis');
    expect(pdf.content).toContain('Acme');
    // Without a platform to ask, there is no summary: the browser's text never reaches mail.
    expect(pdf.content).not.toContain('Busca atender a sus visitantes por voz.');

    const outbox = await suite.srv.db.kysely.selectFrom('outbox').select(['kind']).where('pdf_id', '=', pdf.id).execute();
    expect(outbox.map((o) => o.kind).sort()).toEqual(['confirmation', 'proposal']);

    const mails = await waitFor(() => {
      const m = suite.sink.sink.messages.filter((x) => x.to === 'luis@acme.example');
      return m.length >= 2 && m;
    });
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);
    const proposal = mails.find((m) => m.subject === 'Tu propuesta personalizada')!;
    expect(proposal.html).toContain('Acme');
    expect(proposal.html).toContain(`http://localhost:3000/propuesta/${lead.callId}`);
    expect(proposal.text).toContain(`http://localhost:3000/propuesta/${lead.callId}`);
    expect(proposal.html).toContain('Director comercial');
    expect(proposal.text).not.toContain('Busca atender a sus visitantes por voz.');

    const sent = await waitFor(async () => {
      const p = await suite.srv.db.kysely.selectFrom('pdf').select('email_sent').where('id', '=', pdf.id).executeTakeFirstOrThrow();
      return Boolean(p.email_sent) && p;
    });
    expect(Boolean(sent.email_sent)).toBe(true);
    const logs = await suite.srv.db.kysely.selectFrom('email_log').selectAll().where('pdf_id', '=', pdf.id).execute();
    expect(logs.filter((l) => l.status === 'sent')).toHaveLength(2);

    const page = await fetch(`${suite.base}/propuesta/${lead.callId}`);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('Hola, Luis');
    expect(body).toMatch(/<html lang="es(-ES)?"/); // the visitor's language: Spanish by default
  });

  it('is NOT_FOUND for an unknown call', async () => {
    const r = await rpc(suite.base, 'proposal.send', { callId: '01900000-0000-7000-8000-000000000000', token: 'x'.repeat(43) });
    expect(r.status).toBe(404);
  });
});

describe('operations', () => {
  it('/healthz and /readyz answer', async () => {
    expect((await fetch(`${suite.base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${suite.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'sqlite' });
  });

  it('every response carries a request id', async () => {
    const r = await fetch(`${suite.base}/healthz`);
    expect(r.headers.get('x-request-id')).toMatch(/.{8,}/);
  });
});
