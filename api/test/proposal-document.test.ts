// The proposal as a sales document, end to end on a real server with SQLite and PostgreSQL: items
// chosen from the visitor's own words in the end-of-call report, exact prices, the PDF (read back
// with pdftotext) attached and served, the acceptance step without JavaScript, and the personal
// data it adds in the export and the erasure. Expected prices are worked out by hand from the demo
// offer (api/offers/demo-nexia.json) under the rounding rule.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server';
import { storedData, eraseAddress } from '../src/privacy/queries';
import { deliverServerMessage, pgSchema, registerLead, rpc, SINK_TOKEN, startSink, startTestServer, tempDir, waitFor, PG_URL, type SinkServer } from './helpers';

const SECRET = 'document-secret-0123456789abcdef';
const PROPOSAL = 'Tu propuesta personalizada';
const CONFIRMATION = 'Hemos recibido tu solicitud';

/** pdftotext's reading of a PDF (poppler-utils), layout kept so table rows stay on one line. */
function pdfText(bytes: Uint8Array, dir: string, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
const pdfInfo = (dir: string, name: string) => execFileSync('pdfinfo', [join(dir, name)], { encoding: 'utf8' });
/** The acceptance form as the proposal page posts it, from the server's own origin. */
const acceptAs = (base: string, callId: string, name = 'Lucía Gómez') =>
  fetch(`${base}/propuesta/${callId}/aceptar`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ name, confirm: '1' }),
  });

