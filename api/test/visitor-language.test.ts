// A visitor who talks in English, end to end on a real server (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set): the widget registers the conversation with `locale: 'en'`, and the
// confirmation and proposal mails, the proposal page, the PDF (read back with pdftotext) and the
// acceptance form are all in English, amounts and dates written the English way; the sales team's
// mail stays in the site's Spanish. Expected amounts are worked out by hand from the demo offer
// (voice agent 900 + 149 a month, platform 0 + 59 a month, IVA 21 %); expected dates come from
// Intl's en-GB and es-ES formats.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deliverServerMessage, rpc, suiteServer, waitFor, PG_URL } from './helpers';

const SECRET = 'language-secret-0123456789abcdef';
const SALES = 'ventas@nexia.example';
const enDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** The demo offer, with English words for its voice agent (and English keywords for it), as a site owner would add them. */
function englishOffer(dir: string): string {
  const offer = JSON.parse(readFileSync(join(import.meta.dirname, '../offers/demo-nexia.json'), 'utf8'));
  const voz = offer.items.find((i: { id: string }) => i.id === 'voz');
  voz.en = { title: 'Voice agent', description: 'Answers phone and web calls in a natural voice, at any hour.' };
  voz.keywords.push('calls', 'out of hours');
  offer.en = { closing: 'We get it running with you in two weeks, with a month to try it.' };
  const file = join(dir, 'offer-en.json');
  writeFileSync(file, JSON.stringify(offer));
  return file;
}

