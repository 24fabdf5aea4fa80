// No log line at info level or above holds a visitor's email address, name, company or words:
// the whole lead flow (the form, the assistant's tool call, the platform's report with the
// transcript, a delivery the provider refuses naming the address, the privacy pages, unsubscribe
// and erasure) runs against the real server with every log line captured, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pgSchema, registerLead, rpc, startSink, startTestServer, tempDir, PG_URL, SINK_TOKEN, type SinkServer } from './helpers';
import { createLogger } from '../src/log';
import type { RunningServer } from '../src/server';

const SECRET = 'server-url-secret-0123456789';
const PUBLIC_URL = 'http://localhost:3000';

const LUCIA = {
  email: 'lucia.fernandez@tiendas-lucia.es',
  name: 'Lucía Fernández',
  cargo: 'Directora Comercial',
  company: 'Cerámicas Triana Lucía',
  words: 'mis tres tiendas de azulejos necesitan atención nocturna',
};
const JORGE = { email: 'jorge.martin@ferreteria-jorge.es', nombre: 'Jorge Martínez Ruiz', empresa: 'Ferretería Martínez Ruiz' };
/** The sink refuses this local part with Postmark's "Invalid 'To' address: '<address>'". */
const REFUSED = 'invalid@tiendas-ivan.es';

function logSpecs(dialect: 'sqlite' | 'postgres') {
  let srv: RunningServer;
  let sink: SinkServer;
  const lines: string[] = [];
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const tmp = tempDir();
    const schema = dialect === 'postgres' ? await pgSchema('helena_logs_') : null;
    sink = await startSink();
    srv = await startTestServer(
      {
        ...(schema ? { DATABASE_URL: schema.url } : { DATABASE_PATH: join(tmp.dir, 'logs.db') }),
        POSTMARK_SERVER_TOKEN: SINK_TOKEN,
        POSTMARK_API_URL: sink.url,
        VAPI_WEBHOOK_SECRET: SECRET,
        PUBLIC_URL,
        MAIL_MAX_ATTEMPTS: '1',
      },
      { log: createLogger({ level: 'info', sink: { write: (line: string) => lines.push(line) } }) },
    );
    cleanup = async () => {
      await srv?.close();
      await sink?.close();
      await schema?.drop();
      tmp.cleanup();
    };
  });
  afterAll(() => cleanup());

  const events = (body: unknown) =>
    fetch(`${srv.url}/api/vapi/events`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` }, body: JSON.stringify(body) });
  const form = (url: string, body: string) => fetch(url.replace(PUBLIC_URL, srv.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  it('the lead flow end to end logs none of the visitor values', async () => {
    // The lead form.
    const lucia = await registerLead(srv.url, { email: LUCIA.email, name: LUCIA.name, cargo: LUCIA.cargo, company: LUCIA.company, summary: LUCIA.words, vapiId: 'call-lucia' });
    expect((await rpc(srv.url, 'proposal.send', { callId: lucia.callId, token: lucia.token })).status).toBe(200);
    // The platform's report, with her words.
    const report = {
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        artifact: { transcript: `AI: Hola.\nUser: ${LUCIA.words}. Soy ${LUCIA.name}, de ${LUCIA.company}, ${LUCIA.email}.`, messages: [] },
        analysis: { summary: `${LUCIA.name} dice que ${LUCIA.words}.` },
        call: { id: 'call-lucia' },
      },
    };
    expect((await events(report)).status).toBe(200);
    await expect.poll(() => sink.sink.messages.filter((m) => m.to === LUCIA.email).length, { timeout: 15_000 }).toBe(2);

    // The assistant's own tool call, in another conversation.
    const vc = await rpc(srv.url, 'vapi_call.create', { vapi_id: 'call-jorge', initial_data: { start_time: new Date().toISOString() }, status: 'active' });
    expect(vc.status).toBe(200);
    const tool = await events({
      message: {
        type: 'tool-calls',
        toolCallList: [{ id: 'tc_1', type: 'function', function: { name: 'registrar_contacto', arguments: { ...JORGE, cargo: 'Gerente' } } }],
        toolWithToolCallList: [],
        call: { id: 'call-jorge' },
      },
    });
    expect(tool.status).toBe(200);
    await expect.poll(() => sink.sink.messages.filter((m) => m.to === JORGE.email).length, { timeout: 15_000 }).toBeGreaterThan(0);

    // A delivery the provider refuses, with the address in its error message.
    const refused = await registerLead(srv.url, { email: REFUSED, name: 'Iván' });
    expect((await rpc(srv.url, 'proposal.send', { callId: refused.callId, token: refused.token })).status).toBe(200);
    await expect.poll(() => lines.filter((l) => l.includes('mail failed for good')).length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Her privacy pages: look, unsubscribe, erase.
    const mail = sink.sink.messages.find((m) => m.to === LUCIA.email)!;
    const unsubscribeUrl = /<([^>]+)>/.exec(mail.headers.find((h) => h.Name === 'List-Unsubscribe')!.Value)![1]!;
    const privacyUrl = unsubscribeUrl.replace('/baja/', '/privacidad/');
    const token = unsubscribeUrl.split('/').pop()!;
    expect((await fetch(privacyUrl.replace(PUBLIC_URL, srv.url))).status).toBe(200);
    expect((await form(unsubscribeUrl, 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect((await form(privacyUrl, '')).status).toBe(200);
    // A lead for an unsubscribed address is held back, and says why.
    const again = await registerLead(srv.url, { email: LUCIA.email, name: LUCIA.name });
    expect((await rpc(srv.url, 'proposal.send', { callId: again.callId, token: again.token })).status).toBe(200);

    const loud = lines.filter((l) => ['info', 'warn', 'error'].includes(JSON.parse(l).level));
    // The flow was logged (requests, mail, the refusal, the privacy actions)...
    for (const msg of ['"request"', 'mail sent', 'mail failed for good', 'unsubscribed', 'address erased', 'proposal mail held back']) {
      expect(loud.some((l) => l.includes(msg)), msg).toBe(true);
    }
    // ...and no line holds what the visitors said or typed, nor the capability of their data.
    const secrets = [
      LUCIA.email, LUCIA.name, LUCIA.cargo, LUCIA.company, LUCIA.words, 'tiendas-lucia.es',
      JORGE.email, JORGE.nombre, JORGE.empresa, 'ferreteria-jorge.es',
      REFUSED, 'tiendas-ivan.es', token,
    ];
    const leaks = loud.flatMap((l) => secrets.filter((v) => l.toLowerCase().includes(v.toLowerCase())).map((v) => `${v} in ${l}`));
    expect(leaks).toEqual([]);
  });
}

describe('SQLite', () => logSpecs('sqlite'));
describe.runIf(!!PG_URL)('PostgreSQL (TEST_DATABASE_URL)', () => logSpecs('postgres'));
