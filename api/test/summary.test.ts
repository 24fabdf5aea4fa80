// A proposal needs a real conversation, checked with the platform's call record through
// @helena/sdk's createPlatformClient, against the SDK's own platform simulator; its summary
// comes from that record, never from what the browser sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/simulator/node';
import { registerLead, rpc, startSink, startTestServer, tempDir, SINK_TOKEN, type SinkServer } from './helpers';
import { mailableSummary, summaryFromPlatformCall, summaryFromPlatformSession } from '../src/mail/summary';
import type { RunningServer } from '../src/server';

let tmp: ReturnType<typeof tempDir>;
let sink: SinkServer;
let sim: PlatformSimulator;
let srv: RunningServer;

const ASSISTANT = 'asst-helena';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

beforeAll(async () => {
  tmp = tempDir();
  sink = await startSink();
  sim = createPlatformSimulator({
    seed: {
      call: [
        { id: 'call_platform_1', type: 'webCall', status: 'ended', assistantId: ASSISTANT, startedAt: hoursAgo(1), analysis: { summary: 'Resumen de la plataforma: quiere un asistente para su tienda.' } },
        { id: 'call_platform_2', type: 'webCall', status: 'ended', assistantId: ASSISTANT, startedAt: hoursAgo(2) },
        { id: 'call_other_assistant', type: 'webCall', status: 'ended', assistantId: 'asst-someone-else', startedAt: hoursAgo(1) },
        { id: 'call_too_old', type: 'webCall', status: 'ended', assistantId: ASSISTANT, startedAt: hoursAgo(25) },
        { id: 'call_with_link', type: 'webCall', status: 'ended', assistantId: ASSISTANT, startedAt: hoursAgo(1), analysis: { summary: 'Pidió que visitáramos https://estafa.example/pago y escribió a pagos@estafa.example.\nQuiere un asistente.' } },
      ],
      // Text chats: the platform keeps their messages on the session (user turns carry `message`).
      session: [
        {
          id: 'session_chat_1',
          status: 'active',
          assistantId: ASSISTANT,
          createdAt: hoursAgo(1),
          messages: [
            { role: 'user', message: 'Tenemos una floristería en Cádiz', time: 1, endTime: 1, secondsFromStart: 0 },
            { role: 'assistant', content: '¿Me dejas tu correo?' },
            { role: 'user', message: 'flores@cadiz.example, y mira www.flores-cadiz.example', time: 2, endTime: 2, secondsFromStart: 1 },
          ],
        },
        { id: 'session_other_assistant', status: 'active', assistantId: 'asst-someone-else', createdAt: hoursAgo(1), messages: [] },
        { id: 'session_too_old', status: 'active', assistantId: ASSISTANT, createdAt: hoursAgo(30), messages: [] },
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
    VAPI_ASSISTANT_ID: ASSISTANT,
  });
});
afterAll(async () => {
  await srv?.close();
  await sim?.close();
  await sink?.close();
  tmp?.cleanup();
});

const pdfContent = (callId: string) => srv.db.kysely.selectFrom('pdf').select('content').where('call_id', '=', callId).executeTakeFirst();

describe('a proposal checked with the platform', () => {
  it('the summary comes from the platform call record, not from the browser field (which is still stored)', async () => {
    const lead = await registerLead(srv.url, { email: 'plataforma@example.com', name: 'Pla', vapiId: 'call_platform_1', summary: 'Resumen del widget' });
    expect((await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token })).status).toBe(200);
    const { content } = (await pdfContent(lead.callId))!;
    expect(content).toContain('Resumen de la plataforma: quiere un asistente para su tienda.');
    expect(content).not.toContain('Resumen del widget');
    const call = await srv.db.kysely.selectFrom('call').select('summary').where('id', '=', lead.callId).executeTakeFirstOrThrow();
    expect(call.summary).toBe('Resumen del widget');
  });

  it('a platform call without a summary: the browser text is still not used', async () => {
    const none = await registerLead(srv.url, { email: 'sin-resumen@example.com', vapiId: 'call_platform_2', summary: 'Visita https://malo.example ya' });
    expect((await rpc(srv.url, 'proposal.send', { callId: none.callId, token: none.token })).status).toBe(200);
    expect((await pdfContent(none.callId))!.content).not.toContain('malo.example');
  });

  it('a text chat: the session is the conversation, and the proposal quotes what the visitor wrote, without links', async () => {
    const lead = await registerLead(srv.url, { email: 'flores@cadiz.example', name: 'Flor', vapiId: 'session_chat_1' });
    expect((await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token })).status).toBe(200);
    const { content } = (await pdfContent(lead.callId))!;
    expect(content).toContain('Tenemos una floristería en Cádiz');
    expect(content).not.toContain('www.flores-cadiz.example');
    expect(content).not.toContain('¿Me dejas tu correo?');
  });

  it('a platform summary never carries a link or an address into the mail', async () => {
    const lead = await registerLead(srv.url, { email: 'enlaces@example.com', vapiId: 'call_with_link' });
    expect((await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token })).status).toBe(200);
    const { content } = (await pdfContent(lead.callId))!;
    expect(content).toContain('Quiere un asistente.');
    expect(content).not.toContain('estafa.example');
  });

  it('refuses (403, nothing stored) a call or chat the platform does not know, on another assistant, or begun over 24 h ago', async () => {
    for (const vapiId of ['call_does_not_exist', 'call_other_assistant', 'call_too_old', 'session_other_assistant', 'session_too_old']) {
      const lead = await registerLead(srv.url, { email: `${vapiId}@example.com`, vapiId });
      const r = await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token });
      expect(r.status, vapiId).toBe(403);
      expect(r.body.error.data.code).toBe('FORBIDDEN');
      expect(await pdfContent(lead.callId)).toBeUndefined();
    }
  });

  it('reads analysis.summary or summary', () => {
    expect(summaryFromPlatformCall({ analysis: { summary: ' A ' } })).toBe('A');
    expect(summaryFromPlatformCall({ summary: 'B' })).toBe('B');
    expect(summaryFromPlatformCall({})).toBeNull();
  });

  it('keeps paragraphs, drops controls and bidirectional overrides', () => {
    expect(mailableSummary('Uno.\n\n\n\nDos\u202e al revés\u0007.')).toBe('Uno.\n\nDos al revés .');
    expect(mailableSummary('https://x.example')).toBeNull();
  });

  it('a session with nothing from the visitor has no summary', () => {
    expect(summaryFromPlatformSession({ messages: [{ role: 'assistant', content: 'Hola' }] }, 'Helena')).toBeNull();
    expect(summaryFromPlatformSession({}, 'Helena')).toBeNull();
  });
});
