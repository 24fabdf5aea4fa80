// What the owner sees and does, through panel.* over HTTP with a real session, on SQLite and
// (with TEST_DATABASE_URL) PostgreSQL: leads made through the real lead flow, the list (newest
// first, search ignoring case and accents, state and date filters, keyset pages), the funnel
// agreeing with the list, one lead with every proposal version and its PDF, the actions with
// their audit rows, the CSV with formulas neutralised, and the catalogue's 'Probar'.
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, type PanelLeadRow } from '@helena/contract';
import type { RunningServer } from '../src/server';
import { navigate, registerLead, rpc, suiteServer, PG_URL, type SinkServer } from './helpers';
import { OWNER, panelRpc, postForm, signIn } from './panel-helpers';

const LEADS = [
  { email: 'begona.ibanez@petalos.example', name: 'Begoña Ibáñez', company: 'Floristería Pétalos', words: 'Quiero WhatsApp para las reservas' },
  { email: 'jose.munoz@talleres.example', name: 'José Muñoz', company: '=HYPERLINK("http://evil.example","pulsa")', words: 'Necesito un chat en la web' },
  { email: 'ana@clinica.example', name: 'Ana Sol', company: '+34 Clínica Sol', words: 'Llamadas de teléfono fuera de horario' },
  { email: 'pedro@sinpropuesta.example', name: 'Pedro 100% Real', company: '@Pedro_SL', words: '' },
];