function suite(dialect: 'sqlite' | 'postgres', enabled: boolean) {
  describe.runIf(enabled)(`a visitor who talks in English (${dialect})`, () => {
    const s = suiteServer((dir) => ({ VAPI_WEBHOOK_SECRET: SECRET, SALES_EMAIL: SALES, OFFER_FILE: englishOffer(dir) }), 'lang.db', dialect);

    it('a language the site does not speak is refused by the contract', async () => {
      const res = await rpc(s.srv.url, 'vapi_call.create', { vapi_id: `call-fr-${dialect}`, initial_data: {}, status: 'active', locale: 'fr' });
      expect(res.status).toBe(400);
    });

    it('mails, page, PDF and acceptance in English; the sales team in Spanish', async () => {
      const email = `lukasz-${dialect}@capek.example`;
      const vapiId = `call-${email}`;
      const vc = await rpc(s.srv.url, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString(), locale: 'en' }, status: 'active', locale: 'en' });
      expect(vc.status).toBe(200);
      await deliverServerMessage(s.srv.url, SECRET, {
        type: 'tool-calls',
        toolCallList: [{ id: `tc-${email}`, type: 'function', function: { name: 'registrar_contacto', arguments: { email, nombre: 'Łukasz Wąsowski', empresa: 'Čapek & Søn' } } }],
        call: { id: vapiId },
      });
      const confirmation = await waitFor(() => s.sink.sink.messages.find((m) => m.to === email));
      expect(confirmation.subject).toBe('We have received your request');
      expect(confirmation.text).toContain('Hello, Łukasz Wąsowski');
      expect(confirmation.text).toContain('Thank you for talking with Helena.');
      expect(confirmation.html).toContain('<html lang="en">');

      await deliverServerMessage(s.srv.url, SECRET, {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        artifact: {
          messages: [
            { role: 'bot', message: 'Hi, I am Helena. How can I help?', secondsFromStart: 0.5 },
            { role: 'user', message: 'We run a dental clinic and miss calls out of hours.', secondsFromStart: 4 },
            { role: 'bot', message: 'I will prepare a proposal for you.', secondsFromStart: 9 },
          ],
        },
        analysis: { summary: 'A dental clinic that misses calls out of hours.' },
        call: { id: vapiId },
      });
      const proposal = await waitFor(() => s.sink.sink.messages.find((m) => m.to === email && m.subject === 'Your personalised proposal'));
      const row = await s.srv.db.kysely
        .selectFrom('pdf')
        .innerJoin('call', 'call.id', 'pdf.call_id')
        .innerJoin('customer', 'customer.id', 'call.customer_id')
        .select(['pdf.call_id', 'pdf.expires_at'])
        .where('customer.email', '=', email)
        .executeTakeFirstOrThrow();
      const until = enDate(row.expires_at);
      for (const words of ['Hello, Łukasz Wąsowski', 'What you told us', 'Voice agent. Because you told us: “We run a dental clinic and miss calls out of hours”', '€1,089.00', '€251.68', `valid until ${until}`, 'It is attached as a PDF.', 'We get it running with you in two weeks']) {
        expect(proposal.text).toContain(words);
      }
      expect(proposal.text).not.toMatch(/Propuesta|Agente de voz|Hola/);

      const page = await (await fetch(`${s.srv.url}/propuesta/${row.call_id}`)).text();
      expect(page).toContain('<html lang="en">');
      for (const words of ['Your personalised proposal', 'Hello, Łukasz Wąsowski', 'Prices for Čapek &amp; Søn', 'Voice agent', '€1,089.00', `Valid until`, until, 'Accept proposal', 'Your full name', 'I confirm that I accept this proposal at the prices shown.']) {
        expect(page).toContain(words);
      }
      expect(page).not.toContain('Aceptar propuesta');
      // An item without English words shows its Spanish ones.
      expect(page).toContain('Plataforma Nexia y soporte');

      const pdf = Buffer.from(await (await fetch(`${s.srv.url}/propuesta/${row.call_id}.pdf`)).arrayBuffer());
      const file = join(s.tmp.dir, `${dialect}-en.pdf`);
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      for (const words of ["Nexia's proposal for Čapek & Søn", 'Hello, Łukasz Wąsowski', 'Voice agent', '€1,089.00', '€251.68', `Valid until: ${until}`, 'Prices in EUR.']) expect(text).toContain(words);
      expect(text).not.toContain('Agente de voz');
      expect(pdf.toString('latin1')).toMatch(/\/Lang \(en-GB\)/);

      // The team reads the lead in the site's Spanish.
      const sales = await waitFor(() => s.sink.sink.messages.find((m) => m.to === SALES && m.subject.startsWith('Nuevo contacto')));
      expect(sales.text).toContain('Alta 1.089,00\u00a0€ · Cada mes 251,68\u00a0€');
      expect(sales.text).toContain('0:04 Visitante: We run a dental clinic and miss calls out of hours.');

      const unconfirmed = await fetch(`${s.srv.url}/propuesta/${row.call_id}/aceptar`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.srv.url },
        body: new URLSearchParams({ name: 'Łukasz Wąsowski' }),
      });
      expect(unconfirmed.status).toBe(400);
      const refused = await unconfirmed.text();
      expect(refused).toContain('Tick the box to confirm that you accept the proposal.');
      expect(refused).toContain('value="Łukasz Wąsowski"');

      const accept = await fetch(`${s.srv.url}/propuesta/${row.call_id}/aceptar`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.srv.url },
        body: new URLSearchParams({ name: 'Łukasz Wąsowski', confirm: '1' }),
      });
      expect(accept.status).toBe(303);
      const accepted = await s.srv.db.kysely.selectFrom('pdf').select('accepted_at').where('call_id', '=', row.call_id).executeTakeFirstOrThrow();
      const after = await (await fetch(`${s.srv.url}/propuesta/${row.call_id}`)).text();
      expect(after).toContain(`Proposal accepted on ${enDate(accepted.accepted_at!)} by Łukasz Wąsowski.`);
      expect(after).toContain('Thank you. We will be in touch to get it started.');
      const acceptedPdf = join(s.tmp.dir, `${dialect}-en-accepted.pdf`);
      writeFileSync(acceptedPdf, Buffer.from(await (await fetch(`${s.srv.url}/propuesta/${row.call_id}.pdf`)).arrayBuffer()));
      expect(execFileSync('pdftotext', ['-enc', 'UTF-8', acceptedPdf, '-'], { encoding: 'utf8' })).toContain(`Proposal accepted on ${enDate(accepted.accepted_at!)} by Łukasz Wąsowski.`);
    });

    it('an expired proposal tells an English-speaking visitor why, in English', async () => {
      const email = `late-${dialect}@capek.example`;
      const vapiId = `call-${email}`;
      expect((await rpc(s.srv.url, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active', locale: 'en' })).status).toBe(200);
      await deliverServerMessage(s.srv.url, SECRET, {
        type: 'tool-calls',
        toolCallList: [{ id: `tc-${email}`, type: 'function', function: { name: 'registrar_contacto', arguments: { email, nombre: 'Ana' } } }],
        call: { id: vapiId },
      });
      await waitFor(() => s.sink.sink.messages.find((m) => m.to === email));
      const { call_id } = await s.srv.db.kysely.selectFrom('pdf').innerJoin('call', 'call.id', 'pdf.call_id').innerJoin('customer', 'customer.id', 'call.customer_id').select('pdf.call_id').where('customer.email', '=', email).executeTakeFirstOrThrow();
      await s.srv.db.kysely.updateTable('pdf').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('call_id', '=', call_id).execute();
      const res = await fetch(`${s.srv.url}/propuesta/${call_id}`);
      expect(res.status).toBe(404);
      const page = await res.text();
      expect(page).toContain('<html lang="en">');
      expect(page).toContain('This proposal expired on 1 January 2020');
    });
  });
}

suite('sqlite', true);
suite('postgres', !!PG_URL);
