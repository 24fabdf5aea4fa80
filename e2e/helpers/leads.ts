// A lead made as the widget makes one, against a demo server (e2e/helpers/demo-server.ts), and
// the first email the local Postmark sink received for it.
import { expect } from '@playwright/test';

/** One tRPC mutation of the lead server; its answer's data. */
export async function rpc(base: string, path: string, input: unknown): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { result?: { data?: Record<string, string> } };
  if (res.status !== 200 || !body.result?.data) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data;
}

/**
 * A lead on a conversation the demo's simulator knows, as the widget makes one, and its proposal
 * sent; resolves with the first email to `email` (its HTML) and `link(path)`: the URL of its
 * first `${base}/${path}/…` link.
 */
export async function leadWithMail(base: string, email: string, name: string) {
  const call = await fetch(`${base}/sim/call/web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer demo-public-key' },
    body: JSON.stringify({ assistantId: 'demo-assistant' }),
  });
  expect(call.status).toBe(201);
  const vapiId = ((await call.json()) as { id: string }).id;
  const vc = await rpc(base, 'vapi_call.create', { vapi_id: vapiId, initial_data: { start_time: new Date().toISOString() }, status: 'active' });
  const customer = await rpc(base, 'customer.upsert', { email, name, company: 'Floristería Pétalo' });
  const row = await rpc(base, 'calls.createWithVerification', { transaction: `propuesta-${Date.now()}`, customer_id: customer.id, vapi_call_id: vc.id, vapi_call_token: vc.token, status: 'completada' });
  await rpc(base, 'proposal.send', { callId: row.id, token: vc.token });
  let html = '';
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string; html: string }[];
      html = mails.find((m) => m.to === email)?.html ?? '';
      return html.length > 0;
    }, { timeout: 15_000 })
    .toBe(true);
  const link = (path: string) => new RegExp(`href="(${base}/${path}/[A-Za-z0-9_-]+)"`).exec(html)?.[1] ?? '';
  return { callId: row.id, html, link };
}
