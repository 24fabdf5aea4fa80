// The proposal's conversation summary from the platform's call record, through @helena/sdk's
// createPlatformClient, against the SDK's own platform simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/sdk/testing';
import { registerLead, rpc, startSink, startTestServer, tempDir, SINK_TOKEN, type SinkServer } from './helpers';
import { storedSummarySource, summaryFromPlatformCall } from '../src/mail/summary';
import type { RunningServer } from '../src/server';

let tmp: ReturnType<typeof tempDir>;
let sink: SinkServer;
let sim: PlatformSimulator;
let srv: RunningServer;

beforeAll(async () => {
  tmp = tempDir();
  sink = await startSink();
  sim = createPlatformSimulator({
    seed: {
      call: [
        { id: 'call_platform_1', type: 'webCall', status: 'ended', analysis: { summary: 'Resumen de la plataforma: quiere un asistente para su tienda.' } },
        { id: 'call_platform_2', type: 'webCall', status: 'ended' },
      ],
    },
  });
  const listening = await sim.listen(0);
  srv = await startTestServer({
    DATABASE_PATH: join(tmp.dir, 'summary.db'),
    POSTMARK_SERVER_TOKEN: SINK_TOKEN,
    POSTMARK_API_URL: sink.url,
    VAPI_PRIVATE_KEY: sim.privateKey,
    VAPI_API_URL: listening.url,
  });
});
afterAll(async () => {
  await srv?.close();
  await sim?.close();
  await sink?.close();
  tmp?.cleanup();
});

const pdfContent = (callId: string) => srv.db.kysely.selectFrom('pdf').select('content').where('call_id', '=', callId).executeTakeFirstOrThrow();

describe('summary source', () => {
  it('with VAPI_PRIVATE_KEY the summary comes from the platform call record', async () => {
    const lead = await registerLead(srv.url, { email: 'plataforma@example.com', name: 'Pla', vapiId: 'call_platform_1', summary: 'Resumen del widget' });
    await rpc(srv.url, 'proposal.send', { callId: lead.callId });
    const { content } = await pdfContent(lead.callId);
    expect(content).toContain('Resumen de la plataforma: quiere un asistente para su tienda.');
    expect(content).not.toContain('Resumen del widget');
  });

  it('falls back to what the widget stored when the platform has none, or fails', async () => {
    const none = await registerLead(srv.url, { email: 'sin-resumen@example.com', vapiId: 'call_platform_2', summary: 'Resumen del widget 2' });
    await rpc(srv.url, 'proposal.send', { callId: none.callId });
    expect((await pdfContent(none.callId)).content).toContain('Resumen del widget 2');

    const unknown = await registerLead(srv.url, { email: 'desconocida@example.com', vapiId: 'call_does_not_exist', summary: 'Resumen del widget 3' });
    await rpc(srv.url, 'proposal.send', { callId: unknown.callId });
    expect((await pdfContent(unknown.callId)).content).toContain('Resumen del widget 3');
  });

  it('reads analysis.summary or summary; the stored source uses call.summary, then initial_data', async () => {
    expect(summaryFromPlatformCall({ analysis: { summary: ' A ' } })).toBe('A');
    expect(summaryFromPlatformCall({ summary: 'B' })).toBe('B');
    expect(summaryFromPlatformCall({})).toBeNull();
    const stored = storedSummarySource();
    expect(await stored.getSummary({ vapiId: null, callSummary: 'C', initialData: { summary: 'D' } })).toBe('C');
    expect(await stored.getSummary({ vapiId: null, callSummary: null, initialData: { summary: 'D' } })).toBe('D');
    expect(
      await stored.getSummary({ vapiId: null, callSummary: null, initialData: { messages: [{ role: 'user', message: 'Hola' }, { role: 'bot', message: 'x' }] } }),
    ).toBe('Nos contaste: Hola');
    expect(await stored.getSummary({ vapiId: null, callSummary: null, initialData: {} })).toBeNull();
  });
});