function querySpecs(dialect: 'sqlite' | 'postgres') {
  let srv: RunningServer;
  let sink: SinkServer;
  let base: string;
  let cookie: string;
  const callIds = new Map<string, string>();
  const suite = suiteServer({ OWNER_EMAILS: OWNER, MAIL_PER_RECIPIENT: '2' }, 'q.db', dialect);
  const q = (path: string, input?: unknown) => panelRpc(base, cookie, path, input);
  const m = (path: string, input: unknown) => panelRpc(base, cookie, path, input, { mutation: true });
  const list = async (input: Record<string, unknown> = {}) => {
    const r = await q('panel.leads.list', input);
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    return r.data as { items: PanelLeadRow[]; nextCursor: string | null };
  };
  const emails = (rows: PanelLeadRow[]) => rows.map((r) => r.email);
  /** The UTC days the leads were made on (one, unless the suite ran across midnight), and the day before. */
  const leadDays = async () => {
    const days = (await list()).items.map((r) => r.createdAt.slice(0, 10)).sort();
    const first = days[0]!;
    return { first, last: days.at(-1)!, dayBefore: new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) };
  };

  beforeAll(async () => {
    ({ srv, sink, base } = suite);
    // Oldest first, so the list's newest-first order is the reverse of LEADS.
    for (const lead of LEADS) {
      const ids = await registerLead(base, { email: lead.email, name: lead.name, company: lead.company, cargo: 'Dueña', summary: lead.words || undefined });
      callIds.set(lead.email, ids.callId);
      if (lead.words) {
        const sent = await rpc(base, 'proposal.send', { callId: ids.callId, token: ids.token });
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      }
    }
    cookie = await signIn(base, sink);
  }, 60_000);

  it('lists every lead newest first with its contact, state, total and items', async () => {
    const { items, nextCursor } = await list();
    expect(emails(items)).toEqual(LEADS.map((l) => l.email).reverse());
    expect(nextCursor).toBeNull();
    const begona = items.find((r) => r.email === LEADS[0]!.email)!;
    expect(begona).toMatchObject({ name: 'Begoña Ibáñez', company: 'Floristería Pétalos', state: 'enviada', outcome: null });
    // No platform here, so no words reach the matcher: the demo offer's one `always` item, whose one-off price is 0.
    expect(begona.items).toEqual(['Plataforma Nexia y soporte']);
    expect(begona.total).toBe(0);
    // Its 59 € a month with the demo offer's 21 % IVA.
    expect(begona.monthly).toBe(71.39);
    expect(items.find((r) => r.email === LEADS[3]!.email)).toMatchObject({ state: null, total: null, items: [] });
  });

  it('searches name, address and company ignoring case and accents; LIKE characters are plain text', async () => {
    expect(emails((await list({ search: 'BEGONA ibanez' })).items)).toEqual([LEADS[0]!.email]);
    expect(emails((await list({ search: 'muñoz' })).items)).toEqual([LEADS[1]!.email]);
    expect(emails((await list({ search: 'CLINICA' })).items)).toEqual([LEADS[2]!.email]);
    expect(emails((await list({ search: 'sinpropuesta.example' })).items)).toEqual([LEADS[3]!.email]);
    expect(emails((await list({ search: '100%' })).items)).toEqual([LEADS[3]!.email]);
    expect((await list({ search: '%' })).items.map((r) => r.email)).toEqual([LEADS[3]!.email]);
    expect((await list({ search: '_' })).items.map((r) => r.email)).toEqual([LEADS[3]!.email]);
    expect((await list({ search: 'nadie así' })).items).toEqual([]);
  });

  it('pages by cursor: small pages cover the list once, in order; a forged cursor is a clear 400', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await list({ limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...emails(r.items));
      if (!r.nextCursor) break;
      cursor = r.nextCursor;
    }
    expect(seen).toEqual(emails((await list()).items));
    const bad = await q('panel.leads.list', { cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain('vuelve a la primera');
    expect((await q('panel.leads.list', { limit: 0 })).status).toBe(400);
    expect((await q('panel.leads.list', { from: '2026-02-30' })).status).toBe(400);
  });

  it('filters by state and by dates (whole days, UTC)', async () => {
    const { first, last, dayBefore } = await leadDays();
    expect((await list({ from: first, to: last })).items).toHaveLength(4);
    expect((await list({ to: dayBefore })).items).toHaveLength(0);
    expect(emails((await list({ state: 'sin_propuesta' })).items)).toEqual([LEADS[3]!.email]);
    expect((await list({ state: 'enviada' })).items).toHaveLength(3);
    expect((await q('panel.leads.list', { from: first, to: dayBefore })).status).toBe(400);
  });

  it("follows the visitor: a view, an acceptance, an expiry change the state in the list and the funnel", async () => {
    const begona = callIds.get(LEADS[0]!.email)!;
    const jose = callIds.get(LEADS[1]!.email)!;
    const ana = callIds.get(LEADS[2]!.email)!;
    // The visitor opens the link (a browser navigation), then accepts on the page.
    expect(await navigate(`${base}/propuesta/${begona}`)).toBe(200);
    expect(await navigate(`${base}/propuesta/${jose}`)).toBe(200);
    const accepted = await postForm(base, `/propuesta/${begona}/aceptar`, { name: 'Begoña Ibáñez', confirm: '1' });
    expect(accepted.status).toBeLessThan(400);
    await srv.db.kysely.updateTable('pdf').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('call_id', '=', ana).execute();
    const states = Object.fromEntries((await list()).items.map((r) => [r.email, r.state]));
    expect(states).toEqual({ [LEADS[0]!.email]: 'aceptada', [LEADS[1]!.email]: 'vista', [LEADS[2]!.email]: 'caducada', [LEADS[3]!.email]: null });
    for (const state of ['aceptada', 'vista', 'caducada'] as const) expect((await list({ state })).items).toHaveLength(1);

    const { first, last } = await leadDays();
    const funnel = await q('panel.funnel', { from: first, to: last });
    expect(funnel.status).toBe(200);
    expect(funnel.data.steps.map((s: { key: string }) => s.key)).toEqual([...FUNNEL_STEPS]);
    const count = Object.fromEntries(funnel.data.steps.map((s: { key: string; count: number }) => [s.key, s.count]));
    // The same rows the list shows: 4 contacts, 3 with a proposal, 2 opened, 1 accepted.
    expect(count).toEqual({ conversations: 4, leads: 4, proposals: 3, viewed: 2, accepted: 1 });
    expect(funnel.data.steps[1].rate).toBe(1);
    expect(funnel.data.steps[2].rate).toBe(0.75);
    expect(funnel.data.days.map((d: { day: string }) => d.day)).toEqual([...new Set([first, last])]);
    expect(funnel.data.medianAcceptMs).toBeGreaterThanOrEqual(0);
    expect((await q('panel.funnel', { from: first, to: '2020-01-01' })).status).toBe(400);
    expect((await q('panel.funnel', { from: '2020-01-01', to: last })).status).toBe(400);
  });

  it('opens a lead: contact, summary, chosen words, every version with its PDF, mails, acceptance, a timeline in order', async () => {
    const id = callIds.get(LEADS[0]!.email)!;
    const r = await q('panel.leads.get', { id });
    expect(r.status).toBe(200);
    const lead = r.data;
    expect(lead).toMatchObject({ email: LEADS[0]!.email, name: 'Begoña Ibáñez', cargo: 'Dueña', state: 'aceptada', summary: LEADS[0]!.words });
    expect(lead.proposals.map((p: { version: number }) => p.version)).toEqual([1, 2]);
    expect(lead.acceptance).toMatchObject({ name: 'Begoña Ibáñez', version: 1 });
    expect(lead.mails.map((x: { kind: string }) => x.kind).sort()).toEqual(['confirmation', 'proposal']);
    const times = lead.timeline.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort());
    expect(lead.timeline.map((e: { what: string }) => e.what)).toEqual(expect.arrayContaining(['lead', 'proposal', 'version', 'viewed', 'accepted', 'mail']));
    for (const p of lead.proposals) {
      expect(p.pdfUrl).toBe(`/panel/propuestas/${id}/v${p.version}.pdf`);
      const pdf = await fetch(`${base}${p.pdfUrl}`, { headers: { cookie } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await fetch(`${base}/panel/propuestas/${id}/v9.pdf`, { headers: { cookie } })).status).toBe(404);
    expect((await q('panel.leads.get', { id: 'no-such-lead' })).status).toBe(404);
  });

  it('marks won or lost with a note, and logs who did what to which lead, nothing more', async () => {
    const id = callIds.get(LEADS[1]!.email)!;
    expect((await m('panel.leads.setOutcome', { id, outcome: 'ganada', note: 'Firmado por teléfono' })).status).toBe(200);
    expect((await list()).items.find((r) => r.id === id)!.outcome).toBe('ganada');
    expect((await q('panel.leads.get', { id })).data.outcomeNote).toBe('Firmado por teléfono');
    expect((await m('panel.leads.setOutcome', { id, outcome: 'perdida' })).status).toBe(200);
    expect((await m('panel.leads.setOutcome', { id: 'gone', outcome: 'perdida' })).status).toBe(404);
    const audit = (await q('panel.audit.list', {})).data.items;
    expect(audit.slice(0, 2).map((a: { action: string }) => a.action)).toEqual(['outcome.perdida', 'outcome.ganada']);
    expect(audit[0]).toMatchObject({ actor: OWNER, leadId: id });
    const rows = JSON.stringify(await srv.db.kysely.selectFrom('panel_audit').selectAll().execute());
    for (const l of LEADS) expect(rows).not.toContain(l.email);
    expect(rows).not.toContain('Firmado');
    // Pages of one: the cursor walks on; a forged one is refused.
    const first = (await q('panel.audit.list', {})).data;
    expect(first.nextCursor).toBeNull();
    expect((await q('panel.audit.list', { cursor: 'bm90LW91cnM' })).status).toBe(400);
  });

  it('resends through the mail caps and says what really happened', async () => {
    const id = callIds.get(LEADS[1]!.email)!;
    const before = sink.sink.messages.filter((x) => x.to === LEADS[1]!.email).length;
    // MAIL_PER_RECIPIENT=2: the first proposal counts one, so one resend goes and the next is held.
    expect((await m('panel.leads.resend', { id })).data).toEqual({ status: 'queued' });
    await expect.poll(() => sink.sink.messages.filter((x) => x.to === LEADS[1]!.email).length, { timeout: 15_000 }).toBe(before + 1);
    expect((await m('panel.leads.resend', { id })).data).toEqual({ status: 'per-recipient' });
    expect((await m('panel.leads.resend', { id: callIds.get(LEADS[3]!.email)! })).data).toEqual({ status: 'missing' });
    expect((await m('panel.leads.resend', { id: callIds.get(LEADS[2]!.email)! })).data).toEqual({ status: 'expired' });
    expect(sink.sink.messages.filter((x) => x.to === LEADS[1]!.email).length).toBe(before + 1);
    expect((await q('panel.audit.list', {})).data.items.filter((a: { action: string }) => a.action === 'resend')).toHaveLength(1);
  });

  it('downloads the filtered list as CSV: BOM, header, a row a lead, formulas neutralised', async () => {
    const res = await fetch(`${base}/panel/leads.csv`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"id","fecha","nombre","correo","empresa","estado","resultado","total","mensual","servicios"');
    expect(lines).toHaveLength(1 + LEADS.length);
    const text = lines.join('\n');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""pulsa"")"`);
    expect(text).toContain(`"'+34 Clínica Sol"`);
    expect(text).toContain(`"'@Pedro_SL"`);
    expect(text).toContain('"Begoña Ibáñez"');
    for (const line of lines.slice(1)) for (const cell of line.split('","')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    const filtered = await (await fetch(`${base}/panel/leads.csv?search=clinica`, { headers: { cookie } })).text();
    expect(filtered.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await fetch(`${base}/panel/leads.csv?state=nada`, { headers: { cookie } })).status).toBe(400);
  });

  it('exports what privacy:export gives, and erases only after the address is confirmed', async () => {
    const lead = LEADS[2]!;
    const id = callIds.get(lead.email)!;
    const exported = await m('panel.leads.export', { id });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.data)).toContain(lead.email);
    const wrong = await m('panel.leads.erase', { id, confirmEmail: 'otra@clinica.example' });
    expect(wrong.status).toBe(400);
    expect(emails((await list()).items)).toContain(lead.email);
    const erased = await m('panel.leads.erase', { id, confirmEmail: lead.email.toUpperCase() });
    expect(erased.data).toEqual({ erased: true });
    expect(emails((await list()).items)).not.toContain(lead.email);
    expect(await srv.db.kysely.selectFrom('customer').select('id').where('email', '=', lead.email).execute()).toEqual([]);
    expect((await q('panel.leads.get', { id })).status).toBe(404);
    const actions = (await q('panel.audit.list', {})).data.items.filter((a: { leadId: string }) => a.leadId === id).map((a: { action: string }) => a.action);
    expect(actions).toEqual(['erase', 'export']);
  });

  it("shows the offer and 'Probar' chooses what the proposal would, refusals included", async () => {
    const cat = await q('panel.catalogue.get');
    expect(cat.data.items.map((i: { id: string }) => i.id)).toEqual(['plataforma', 'voz', 'chat', 'whatsapp', 'citas', 'crm', 'seguimiento']);
    expect(cat.data.items[3]).toMatchObject({ title: expect.any(String), setup: 490, monthly: 49.5 });
    const tried = await q('panel.catalogue.try', { text: 'Quiero WhatsApp para las reservas' });
    expect(tried.data.items.map((i: { id: string }) => i.id)).toEqual(['plataforma', 'whatsapp', 'citas']);
    expect(tried.data.items[1].because[0].quote).toContain('WhatsApp');
    // The demo offer's prices (0 + 490 + 350) and its 21 % IVA.
    expect(tried.data.totals.setup).toEqual({ net: 840, tax: 176.4, gross: 1016.4 });
    const refused = await q('panel.catalogue.try', { text: 'No necesito WhatsApp, solo las reservas' });
    expect(refused.data.items.map((i: { id: string }) => i.id)).toEqual(['plataforma', 'citas']);
    expect((await q('panel.catalogue.try', { text: '' })).status).toBe(400);
  });
}

describe('panel queries (sqlite)', () => querySpecs('sqlite'));
describe.runIf(!!PG_URL)('panel queries (postgres)', () => querySpecs('postgres'));