function suite(dialect: 'sqlite' | 'postgres', enabled: boolean) {
  describe.runIf(enabled)(`the proposal document (${dialect})`, () => {
    let tmp: ReturnType<typeof tempDir>;
    let sink: SinkServer;
    let srv: RunningServer;
    let schema: Awaited<ReturnType<typeof pgSchema>> | undefined;

    beforeAll(async () => {
      tmp = tempDir();
      sink = await startSink();
      schema = dialect === 'postgres' ? await pgSchema() : undefined;
      srv = await startTestServer({
        ...(schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(tmp.dir, 'doc.db') }),
        POSTMARK_SERVER_TOKEN: SINK_TOKEN,
        POSTMARK_API_URL: sink.url,
        VAPI_WEBHOOK_SECRET: SECRET,
        PROPOSAL_REPORT_WAIT_MINUTES: '10',
      });
    });
    afterAll(async () => {
      await srv?.close();
      await sink?.close();
      await schema?.drop();
      tmp?.cleanup();
    });

    const deliver = (message: Record<string, unknown>) => deliverServerMessage(srv.url, SECRET, message);

    /** A registered call whose assistant filed the lead, then its end-of-call report with `messages` and `structuredData`. */
    async function conversation(
      email: string,
      report: { messages: { role: string; message: string }[]; structuredData?: Record<string, unknown> },
      contact = { nombre: 'Lucía Gómez', empresa: 'Clínica Dental Sol' },
    ) {
      const vapiId = `call-${email}`;
      const vc = await rpc(srv.url, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
      expect(vc.status).toBe(200);
      await deliver({
        type: 'tool-calls',
        toolCallList: [{ id: `tc-${email}`, type: 'function', function: { name: 'registrar_contacto', arguments: { email, ...contact } } }],
        call: { id: vapiId },
      });
      await waitFor(() => sink.sink.messages.some((m) => m.to === email && m.subject === CONFIRMATION));
      // Until the report releases the proposal email, the page is a draft: its PDF is rendered once, for the version sent.
      const draft = await srv.db.kysely.selectFrom('pdf').innerJoin('call', 'call.id', 'pdf.call_id').innerJoin('customer', 'customer.id', 'call.customer_id').select(['pdf.call_id', 'pdf.pdf_file']).where('customer.email', '=', email).executeTakeFirstOrThrow();
      expect(draft.pdf_file).toBeNull();
      expect((await fetch(`${srv.url}/propuesta/${draft.call_id}.pdf`)).status).toBe(404);
      await deliver({
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        artifact: { messages: report.messages, transcript: report.messages.map((m) => `${m.role}: ${m.message}`).join('\n') },
        analysis: { summary: 'Una clínica dental que quiere atender mejor a sus pacientes.', structuredData: report.structuredData },
        call: { id: vapiId },
      });
      const proposal = await waitFor(() => sink.sink.messages.find((m) => m.to === email && m.subject === PROPOSAL));
      const row = await srv.db.kysely
        .selectFrom('pdf')
        .innerJoin('call', 'call.id', 'pdf.call_id')
        .innerJoin('vapi_call', 'vapi_call.id', 'call.vapi_call_id')
        .select(['pdf.id', 'pdf.call_id', 'pdf.version'])
        .where('vapi_call.vapi_id', '=', vapiId)
        .executeTakeFirstOrThrow();
      return { proposal, callId: row.call_id, pdfId: row.id, version: row.version };
    }

    const said = [
      { role: 'bot', message: 'Hola, soy Helena. ¿Te interesa un asistente en WhatsApp o un chat para tu web?' },
      { role: 'user', message: 'Tengo una clínica dental y quiero atender las LLAMADAS fuera de horario.' },
      { role: 'bot', message: 'Perfecto. ¿Usas un CRM como HubSpot?' },
      { role: 'user', message: 'No, gracias.' },
    ];

    it('chooses from the visitor’s words only, prices exactly, and attaches and serves the same PDF', async () => {
      const email = `lucia-${dialect}@clinica.example`;
      const { proposal, callId } = await conversation(email, { messages: said, structuredData: { email, business: 'clínica dental', needs: ['gestionar las citas de los pacientes'] } });
      // Chosen: the visitor's 'LLAMADAS … fuera de horario' (voice agent) and the analysis's 'citas'
      // (appointments); the assistant's WhatsApp, chat and CRM lines choose nothing.
      for (const title of ['Agente de voz', 'Agenda de citas y reuniones', 'Plataforma Nexia y soporte']) expect(proposal.text).toContain(title);
      for (const title of ['Asistente en WhatsApp', 'Asistente de chat en tu web', 'Integración con tu CRM']) expect(proposal.text).not.toContain(title);
      expect(proposal.text).toContain('«Tengo una clínica dental y quiero atender las LLAMADAS fuera de horario»');
      // Set-up 900 + 350 + 0 = 1.250,00 €, IVA 262,50 €, total 1.512,50 €;
      // monthly 149 + 39 + 59 = 247,00 €, IVA 51,87 €, total 298,87 €.
      for (const amount of ['1.250,00', '262,50', '1.512,50', '247,00', '51,87', '298,87']) expect(proposal.text).toContain(`${amount}\u00a0€`);
      expect(proposal.text).toContain('IVA (21\u00a0%)');

      expect(proposal.attachments).toEqual([expect.objectContaining({ Name: 'propuesta-clinica-dental-sol.pdf', ContentType: 'application/pdf' })]);
      const outbox = await srv.db.kysely.selectFrom('outbox').select('attachments').where('to_email', '=', email).where('kind', '=', 'proposal').executeTakeFirstOrThrow();
      const attached = Buffer.from(JSON.parse(outbox.attachments!)[0].content, 'base64');
      expect(attached.length).toBe(proposal.attachments[0]!.size);

      const res = await fetch(`${srv.url}/propuesta/${callId}.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const served = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(served).equals(attached)).toBe(true);
      // Stored, not rendered per request: a second download is the same bytes.
      const again = new Uint8Array(await (await fetch(`${srv.url}/propuesta/${callId}.pdf`)).arrayBuffer());
      expect(Buffer.from(again).equals(attached)).toBe(true);
      expect(served.length).toBeLessThan(200 * 1024);

      const text = pdfText(served, tmp.dir, `${dialect}-1.pdf`);
      for (const words of ['Nexia', 'Hola, Lucía Gómez', 'Agente de voz', 'Agenda de citas y reuniones', 'clínica dental', 'IVA (21 %)', '1.512,50 €', '298,87 €', 'Propuesta de Nexia para Clínica Dental Sol']) {
        expect(text.replace(/\u00a0/g, ' ')).toContain(words);
      }
      expect(text).not.toContain('Asistente en WhatsApp');
      const info = pdfInfo(tmp.dir, `${dialect}-1.pdf`);
      expect(info).toMatch(/Title:\s+Propuesta de Nexia para Clínica Dental Sol/);
      expect(info).toMatch(/Author:\s+Nexia/);
    });

    it('prints every Latin name exactly, in a tagged PDF with its language, under 200 KB', async () => {
      const email = `lukasz-${dialect}@example.com`;
      const { callId } = await conversation(email, { messages: said }, { nombre: 'Łukasz Wąsowski', empresa: 'Čapek & Søn' });
      const bytes = new Uint8Array(await (await fetch(`${srv.url}/propuesta/${callId}.pdf`)).arrayBuffer());
      expect(bytes.length).toBeLessThan(200 * 1024);
      const text = pdfText(bytes, tmp.dir, `${dialect}-latin.pdf`);
      expect(text).toContain('Hola, Łukasz Wąsowski');
      expect(text).toContain('Propuesta de Nexia para Čapek & Søn');
      expect(text).not.toContain('?');
      const info = pdfInfo(tmp.dir, `${dialect}-latin.pdf`);
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      expect(info).toMatch(/Title:\s+Propuesta de Nexia para Čapek & Søn/);
      // The language a screen reader reads it in, from the catalogue's document (/Lang in the catalog).
      expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Lang \(es-ES\)/);
    });

    it('says so honestly when nothing the visitor said matches: the always items and a call to talk', async () => {
      const email = `nada-${dialect}@example.com`;
      const { proposal, callId } = await conversation(email, { messages: [{ role: 'bot', message: '¿Quieres WhatsApp?' }, { role: 'user', message: 'Solo estaba mirando.' }] });
      expect(proposal.text).toContain('no te proponemos nada que no hayas pedido');
      expect(proposal.text).toContain('Plataforma Nexia y soporte');
      expect(proposal.text).not.toContain('Asistente en WhatsApp');
      const page = await (await fetch(`${srv.url}/propuesta/${callId}`)).text();
      expect(page).toContain('no te proponemos nada que no hayas pedido');
    });

    it('is accepted once, without JavaScript, from its own page only, and then says so everywhere', async () => {
      const email = `acepta-${dialect}@clinica.example`;
      const { callId, version } = await conversation(email, { messages: said });
      const pageUrl = `${srv.url}/propuesta/${callId}`;
      const page = await (await fetch(pageUrl)).text();
      expect(page).toContain('Aceptar propuesta');
      expect(page).toContain(`action="/propuesta/${callId}/aceptar"`);
      expect(page).toContain('value="Lucía Gómez"');
      expect(page).not.toMatch(/<script|style="/);

      const post = (body: Record<string, string>, headers: Record<string, string> = { origin: srv.url }) =>
        fetch(`${pageUrl}/aceptar`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body) });
      // Another site's page cannot accept for the visitor.
      expect((await post({ name: 'Lucía Gómez', confirm: '1' }, { origin: 'https://evil.example' })).status).toBe(403);
      // A name and the confirmation are both required, and said so.
      const noConfirm = await post({ name: 'Lucía Gómez' });
      expect(noConfirm.status).toBe(400);
      expect(await noConfirm.text()).toContain('Marca la casilla');
      const noName = await post({ name: ' ', confirm: '1' });
      expect(noName.status).toBe(400);
      expect(await noName.text()).toContain('Escribe tu nombre completo');
      expect((await srv.db.kysely.selectFrom('pdf').select('accepted_at').where('call_id', '=', callId).executeTakeFirstOrThrow()).accepted_at).toBeNull();

      const ok = await post({ name: 'Lucía Gómez Ruiz', confirm: '1' });
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe(`/propuesta/${callId}`);
      const row = await srv.db.kysely.selectFrom('pdf').select(['accepted_at', 'accepted_name', 'accepted_version', 'version']).where('call_id', '=', callId).executeTakeFirstOrThrow();
      expect(row.accepted_name).toBe('Lucía Gómez Ruiz');
      expect(row.accepted_version).toBe(version);
      expect(row.version).toBe(version + 1);
      const date = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(row.accepted_at!));
      const after = await (await fetch(pageUrl)).text();
      expect(after).toContain(`Propuesta aceptada el ${date}`);
      expect(after).not.toContain('name="confirm"');
      const pdf = new Uint8Array(await (await fetch(`${pageUrl}.pdf`)).arrayBuffer());
      expect(pdfText(pdf, tmp.dir, `${dialect}-accepted.pdf`)).toContain(`Propuesta aceptada el ${date} por Lucía Gómez Ruiz`);

      // Accepting twice changes nothing.
      const twice = await post({ name: 'Otra Persona', confirm: '1' });
      expect(twice.status).toBe(303);
      const same = await srv.db.kysely.selectFrom('pdf').select(['accepted_at', 'accepted_name', 'version']).where('call_id', '=', callId).executeTakeFirstOrThrow();
      expect(same).toEqual({ accepted_at: row.accepted_at, accepted_name: 'Lucía Gómez Ruiz', version: row.version });

      // Exported with the visitor's data, and erased with it.
      const exported = await storedData(srv.db, email, 'no-unsubscribe-key');
      const mine = exported.proposals.find((p) => p.call_id === callId)!;
      expect(mine.accepted_name).toBe('Lucía Gómez Ruiz');
      expect(JSON.stringify(mine.document)).toContain('fuera de horario');
      expect(Buffer.from(mine.pdf_file!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(JSON.stringify(exported.conversations)).toContain('Tengo una clínica dental');
      await eraseAddress(srv.db, email);
      expect(await srv.db.kysely.selectFrom('pdf').select('id').where('call_id', '=', callId).execute()).toEqual([]);
      expect((await fetch(`${pageUrl}.pdf`)).status).toBe(404);
    });

    it('an expired proposal cannot be accepted, and the visitor is told why', async () => {
      const email = `caduca-${dialect}@clinica.example`;
      const { callId } = await conversation(email, { messages: said });
      await srv.db.kysely.updateTable('pdf').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('call_id', '=', callId).execute();
      const res = await acceptAs(srv.url, callId);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('caducó el 1 de enero de 2020');
      expect((await srv.db.kysely.selectFrom('pdf').select('accepted_at').where('call_id', '=', callId).executeTakeFirstOrThrow()).accepted_at).toBeNull();
      expect((await fetch(`${srv.url}/propuesta/${callId}.pdf`)).status).toBe(404);
    });

    it('refuses an oversized acceptance body', async () => {
      const email = `grande-${dialect}@clinica.example`;
      const { callId } = await conversation(email, { messages: said });
      const res = await fetch(`${srv.url}/propuesta/${callId}/aceptar`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: srv.url },
        body: `name=${'a'.repeat(20_000)}&confirm=1`,
      });
      expect(res.status).toBe(413);
    });

    it('an id no proposal has: the page and the acceptance answer 404, and nothing is written', async () => {
      const unknown = randomUUID();
      expect((await fetch(`${srv.url}/propuesta/${unknown}`)).status).toBe(404);
      const res = await acceptAs(srv.url, unknown);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Propuesta no disponible');
      expect(await srv.db.kysely.selectFrom('pdf').select('id').where('accepted_name', '=', 'Lucía Gómez').execute()).toEqual([]);
    });
  });
}

suite('sqlite', true);
suite('postgres', !!PG_URL);

describe('PROPOSAL_PDF=false', () => {
  let tmp: ReturnType<typeof tempDir>;
  let sink: SinkServer;
  let srv: RunningServer;
  beforeAll(async () => {
    tmp = tempDir();
    sink = await startSink();
    srv = await startTestServer({ DATABASE_PATH: join(tmp.dir, 'nopdf.db'), POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: sink.url, PROPOSAL_PDF: 'false' });
  });
  afterAll(async () => {
    await srv?.close();
    await sink?.close();
    tmp?.cleanup();
  });

  it('sends the page only, and no email claims a PDF', async () => {
    const lead = await registerLead(srv.url, { email: 'sinpdf@example.com', name: 'Sara Gil' });
    await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token });
    const mails = await waitFor(() => {
      const m = sink.sink.messages.filter((x) => x.to === 'sinpdf@example.com');
      return m.length === 2 && m;
    });
    for (const m of mails) {
      expect(m.attachments).toEqual([]);
      expect(m.text).not.toMatch(/PDF|adjunt/);
    }
    expect((await fetch(`${srv.url}/propuesta/${lead.callId}.pdf`)).status).toBe(404);
    const page = await (await fetch(`${srv.url}/propuesta/${lead.callId}`)).text();
    expect(page).toContain('Aceptar propuesta');
    expect(page).not.toContain('Descargar PDF');
  });
});

describe('acceptance under a flood', () => {
  let tmp: ReturnType<typeof tempDir>;
  let srv: RunningServer;
  beforeAll(async () => {
    tmp = tempDir();
    srv = await startTestServer({ DATABASE_PATH: join(tmp.dir, 'flood.db'), RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(async () => {
    await srv?.close();
    tmp?.cleanup();
  });

  it('a client posting acceptances over and over is refused with 429 once its budget is spent, and stays refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await acceptAs(srv.url, randomUUID())).status);
    }
    // RATE_LIMIT_PER_MINUTE=10 writes a minute per client: ten answers, then refusals.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual(Array(4).fill(429));
  });
});
