// The sales inbox's mail path, on SQLite and PostgreSQL: internal messages to SALES_EMAIL through
// the durable outbox, Reply-To the visitor (as the Postmark sink records it), no footer, outside
// the visitor's caps and unsubscribe, and gone with an erasure of the visitor's address.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import postmark from 'postmark';
import type { Db } from '../src/db';
import { enqueueSalesEmail, type SalesEmail } from '../src/mail/sales';
import { postmarkClientOptions } from '../src/mail/transport';
import { createPrivacyKeys } from '../src/privacy/keys';
import { eraseAddress, recordUnsubscribe, storedData } from '../src/privacy/queries';
import type { RunningServer } from '../src/server';
import { pgSchema, registerLead, rpc, startSink, startTestServer, tempDir, testConfig, waitFor, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';

const SALES = 'ventas@empresa.example, equipo@empresa.example';
/** A one-page PDF's bytes would do; these stand for them (base64, as the outbox stores attachments). */
const PDF = Buffer.from('%PDF-1.4\n%helena sales test\n').toString('base64');

const salesMail = (replyTo: string): SalesEmail => ({
  replyTo,
  subject: 'Nuevo contacto: Pérez Logística',
  html: '<p>Ana Pérez (Pérez Logística) pide una propuesta.</p>',
  text: 'Ana Pérez (Pérez Logística) pide una propuesta.',
  attachments: [{ filename: 'propuesta.pdf', content: PDF, contentType: 'application/pdf' }],
});

const queueSales = (db: Db, config: { SALES_EMAIL: string[]; MAIL_FROM: string }, mail: SalesEmail) =>
  db.kysely.transaction().execute((tx) => enqueueSalesEmail(tx, config, mail));

let sink: SinkServer;
beforeAll(async () => {
  sink = await startSink();
});
afterAll(async () => {
  await sink?.close();
});

function salesSpecs(name: 'sqlite' | 'postgres', makeTarget: () => Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>) {
  describe(`the sales inbox on ${name}`, () => {
    let target: Awaited<ReturnType<typeof makeTarget>>;
    let srv: RunningServer | null = null;
    const start = async (env: Record<string, string> = {}) => {
      srv = await startTestServer({ ...target.env, POSTMARK_SERVER_TOKEN: SINK_TOKEN, POSTMARK_API_URL: sink.url, SALES_EMAIL: SALES, ...env });
      return srv;
    };
    // What the server reads from the same SALES_EMAIL.
    const config = () => testConfig({ SALES_EMAIL: SALES });
    beforeEach(async () => {
      target = await makeTarget();
      sink.sink.clear();
    });
    afterEach(async () => {
      await srv?.close();
      srv = null;
      await target.cleanup();
    });

    it('one message per SALES_EMAIL address, Reply-To the visitor, the text as given with no footer and no unsubscribe header', async () => {
      const s = await start();
      const visitor = `ana.${name}@cliente.example`;
      expect(config().SALES_EMAIL).toEqual(['ventas@empresa.example', 'equipo@empresa.example']);
      const ids = await queueSales(s.db, config(), salesMail(visitor));
      expect(ids).toHaveLength(2);
      s.worker!.nudge();
      const got = await waitFor(() => {
        const m = sink.sink.messages.filter((x) => x.subject === 'Nuevo contacto: Pérez Logística');
        return m.length === 2 && m;
      });
      expect(got.map((m) => m.to).sort()).toEqual(['equipo@empresa.example', 'ventas@empresa.example']);
      for (const m of got) {
        expect(m.replyTo).toBe(visitor);
        expect(m.from).toBe(config().MAIL_FROM);
        expect(m.html).toBe('<p>Ana Pérez (Pérez Logística) pide una propuesta.</p>');
        expect(m.text).toBe('Ana Pérez (Pérez Logística) pide una propuesta.');
        expect(m.headers.map((h) => h.Name).filter((n) => /unsubscribe/i.test(n))).toEqual([]);
        expect(m.attachments).toEqual([{ Name: 'propuesta.pdf', ContentType: 'application/pdf', size: Buffer.from(PDF, 'base64').length }]);
        expect(m.metadata.kind).toBe('sales');
      }
      const rows = await waitFor(async () => {
        const r = await s.db.kysely.selectFrom('outbox').select(['kind', 'reply_to', 'status']).where('id', 'in', ids).execute();
        return r.every((x) => x.status === 'sent') && r;
      });
      expect(rows).toEqual([
        { kind: 'sales', reply_to: visitor, status: 'sent' },
        { kind: 'sales', reply_to: visitor, status: 'sent' },
      ]);
    });

    it('without SALES_EMAIL nothing is queued', async () => {
      const s = await start({ SALES_EMAIL: '' });
      expect(await queueSales(s.db, testConfig({ SALES_EMAIL: '' }), salesMail('nadie@cliente.example'))).toEqual([]);
      expect(await s.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'sales').execute()).toEqual([]);
    });

    it('sales messages are not counted by the visitor’s caps: the visitor’s proposal still goes, and the hourly cap still holds the next one', async () => {
      const s = await start({ MAIL_PER_RECIPIENT: '1', MAIL_PROPOSALS_PER_HOUR: '1' });
      const visitor = `caps.${name}@cliente.example`;
      const lead = await registerLead(s.url, { email: visitor, name: 'Ana', company: 'Pérez Logística' });
      for (let i = 0; i < 3; i++) await queueSales(s.db, config(), { ...salesMail(visitor), pdfId: null });
      // Addressed to the visitor too, a sales message would still not be a proposal.
      await queueSales(s.db, { SALES_EMAIL: [visitor], MAIL_FROM: 'Helena <propuestas@example.com>' }, salesMail(visitor));
      expect((await rpc(s.url, 'proposal.send', { callId: lead.callId, token: lead.token })).status).toBe(200);
      const kinds = await s.db.kysely.selectFrom('outbox').select('kind').where('to_email', '=', visitor).execute();
      expect(kinds.map((k) => k.kind).sort()).toEqual(['confirmation', 'proposal', 'sales']);

      // The cap itself is on: a second visitor's proposal in the same hour is held back.
      const other = await registerLead(s.url, { email: `caps2.${name}@cliente.example` });
      expect((await rpc(s.url, 'proposal.send', { callId: other.callId, token: other.token })).status).toBe(200);
      expect(await s.db.kysely.selectFrom('outbox').select('kind').where('to_email', '=', `caps2.${name}@cliente.example`).execute()).toEqual([]);
    });

    it('the visitor’s unsubscribe cancels their own mail, not the sales team’s copy', async () => {
      const s = await start({ MAIL_WORKER: 'false' });
      const visitor = `baja.${name}@cliente.example`;
      const ids = await queueSales(s.db, config(), salesMail(visitor));
      const cancelled = await recordUnsubscribe(s.db, await createPrivacyKeys(s.db, undefined).addressKey(visitor), visitor);
      expect(cancelled).toBe(0);
      const rows = await s.db.kysely.selectFrom('outbox').select('status').where('id', 'in', ids).execute();
      expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    });

    it('the visitor’s export lists the sales copies and an erasure deletes them, sent or not', async () => {
      const s = await start({ MAIL_WORKER: 'false' });
      const visitor = `borrar.${name}@cliente.example`;
      const ids = await queueSales(s.db, config(), salesMail(visitor));
      await s.db.kysely.updateTable('outbox').set({ status: 'sent' }).where('id', '=', ids[0]!).execute();
      const unrelated = await queueSales(s.db, config(), salesMail(`otro.${name}@cliente.example`));
      const exported = await storedData(s.db, visitor, 'unused-key');
      expect(exported.emails.map((e) => e.id).sort()).toEqual([...ids].sort());
      const erased = await eraseAddress(s.db, visitor);
      expect(erased.emails).toBe(2);
      const left = await s.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'sales').execute();
      expect(left.map((r) => r.id).sort()).toEqual([...unrelated].sort());
    });
  });
}

