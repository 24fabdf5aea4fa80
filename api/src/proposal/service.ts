// proposal.send: checks the visitor holds the conversation, builds the proposal document from the
// site owner's offer, what the visitor typed and said, and the platform's summary, renders its
// page and PDF, and writes the pdf row (valid the offer's validityDays) with its two outbox
// messages (confirmation + proposal with the PDF) in one transaction. Idempotent per call:
// pdf.call_id is unique.
import { visitorLocale } from '@helena/contract';
import { nowIso } from '../db';
import { newId, tokenMatches } from '../ids';
import { leadReason } from '../mail/footer';
import { confirmationEmail, proposalEmail } from '../mail/templates';
import { visitorMailParts, type VisitorMailParts } from '../mail/visitor-mail';
import { isUnsubscribed } from '../privacy/queries';
import { visitorText } from '../mail/visitor-text';
import type { Deps } from '../deps';
import { buildProposalDocument, type ProposalDocument } from './document';
import { pdfAttachment, renderVersion } from './versions';
import { mergeWords, storedConversation, storedWords, type ConversationTurn, type VisitorWords } from './visitor-words';
import { leadCreated } from '../sales/handoff';
import type { Logger } from '../log';
import { findProposalSource, hasProposal, insertProposal, proposalsQueuedSince, type ProposalSource } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type SendResult =
  /** `waitsForReport`: the proposal email waits for the call's end-of-call report. */
  | { status: 'queued'; waitsForReport: boolean }
  | { status: 'already-queued' }
  /** Over a mail cap: the visitor sees success, nothing is sent (`waitsForReport` as if queued). */
  | { status: 'held'; cap: MailCap; reason: string; waitsForReport: boolean }
  | { status: 'not-found' }
  | { status: 'forbidden'; reason: string };

/** What holds a proposal's mail back: the address unsubscribed, or one of the two caps. */
export type MailCap = 'unsubscribed' | 'per-recipient' | 'per-hour';

/** Why this proposal's mail is held back, with the reason for the log, or null. */
export async function heldBy(deps: Deps, to: string): Promise<{ cap: MailCap; reason: string } | null> {
  const { db, config } = deps;
  if (await isUnsubscribed(db, await deps.privacy.addressKey(to))) return { cap: 'unsubscribed', reason: 'recipient unsubscribed (/baja)' };
  const now = Date.now();
  const recipientSince = new Date(now - config.MAIL_RECIPIENT_WINDOW_HOURS * HOUR_MS).toISOString();
  if ((await proposalsQueuedSince(db, recipientSince, to)) >= config.MAIL_PER_RECIPIENT) {
    return { cap: 'per-recipient', reason: `recipient already got ${config.MAIL_PER_RECIPIENT} proposal(s) in ${config.MAIL_RECIPIENT_WINDOW_HOURS} h (MAIL_PER_RECIPIENT)` };
  }
  if ((await proposalsQueuedSince(db, new Date(now - HOUR_MS).toISOString())) >= config.MAIL_PROPOSALS_PER_HOUR) {
    return { cap: 'per-hour', reason: `${config.MAIL_PROPOSALS_PER_HOUR} proposals queued in the last hour (MAIL_PROPOSALS_PER_HOUR)` };
  }
  return null;
}

export async function sendProposal(deps: Deps, callId: string, token: string | undefined, log: Logger = deps.log): Promise<SendResult> {
  const row = await findProposalSource(deps.db, callId);
  if (!row) return { status: 'not-found' };
  // The conversation's token, held only by the visitor who registered it.
  if (!row.vapi_id || !row.token_hash) return { status: 'forbidden', reason: 'call has no conversation' };
  if (!token || !tokenMatches(token, row.token_hash)) return { status: 'forbidden', reason: 'wrong or missing conversation token' };
  return queue(deps, row, row.vapi_id, log);
}

/**
 * Queues the proposal of a call the platform itself asked for (its signed tool call, so no
 * visitor token), under the same conversation check and mail caps as proposal.send.
 */
export async function queueProposal(deps: Deps, callId: string, log: Logger = deps.log): Promise<SendResult> {
  const row = await findProposalSource(deps.db, callId);
  if (!row) return { status: 'not-found' };
  if (!row.vapi_id) return { status: 'forbidden', reason: 'call has no conversation' };
  return queue(deps, row, row.vapi_id, log);
}

