// One lead as the owner opens it: the contact, the conversation in time order, the summary, the
// words that chose each item, every proposal version, the mails to the visitor with their
// delivery, the webhook deliveries, the acceptance and a timeline of all of it.
import { sql } from 'kysely';
import type { PanelLeadDetail, TimelineEvent } from '@helena/contract';
import type { Db } from '../../db';
import { storedDocument } from '../../proposal/document';
import { storedConversation } from '../../proposal/visitor-words';
import { leadStateSql } from './state';
import { proposalFigures } from './leads';

/** Where the owner downloads version `version` of a lead's proposal (session only; never counted as the visitor's view). */
export const versionPdfPath = (leadId: string, version: number): string => `/panel/propuestas/${encodeURIComponent(leadId)}/v${version}.pdf`;

/** The lead `id`, or undefined when there is none (erased, or never). */
export async function findLead(db: Db, id: string, now: string): Promise<PanelLeadDetail | undefined> {
  const row = await db.kysely
    .selectFrom('call as c')
    .innerJoin('customer as cu', 'cu.id', 'c.customer_id')
    .leftJoin('pdf as p', 'p.call_id', 'c.id')
    .leftJoin('vapi_call as v', 'v.id', 'c.vapi_call_id')
    .select([
      'c.id',
      'cu.email',
      'cu.name as customer_name',
      'cu.company as customer_company',
      'c.lead_name',
      'c.lead_cargo',
      'c.lead_company',
      'c.created_at',
      'c.summary',
      'c.transcript',
      'c.outcome',
      'c.outcome_note',
      'c.outcome_at',
      leadStateSql(now).as('state'),
      'p.id as pdf_id',
      'p.document',
      'p.created_at as proposal_at',
      'p.first_viewed_at',
      'p.accepted_at',
      'p.accepted_name',
      'p.accepted_version',
      'v.conversation',
      'v.summary as conversation_summary',
      'v.created_at as conversation_at',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const doc = row.document ? storedDocument(db.parseJson(row.document)) : null;
  const [versions, mails, webhooks] = await Promise.all([
    row.pdf_id
      ? db.kysely
          .selectFrom('proposal_version')
          .select(['version', 'document', 'created_at', sql<boolean | number>`pdf_file is not null`.as('has_pdf')])
          .where('pdf_id', '=', row.pdf_id)
          .orderBy('version')
          .execute()
      : [],
    row.pdf_id
      ? db.kysely
          .selectFrom('outbox')
          .select(['kind', 'subject', 'created_at', 'updated_at', 'status'])
          .where('pdf_id', '=', row.pdf_id)
          .where('kind', 'in', ['confirmation', 'proposal'])
          .orderBy('created_at')
          .execute()
      : [],
    db.kysely.selectFrom('webhook_event').select(['type', 'created_at', 'delivered_at', 'status', 'attempts']).where('call_id', '=', id).orderBy('created_at').execute(),
  ]);

  const proposals = versions.map((v) => {
    const figures = proposalFigures(storedDocument(db.parseJson(v.document)));
    return { version: v.version, createdAt: v.created_at, total: figures.total ?? 0, monthly: figures.monthly ?? 0, pdfUrl: v.has_pdf ? versionPdfPath(id, v.version) : null };
  });
  const acceptance = row.accepted_at ? { at: row.accepted_at, name: row.accepted_name ?? '', version: row.accepted_version ?? 1 } : null;

  const timeline: { at: string; what: TimelineEvent; detail: string | null }[] = [];
  const add = (at: string | null | undefined, what: TimelineEvent, detail: string | null = null) => void (at && timeline.push({ at, what, detail }));
  add(row.conversation_at, 'conversation');
  add(row.created_at, 'lead');
  for (const v of proposals) add(v.createdAt, v.version === 1 ? 'proposal' : 'version', String(v.version));
  for (const m of mails) add(m.status === 'sent' ? m.updated_at : m.created_at, 'mail', m.subject);
  add(row.first_viewed_at, 'viewed');
  add(acceptance?.at, 'accepted', acceptance ? String(acceptance.version) : null);
  for (const w of webhooks) add(w.delivered_at ?? w.created_at, 'webhook', w.type);
  add(row.outcome_at, 'outcome', row.outcome);
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  return {
    id: row.id,
    email: row.email,
    name: row.lead_name ?? row.customer_name ?? '',
    company: row.lead_company ?? row.customer_company,
    cargo: row.lead_cargo,
    createdAt: row.created_at,
    state: row.state,
    outcome: row.outcome,
    outcomeNote: row.outcome_note,
    ...proposalFigures(doc),
    summary: row.summary ?? row.conversation_summary ?? doc?.summary ?? null,
    conversation: storedConversation(db.parseJson(row.conversation)).map((t) => ({
      role: t.who,
      text: t.text,
      atMs: t.secondsFromStart === null ? null : Math.round(t.secondsFromStart * 1000),
    })),
    chosen: (doc?.lines ?? []).flatMap((l) => l.because.map((b) => ({ item: l.title, quote: b.quote }))),
    proposals,
    mails: mails.map((m) => ({ kind: m.kind, subject: m.subject, createdAt: m.created_at, status: m.status })),
    webhooks: webhooks.map((w) => ({ event: w.type, target: 'LEAD_WEBHOOK_URL', createdAt: w.created_at, status: w.status, attempts: w.attempts })),
    acceptance,
    timeline,
  };
}

/** Version `version` of lead `id`'s proposal as a PDF, if it has one. */
export async function versionPdf(db: Db, leadId: string, version: number): Promise<Buffer | undefined> {
  const row = await db.kysely
    .selectFrom('proposal_version as v')
    .innerJoin('pdf as p', 'p.id', 'v.pdf_id')
    .select('v.pdf_file')
    .where('p.call_id', '=', leadId)
    .where('v.version', '=', version)
    .executeTakeFirst();
  return row?.pdf_file ? Buffer.from(row.pdf_file) : undefined;
}
