// When the proposal email goes, with a Server URL: the confirmation at once, the proposal after
// the end-of-call report (quoting its summary), or without one once the wait after the call's
// end runs out; the waiting survives a restart of the server on the same database file.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server';
import { deliverServerMessage, rpc, SINK_TOKEN, startSink, startTestServer, tempDir, waitFor, type SinkServer } from './helpers';

const SECRET = 'timing-secret-0123456789abcdef';
// The spec's subjects for the two messages.
const CONFIRMATION = 'Hemos recibido tu solicitud';
const PROPOSAL = 'Tu propuesta personalizada';
const SUMMARY = 'Quiere automatizar la facturación de sus tres tiendas de Valencia.';

let tmp: ReturnType<typeof tempDir>;
let sink: SinkServer;
beforeAll(async () => {
  tmp = tempDir();
  sink = await startSink();
});
afterAll(async () => {
  await sink?.close();
  tmp?.cleanup();
});

const start = (dbFile: string, waitMinutes: number) =>
  startTestServer({
    DATABASE_PATH: join(tmp.dir, dbFile),
    POSTMARK_SERVER_TOKEN: SINK_TOKEN,
    POSTMARK_API_URL: sink.url,
    VAPI_WEBHOOK_SECRET: SECRET,
    PROPOSAL_REPORT_WAIT_MINUTES: String(waitMinutes),
  });

const deliver = (srv: RunningServer, message: Record<string, unknown>) => deliverServerMessage(srv.url, SECRET, message) as Promise<{ results: { result: unknown }[] }>;

/** A conversation the widget registered, and the assistant's registrar_contacto call in it. */
async function leadByTool(srv: RunningServer, email: string) {
  const vapiId = `call-${email}`;
  const vc = await rpc(srv.url, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
  expect(vc.status).toBe(200);
  const answer = await deliver(srv, {
    type: 'tool-calls',
    toolCallList: [{ id: `tc-${email}`, type: 'function', function: { name: 'registrar_contacto', arguments: { email, nombre: 'Lucía' } } }],
    call: { id: vapiId },
  });
  expect(answer.results[0]?.result).toEqual(expect.any(String));
  return vapiId;
}

const mailTo = (to: string, subject: string) => sink.sink.messages.filter((m) => m.to === to && m.subject === subject);
const endOfCall = (vapiId: string) => ({
  type: 'end-of-call-report',
  endedReason: 'customer-ended-call',
  artifact: { transcript: 'User: Tengo tres tiendas en Valencia.' },
  analysis: { summary: SUMMARY },
  call: { id: vapiId },
});
const pdfOf = (srv: RunningServer, vapiId: string) =>
  srv.db.kysely
    .selectFrom('pdf')
    .innerJoin('call', 'call.id', 'pdf.call_id')
    .innerJoin('vapi_call', 'vapi_call.id', 'call.vapi_call_id')
    .select(['pdf.content', 'call.id as call_id'])
    .where('vapi_call.vapi_id', '=', vapiId)
    .executeTakeFirstOrThrow();

describe('proposal timing', () => {
  it('the confirmation goes at once; the proposal waits for the report and quotes its summary, on the page too', async () => {
    const srv = await start('report.db', 10);
    try {
      const vapiId = await leadByTool(srv, 'con-informe@example.com');
      await waitFor(() => mailTo('con-informe@example.com', CONFIRMATION).length === 1);
      // The worker has had its chance to send the proposal too; it must still be waiting.
      const waiting = await srv.db.kysely.selectFrom('proposal_wait').select('outbox_id').execute();
      expect(waiting).toHaveLength(1);
      expect(mailTo('con-informe@example.com', PROPOSAL)).toHaveLength(0);

      await deliver(srv, endOfCall(vapiId));
      const [proposal] = await waitFor(() => {
        const m = mailTo('con-informe@example.com', PROPOSAL);
        return m[0] ? ([m[0], ...m.slice(1)] as const) : null;
      });
      expect(proposal.html).toContain(SUMMARY);
      const pdf = await pdfOf(srv, vapiId);
      expect(pdf.content).toContain(SUMMARY);
      const page = await fetch(`${srv.url}/propuesta/${pdf.call_id}`);
      expect(await page.text()).toContain(SUMMARY);
    } finally {
      await srv.close();
    }
  });

  it('without a report, the proposal goes once the wait after the call ends runs out, with what is known', async () => {
    const srv = await start('no-report.db', 0);
    try {
      const vapiId = await leadByTool(srv, 'sin-informe@example.com');
      await waitFor(() => mailTo('sin-informe@example.com', CONFIRMATION).length === 1);
      expect(mailTo('sin-informe@example.com', PROPOSAL)).toHaveLength(0);
      await deliver(srv, { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call', call: { id: vapiId } });
      const [proposal] = await waitFor(() => {
        const m = mailTo('sin-informe@example.com', PROPOSAL);
        return m[0] ? ([m[0], ...m.slice(1)] as const) : null;
      });
      expect(proposal.html).toContain('Resumen de la conversación');
      expect(proposal.html).not.toContain(SUMMARY);
    } finally {
      await srv.close();
    }
  });

  it('a waiting proposal survives a restart: the report after it releases it', async () => {
    const first = await start('restart-report.db', 10);
    const vapiId = await leadByTool(first, 'reinicio@example.com');
    await waitFor(() => mailTo('reinicio@example.com', CONFIRMATION).length === 1);
    await first.close();
    const second = await start('restart-report.db', 10);
    try {
      await deliver(second, endOfCall(vapiId));
      const [proposal] = await waitFor(() => {
        const m = mailTo('reinicio@example.com', PROPOSAL);
        return m[0] ? ([m[0], ...m.slice(1)] as const) : null;
      });
      expect(proposal.html).toContain(SUMMARY);
      expect(mailTo('reinicio@example.com', CONFIRMATION)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a waiting proposal survives a restart: the next run sends it when its wait is over', async () => {
    const first = await start('restart-timer.db', 10);
    const vapiId = await leadByTool(first, 'reinicio-plazo@example.com');
    await deliver(first, { type: 'status-update', status: 'ended', call: { id: vapiId } });
    await waitFor(() => mailTo('reinicio-plazo@example.com', CONFIRMATION).length === 1);
    expect(mailTo('reinicio-plazo@example.com', PROPOSAL)).toHaveLength(0);
    await first.close();
    // Restarted with no wait: nothing is delivered to it, its timer alone must send the proposal.
    const second = await start('restart-timer.db', 0);
    try {
      await waitFor(() => mailTo('reinicio-plazo@example.com', PROPOSAL).length === 1);
      expect(await second.db.kysely.selectFrom('proposal_wait').select('outbox_id').execute()).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