salesSpecs('sqlite', async () => {
  const tmp = tempDir();
  return { env: { DATABASE_PATH: join(tmp.dir, 'helena.db') }, cleanup: async () => tmp.cleanup() };
});

describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => {
  salesSpecs('postgres', async () => {
    const schema = await pgSchema();
    return { env: { DATABASE_URL: schema.url }, cleanup: () => schema.drop() };
  });
});

describe('the sink holds ReplyTo to the addresses Postmark accepts', () => {
  const client = () => new postmark.ServerClient(SINK_TOKEN, postmarkClientOptions(sink.url, 5000));
  const msg = (replyTo: unknown) => ({ From: 'Helena <propuestas@example.com>', To: 'ventas@empresa.example', Subject: 'Reply-To', TextBody: 'hola', ReplyTo: replyTo as string });

  it('records a list of addresses and refuses anything else with Postmark’s 422 ErrorCode 300', async () => {
    const ok = await client().sendEmail(msg('Ana <ana@cliente.example>, eva@cliente.example'));
    expect(ok.ErrorCode).toBe(0);
    expect(sink.sink.messages.find((m) => m.id === ok.MessageID)!.replyTo).toBe('Ana <ana@cliente.example>, eva@cliente.example');
    for (const bad of ['not-an-address', 'ana@cliente.example, nope']) {
      const err = await client().sendEmail(msg(bad)).then(() => null, (e: { statusCode: number; code: number; name: string }) => e);
      expect({ bad, status: err?.statusCode, code: err?.code, name: err?.name }).toEqual({ bad, status: 422, code: 300, name: 'InvalidEmailRequestError' });
    }
  });
});
