// Demo mode with VAPI_WEBHOOK_SECRET: the mounted simulator delivers its server messages to this
// server's own Server URL, signed with the shared secret, so a demo proposal waits for the
// simulated call's end-of-call report and quotes what the visitor said, as in production.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedCallObject } from '@helena/sdk/testing';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startServer, type RunningServer } from '../src/server';
import { composeSite, type Composition } from '../src/site/compose';
import { rpc, tempDir, waitFor } from './helpers';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let tmp: ReturnType<typeof tempDir>;
let srv: RunningServer;
let site: Composition;
beforeAll(async () => {
  tmp = tempDir();
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: join(tmp.dir, 'demo.db'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_POLL_MS: '50',
    VAPI_WEBHOOK_SECRET: 'demo-shared-secret-0123456789',
  });
  site = composeSite(config);
  srv = await startServer({ config, log: createLogger({ level: 'silent' }), platform: site.platform, devMail: site.devMail, mounts: site.mounts, onServer: site.onServer });
});
afterAll(async () => {
  await srv?.close();
  await site?.close();
  tmp?.cleanup();
});

const inbox = async (to: string): Promise<{ subject: string; html: string }[]> => {
  const res = await fetch(`${srv.url}/dev/mail.json`);
  const all = (await res.json()) as { to: string; subject: string; html: string }[];
  return all.filter((m) => m.to === to);
};

describe('demo mode with a Server URL secret', () => {
  it('the proposal waits for the simulated call to end, then quotes what the visitor said', async () => {
    const sim = async (path: string, body: unknown, key = 'demo-public-key') => {
      const res = await fetch(`${srv.url}/sim${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const call = await sim('/call/web', { assistantId: 'demo-assistant' });
    expect(call.status).toBe(201);
    // The visitor joins the room (the simulated call object speaks the room protocol over WebSocket).
    const visitor = createSimulatedCallObject();
    await visitor.join({ url: call.body.webCallUrl });
    await waitFor(async () => {
      const res = await fetch(`${srv.url}/sim/call/${call.body.id}`, { headers: { authorization: `Bearer ${site.simPrivateKey}` } });
      return ((await res.json()) as { status: string }).status === 'in-progress';
    });
    const said = 'Tengo una clínica dental en Sevilla con dos sedes';
    expect((await sim(`/call/${call.body.id}/control`, { type: 'add-message', message: { role: 'user', content: said } })).status).toBe(200);

    const vc = await rpc(srv.url, 'vapi_call.create', { vapi_id: call.body.id, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
    const cu = await rpc(srv.url, 'customer.upsert', { email: 'clinica@example.com', name: 'Inés' });
    const created = await rpc(srv.url, 'calls.createWithVerification', {
      transaction: 'propuesta-demo',
      customer_id: cu.body.result.data.id,
      vapi_call_id: vc.body.result.data.id,
      vapi_call_token: vc.body.result.data.token,
      status: 'completada',
    });
    const sent = await rpc(srv.url, 'proposal.send', { callId: created.body.result.data.id, token: vc.body.result.data.token });
    expect(sent.status).toBe(200);

    await waitFor(async () => (await inbox('clinica@example.com')).some((m) => m.subject === 'Hemos recibido tu solicitud'));
    expect((await inbox('clinica@example.com')).map((m) => m.subject)).toEqual(['Hemos recibido tu solicitud']);

    expect((await sim(`/call/${call.body.id}/control`, { type: 'end-call' })).status).toBe(200);
    const proposal = await waitFor(async () => (await inbox('clinica@example.com')).find((m) => m.subject === 'Tu propuesta personalizada'));
    expect(proposal.html).toContain('clínica dental en Sevilla');
    const stored = await srv.db.kysely.selectFrom('vapi_call').select(['transcript', 'ended_reason']).where('vapi_id', '=', call.body.id).executeTakeFirstOrThrow();
    expect(stored.ended_reason).toBe('customer-ended-call');
    expect(stored.transcript).toContain(said);
    visitor.destroy();
  });
});