async function queue(deps: Deps, row: ProposalSource, vapiId: string, log: Logger): Promise<SendResult> {
  const { db, config } = deps;
  const callId = row.call_id;
  if (await hasProposal(db, callId)) return { status: 'already-queued' };

  const conversation = await deps.conversations.verify(vapiId);
  if (!conversation.ok) return { status: 'forbidden', reason: conversation.reason };

  const held = await heldBy(deps, row.email);
  const now = nowIso();
  const expiresAt = new Date(Date.parse(now) + config.offer.validityDays * DAY_MS).toISOString();
  const words = mergeWords(storedWords(db.parseJson(row.visitor_words)), conversation.words);
  const doc = proposalDocument(deps, row, { summary: row.report_summary ?? conversation.summary, words, issuedAt: now, expiresAt });
  const pdfId = newId();
  // With a Server URL and no report yet, the proposal email waits for it (report-wait.ts sends
  // it); it is in the outbox at once, so the mail caps count it, not before its latest time. A
  // text chat never gets a report, so its proposal goes at once.
  const waitsForReportOf = deps.awaitReports && conversation.kind !== 'chat' && !row.reported_at && row.vapi_call_id ? row.vapi_call_id : undefined;
  // A proposal whose email waits for the report gets its PDF when the report releases it: the
  // version the visitor is sent, rendered once, not also a draft nobody receives.
  const rendered = await renderVersion(doc, { pdf: config.PROPOSAL_PDF && !(waitsForReportOf && !held) });
  const parts = await visitorMailPartsOf(deps, row.email);
  const message = (kind: 'confirmation' | 'proposal', email: { subject: string; html: string; text: string }) => ({
    kind,
    pdfId,
    to: row.email,
    from: config.MAIL_FROM,
    headers: parts.headers,
    ...email,
    ...(kind === 'proposal' && rendered.pdf ? { attachments: [pdfAttachment(doc, rendered.pdf)] } : {}),
    ...(kind === 'proposal' && waitsForReportOf ? { notBefore: latestProposalTime(config) } : {}),
  });
  try {
    await insertProposal(db, {
      pdfId,
      transaction: row.transaction,
      callId,
      content: rendered.content,
      document: db.json(doc),
      pdfFile: rendered.pdf,
      email: row.email,
      expiresAt,
      now,
      messages: held
        ? []
        : [message('confirmation', confirmationEmail(doc, parts.footer, { waitsForReport: !!waitsForReportOf, withPdf: config.PROPOSAL_PDF })), message('proposal', proposalEmail(doc, parts.footer, { withPdf: !!rendered.pdf }))],
      waitsForReportOf,
      // Final now unless its email waits for the report: then the release tells the team.
      alsoInTransaction: waitsForReportOf && !held
        ? undefined
        : (tx) =>
            leadCreated(tx, deps, {
              callId,
              pdfId,
              doc,
              pdf: rendered.pdf,
              attachment: rendered.pdf ? pdfAttachment(doc, rendered.pdf) : null,
              conversation: bestConversation(db, row, conversation.turns),
            }),
    });
  } catch (err) {
    if (db.isUniqueViolation(err)) return { status: 'already-queued' };
    // The address was erased after the call was read: there is no call to send a proposal for.
    if (db.isForeignKeyViolation(err)) return { status: 'not-found' };
    throw err;
  }
  deps.nudgeWebhooks();
  deps.nudgeMail();
  if (held) {
    log.warn('proposal mail held back', { callId, reason: held.reason });
    return { status: 'held', ...held, waitsForReport: !!waitsForReportOf };
  }
  return { status: 'queued', waitsForReport: !!waitsForReportOf };
}

/** The footer and unsubscribe headers of a lead's emails. */
export function visitorMailPartsOf(deps: Deps, to: string): Promise<VisitorMailParts> {
  return visitorMailParts(deps, to, leadReason(deps.config.COMPANY_NAME, to));
}

/** The conversation's turns: the report's when it came, else the platform record's. */
export function bestConversation(db: Deps['db'], row: ProposalSource, fromPlatform: ConversationTurn[]): ConversationTurn[] {
  const reported = storedConversation(db.parseJson(row.conversation));
  return reported.length ? reported : fromPlatform;
}

/** The proposal document for `row`: the offer, the visitor's fields and words, the conversation's summary. */
export function proposalDocument(
  deps: Deps,
  row: ProposalSource,
  at: { summary: string | null; words: VisitorWords; issuedAt: string; expiresAt: string },
): ProposalDocument {
  const { config } = deps;
  return buildProposalDocument({
    offer: config.offer,
    buyer: { name: visitorText(row.lead_name), cargo: visitorText(row.lead_cargo), company: visitorText(row.lead_company), email: row.email },
    words: at.words,
    summary: at.summary,
    assistantName: config.ASSISTANT_NAME,
    link: `${config.PUBLIC_URL}/propuesta/${row.call_id}`,
    issuedAt: at.issuedAt,
    expiresAt: at.expiresAt,
    locale: visitorLocale.safeParse(row.locale).data,
  });
}

/** How long a call may last at most before its report is awaited; beyond it the wait is over anyway. */
export const LONGEST_CALL_MS = 60 * 60 * 1000;

/**
 * A waiting proposal email's latest time, should nothing release it sooner: the longest call plus
 * the wait after its end.
 */
export function latestProposalTime(config: Deps['config'], from = Date.now()): string {
  return new Date(from + LONGEST_CALL_MS + config.PROPOSAL_REPORT_WAIT_MINUTES * 60_000).toISOString();
}
