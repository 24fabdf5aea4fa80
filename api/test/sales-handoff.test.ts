// The lead reaching the business, end to end on a real server with SQLite and PostgreSQL: the
// sales inbox's 'Nuevo contacto' and 'Propuesta aceptada' (Reply-To the visitor, the transcript
// with times, the team's marked links) and the three signed events a CRM receives, verified with
// the `standardwebhooks` package; a view counts once, and only the visitor's own.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server';
import { deliverServerMessage, navigate, pgSchema, rpc, SINK_TOKEN, startSink, startTestServer, tempDir, waitFor, PG_URL, type SinkServer } from './helpers';
import { SECRET as WEBHOOK_SECRET, startReceiver, type Receiver } from './webhook-receiver';

const SECRET = 'handoff-secret-0123456789abcdef';

const SALES = ['ventas@nexia.example', 'direccion@nexia.example'];

function suite(dialect: 'sqlite' | 'postgres', enabled: boolean) {
  describe.runIf(enabled)(`the sales handoff (${dialect})`, () => {
    let tmp: ReturnType<typeof tempDir>;
    let sink: SinkServer;
    let srv: RunningServer;
    let crm: Receiver;
    let schema: Awaited<ReturnType<typeof pgSchema>> | undefined;

    beforeAll(async () => {
      tmp = tempDir();
      sink = await startSink();
      crm = await startReceiver();
      schema = dialect === 'postgres' ? await pgSchema() : undefined;
      srv = await startTestServer({
        ...(schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(tmp.dir, 'handoff.db') }),
        POSTMARK_SERVER_TOKEN: SINK_TOKEN,
        POSTMARK_API_URL: sink.url,
        VAPI_WEBHOOK_SECRET: SECRET,
        SALES_EMAIL: SALES.join(', '),
        LEAD_WEBHOOK_URL: crm.url,
        LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      });
    });
    afterAll(async () => {
      await srv?.close();
      await crm?.close();
      await sink?.close();
      await schema?.drop();
      tmp?.cleanup();
    });

    const events = (callId: string) => crm.verified().filter((e) => e.body.data.callId === callId);

    it('a proposal made: Nuevo contacto to every sales address and lead.created; the first view once; the acceptance', async () => {
      const email = `ana-${dialect}@dental.example`;
      const vapiId = `call-${email}`;
      await rpc(srv.url, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
      await deliverServerMessage(srv.url, SECRET, {
        type: 'tool-calls',
        toolCallList: [{ id: `tc-${email}`, type: 'function', function: { name: 'registrar_contacto', arguments: { email, nombre: 'Ana Ruiz', cargo: 'Gerente', empresa: 'Dental Ruiz' } } }],
        call: { id: vapiId },
      });
      // The team hears of the lead when its proposal is final: after the report, not before.
      await waitFor(() => sink.sink.messages.some((m) => m.to === email && m.subject === 'Hemos recibido tu solicitud'));
      expect(sink.sink.messages.filter((m) => m.subject.startsWith('Nuevo contacto'))).toHaveLength(0);
      await deliverServerMessage(srv.url, SECRET, {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        artifact: {
          // Listed as a report once listed them: the visitor's turns, then the assistant's.
          messages: [
            { role: 'user', message: 'Hola, tenemos una clínica dental.', secondsFromStart: 4.1 },
            { role: 'user', message: 'Quiero atender las llamadas fuera de horario.', secondsFromStart: 10.2 },
            { role: 'bot', message: '¿En qué te ayudo?', secondsFromStart: 0.4 },
            { role: 'bot', message: 'Cuéntame qué necesitáis.', secondsFromStart: 5.3 },
            { role: 'bot', message: 'Claro, te preparo una propuesta.', secondsFromStart: 71 },
          ],
        },
        analysis: { summary: 'Clínica dental con llamadas perdidas.' },
        call: { id: vapiId },
      });
      const sales = await waitFor(() => {
        const m = sink.sink.messages.filter((x) => x.subject === 'Nuevo contacto: Dental Ruiz' && SALES.includes(x.to));
        return m.length === 2 && m;
      });
      const callId = (await srv.db.kysely.selectFrom('call').innerJoin('customer', 'customer.id', 'call.customer_id').select('call.id').where('customer.email', '=', email).executeTakeFirstOrThrow()).id;
      for (const m of sales) {
        expect(m.replyTo).toBe(email);
        for (const text of [email, 'Ana Ruiz', 'Gerente', 'Dental Ruiz', 'Agente de voz', '«Quiero atender las llamadas fuera de horario»', 'Clínica dental con llamadas perdidas.']) {
          expect(m.text).toContain(text);
        }
        // Set-up 900 + 0 → 1.089,00 € with IVA; monthly 149 + 59 = 208 → 251,68 € with IVA.
        expect(m.text).toContain('Alta 1.089,00\u00a0€ · Cada mes 251,68\u00a0€');
        // The conversation in the order it was said, whatever the order it was listed in.
        const said = ['0:00 Helena: ¿En qué te ayudo?', '0:04 Visitante: Hola, tenemos una clínica dental.', '0:05 Helena: Cuéntame qué necesitáis.', '0:10 Visitante: Quiero atender las llamadas fuera de horario.', '1:11 Helena: Claro, te preparo una propuesta.'];
        const at = said.map((line) => m.text.indexOf(line));
        expect(at.every((i) => i >= 0), m.text).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
        const inHtml = said.map((line) => m.html.indexOf(line.replace(/^[\d:]+ \S+: /, '')));
        expect([...inHtml].sort((a, b) => a - b)).toEqual(inHtml);
        expect(m.text).toContain(`/propuesta/${callId}?equipo`);
        expect(m.text).not.toContain('Darme de baja');
        expect(m.attachments).toEqual([expect.objectContaining({ ContentType: 'application/pdf', Name: 'propuesta-dental-ruiz.pdf' })]);
      }
      // Not counted against the visitor's own mail.
      expect(sink.sink.messages.filter((m) => m.to === email).map((m) => m.subject).sort()).toEqual(['Hemos recibido tu solicitud', 'Tu propuesta personalizada']);

      const created = await waitFor(() => events(callId).find((e) => e.body.type === 'lead.created'));
      expect(created.body.data).toMatchObject({
        callId,
        contact: { email, name: 'Ana Ruiz', cargo: 'Gerente', company: 'Dental Ruiz' },
        totals: { currency: 'EUR', setup: { net: '900.00', tax: '189.00', gross: '1089.00' }, monthly: { net: '208.00', tax: '43.68', gross: '251.68' } },
        summary: 'Clínica dental con llamadas perdidas.',
        proposalUrl: `http://localhost:3000/propuesta/${callId}`,
      });
      expect(created.body.data.needs).toEqual([{ item: 'voz', title: 'Agente de voz', words: ['Quiero atender las llamadas fuera de horario'] }]);

      // Views: the team's link, a mail scanner's fetch (no browser navigation): not the visitor's.
      const page = `${srv.url}/propuesta/${callId}`;
      expect(await navigate(`${page}?equipo`)).toBe(200);
      expect((await fetch(page)).status).toBe(200);
      expect((await srv.db.kysely.selectFrom('pdf').select('first_viewed_at').where('call_id', '=', callId).executeTakeFirstOrThrow()).first_viewed_at).toBeNull();
      // The visitor opens the PDF, then the page: one view.
      expect(await navigate(`${page}.pdf`)).toBe(200);
      expect(await navigate(page)).toBe(200);
      const viewed = await waitFor(() => events(callId).find((e) => e.body.type === 'proposal.viewed'));
      const row = await srv.db.kysely.selectFrom('pdf').select('first_viewed_at').where('call_id', '=', callId).executeTakeFirstOrThrow();
      expect(viewed.body.data).toEqual({ callId, viewedAt: row.first_viewed_at });

      const accept = await fetch(`${page}/aceptar`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: srv.url },
        body: new URLSearchParams({ name: 'Ana Ruiz Soto', confirm: '1' }),
      });
      expect(accept.status).toBe(303);
      const accepted = await waitFor(() => events(callId).find((e) => e.body.type === 'proposal.accepted'));
      const stored = await srv.db.kysely.selectFrom('pdf').select(['accepted_at', 'accepted_version']).where('call_id', '=', callId).executeTakeFirstOrThrow();
      expect(accepted.body.data).toMatchObject({ callId, name: 'Ana Ruiz Soto', acceptedAt: stored.accepted_at, version: stored.accepted_version, totals: { setup: { gross: '1089.00' } } });
      const acceptedMail = await waitFor(() => {
        const m = sink.sink.messages.filter((x) => x.subject === 'Propuesta aceptada: Dental Ruiz');
        return m.length === 2 && m;
      });
      for (const m of acceptedMail) {
        expect(m.replyTo).toBe(email);
        expect(m.text).toContain('Ana Ruiz Soto');
        expect(m.text).toContain('Alta 1.089,00\u00a0€');
      }
      // Each event once, each delivery verified.
      expect(events(callId).map((e) => e.body.type).sort()).toEqual(['lead.created', 'proposal.accepted', 'proposal.viewed']);
    });
  });
}

suite('sqlite', true);
suite('postgres', !!PG_URL);
