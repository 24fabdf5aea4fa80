// The lead reaching the business: what the sales inbox and the CRM's webhook receive, raised in
// the same transaction as what they report (the proposal made final, its first view, its
// acceptance), so neither can be lost nor sent for something that did not happen.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { enqueueSalesEmail } from '../mail/sales';
import { pdfPath } from '../pages/proposal';
import type { ProposalDocument } from '../proposal/document';
import type { ConversationTurn } from '../proposal/visitor-words';
import { enqueueWebhook, type Json } from '../webhooks/events';
import { toDecimal, type Taxed } from '../offer/money';
import { acceptedEmail, newLeadEmail, type TeamLinks } from './templates';

/** The marker on the team's links: opening them is not the visitor's view. */
export const TEAM_MARKER = 'equipo';

/** The page and PDF links the team gets, marked. */
export function teamLinks(deps: Pick<Deps, 'config'>, callId: string, hasPdf: boolean): TeamLinks {
  const base = deps.config.PUBLIC_URL;
  return { page: `${base}/propuesta/${callId}?${TEAM_MARKER}`, pdf: hasPdf ? `${base}${pdfPath(callId)}?${TEAM_MARKER}` : null };
}

const taxed = (t: Taxed, currency: string) => ({ net: toDecimal(t.net, currency), tax: toDecimal(t.tax, currency), gross: toDecimal(t.gross, currency) });

/** The totals as the webhook carries them: exact decimal strings, and the currency. */
function totalsOf(d: ProposalDocument): Json {
  return { currency: d.currency, taxRate: d.taxRate, setup: taxed(d.totals.setup, d.currency), monthly: taxed(d.totals.monthly, d.currency) };
}

/** lead.created's data: the contact, what they need, the items and totals, the summary, the proposal's URL. */
function leadCreatedData(callId: string, d: ProposalDocument, links: TeamLinks): { callId: string } & Record<string, Json> {
  return {
    callId,
    contact: { email: d.buyer.email, name: d.buyer.name, cargo: d.buyer.cargo, company: d.buyer.company },
    business: d.business,
    needs: d.lines.filter((l) => l.because.length).map((l) => ({ item: l.id, title: l.title, words: l.because.map((b) => b.quote) })),
    items: d.lines.map((l) => ({ id: l.id, title: l.title, setup: toDecimal(l.setup, d.currency), monthly: toDecimal(l.monthly, d.currency), always: l.always })),
    totals: totalsOf(d),
    summary: d.summary,
    proposalUrl: d.link,
    pdfUrl: links.pdf ? `${d.link}.pdf` : null,
    version: d.version,
  };
}

/**
 * In `tx`: the proposal of call `callId` is final (its email goes now): 'Nuevo contacto' to the
 * sales inbox, with the PDF, and the `lead.created` event.
 */
export async function leadCreated(
  tx: Transaction<Database>,
  deps: Pick<Deps, 'config'>,
  p: { callId: string; pdfId: string; doc: ProposalDocument; pdf: Buffer | null; conversation: readonly ConversationTurn[]; attachment: { filename: string; content: string; contentType: string } | null },
): Promise<void> {
  const links = teamLinks(deps, p.callId, !!p.pdf);
  const email = newLeadEmail(p.doc, p.conversation, links);
  await enqueueSalesEmail(tx, deps.config, { replyTo: p.doc.buyer.email, ...email, pdfId: p.pdfId, attachments: p.attachment ? [p.attachment] : null });
  await enqueueWebhook(tx, deps.config, { type: 'lead.created', data: leadCreatedData(p.callId, p.doc, links) });
}

/** In `tx`: the visitor opened the proposal for the first time. */
export async function proposalViewed(tx: Transaction<Database>, deps: Pick<Deps, 'config'>, callId: string, at: string): Promise<void> {
  await enqueueWebhook(tx, deps.config, { type: 'proposal.viewed', data: { callId, viewedAt: at } });
}

/** In `tx`: the visitor accepted `doc` (its acceptance filled in): 'Propuesta aceptada' and `proposal.accepted`. */
export async function proposalAccepted(tx: Transaction<Database>, deps: Pick<Deps, 'config'>, p: { callId: string; pdfId: string; doc: ProposalDocument; hasPdf: boolean }): Promise<void> {
  const acceptance = p.doc.acceptance!;
  await enqueueSalesEmail(tx, deps.config, { replyTo: p.doc.buyer.email, ...acceptedEmail(p.doc, teamLinks(deps, p.callId, p.hasPdf)), pdfId: p.pdfId });
  await enqueueWebhook(tx, deps.config, {
    type: 'proposal.accepted',
    data: { callId: p.callId, name: acceptance.name, acceptedAt: acceptance.at, version: acceptance.version, totals: totalsOf(p.doc) },
  });
}
