// Releases proposal emails that wait for their call's end-of-call report: at once when the report
// arrives (the Server URL calls this for its conversation), or, without one, once the wait after
// the call's end runs out (a timer calls this for all). The document is built again with the best
// summary and words known then (the report's, else the platform's call record) as a new version:
// page, PDF and email all carry it. A proposal already out when the report comes is refreshed the
// same way, without a second email. An accepted proposal never changes.
import { nowIso } from '../db';
import { outageNotice } from '../db/outage-notice';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Deps } from '../deps';
import { proposalEmail } from '../mail/templates';
import { storedDocument, type ProposalDocument } from './document';
import { findProposalSource, findStoredProposal, saveVersion, type ProposalSource, type StoredProposal } from './queries';
import { bestConversation, LONGEST_CALL_MS, proposalDocument, visitorMailPartsOf } from './service';
import { leadCreated } from '../sales/handoff';
import { pdfAttachment, renderVersion, type RenderedVersion } from './versions';
import { mergeWords, storedWords, NO_WORDS, type ConversationTurn } from './visitor-words';

interface Waiting {
  outbox_id: string;
  call_id: string;
  created_at: string;
  reported_at: string | null;
  /** The conversation's status and when it last changed: 'inactive' means the call has ended. */
  status: string;
  updated_at: string;
  expires_at: string;
}

/** Whether a waiting proposal may go now. */
export function waitIsOver(w: Waiting, waitMs: number, now = Date.now()): boolean {
  if (w.reported_at) return true;
  if (w.status === 'inactive' && Date.parse(w.updated_at) + waitMs <= now) return true;
  // A call whose end was never heard of: after the longest call and the wait, send anyway.
  return Date.parse(w.created_at) + LONGEST_CALL_MS + waitMs <= now;
}

/** Sends the waiting proposals that may go now (only conversation `vapiCallId`'s, when given). Answers how many. */
export async function releaseWaitingProposals(deps: Deps, vapiCallId?: string): Promise<number> {
  const { db } = deps;
  let q = db.kysely
    .selectFrom('proposal_wait as w')
    .innerJoin('vapi_call as vc', 'vc.id', 'w.vapi_call_id')
    .innerJoin('pdf', 'pdf.call_id', 'w.call_id')
    .select(['w.outbox_id', 'w.call_id', 'w.created_at', 'vc.reported_at', 'vc.status', 'vc.updated_at', 'pdf.expires_at']);
  if (vapiCallId) q = q.where('w.vapi_call_id', '=', vapiCallId);
  const waitMs = deps.config.PROPOSAL_REPORT_WAIT_MINUTES * 60_000;
  let released = 0;
  for (const w of await q.execute()) {
    if (!waitIsOver(w, waitMs)) continue;
    if (await release(deps, w)) released++;
  }
  if (released) {
    deps.nudgeMail();
    deps.nudgeWebhooks();
  }
  return released;
}

/**
 * The proposal's next version with what is known now, or the stored one unchanged when it was
 * accepted. `fresh` is false when nothing was rendered.
 */
async function nextVersion(
  deps: Deps,
  row: ProposalSource,
  stored: StoredProposal,
): Promise<{ doc: ProposalDocument; rendered: RenderedVersion | null; turns: ConversationTurn[] }> {
  const current = storedDocument(deps.db.parseJson(stored.document));
  let summary = row.report_summary;
  let platformWords = NO_WORDS;
  let platformTurns: ConversationTurn[] = [];
  if (!summary || !row.reported_at) {
    const record = row.vapi_id ? await deps.conversations.verify(row.vapi_id) : null;
    if (record?.ok) {
      summary ??= record.summary;
      platformWords = record.words;
      platformTurns = record.turns;
    }
  }
  const turns = bestConversation(deps.db, row, platformTurns);
  if (stored.accepted_at && current) return { doc: current, rendered: null, turns };
  const words = mergeWords(storedWords(deps.db.parseJson(row.visitor_words)), platformWords);
  const doc = {
    ...proposalDocument(deps, row, { summary, words, issuedAt: current?.issuedAt ?? stored.created_at, expiresAt: stored.expires_at }),
    version: stored.version + 1,
  };
  return { doc, rendered: await renderVersion(doc, { pdf: deps.config.PROPOSAL_PDF }), turns };
}

async function release(deps: Deps, w: Waiting): Promise<boolean> {
  const { db, log } = deps;
  const row = await findProposalSource(db, w.call_id);
  const stored = await findStoredProposal(db, w.call_id);
  if (!row?.vapi_id || !stored) return false;
  const { doc, rendered, turns } = await nextVersion(deps, row, stored);
  const pdf = rendered?.pdf ?? stored.pdf_file;
  const attachment = pdf ? pdfAttachment(doc, pdf) : null;
  const email = proposalEmail(doc, (await visitorMailPartsOf(deps, row.email)).footer, { withPdf: !!pdf });
  const now = nowIso();
  return db.kysely.transaction().execute(async (tx) => {
    // Deleting the wait is the claim: another instance releasing it at the same time deletes nothing.
    const taken = await tx.deleteFrom('proposal_wait').where('outbox_id', '=', w.outbox_id).executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0) return false;
    await tx
      .updateTable('outbox')
      .set({
        subject: email.subject,
        html: email.html,
        text: email.text,
        attachments: attachment ? JSON.stringify([attachment]) : null,
        next_attempt_at: now,
        updated_at: now,
      })
      .where('id', '=', w.outbox_id)
      .where('status', '=', 'pending')
      .execute();
    if (rendered) await saveVersion(tx, db, w.call_id, stored.version, doc, rendered, now);
    await leadCreated(tx, deps, { callId: w.call_id, pdfId: stored.id, doc, pdf, attachment, conversation: turns });
    log.info('proposal released', { callId: w.call_id, report: !!row.report_summary, version: doc.version });
    return true;
  });
}

/** Proposals of conversation `vapiCallId` already sent (no longer waiting) show its report from now on. */
export async function refreshProposals(deps: Deps, vapiCallId: string): Promise<number> {
  const { db } = deps;
  const calls = await db.kysely
    .selectFrom('pdf')
    .innerJoin('call', 'call.id', 'pdf.call_id')
    .leftJoin('proposal_wait as w', 'w.call_id', 'pdf.call_id')
    .select('pdf.call_id')
    .where('call.vapi_call_id', '=', vapiCallId)
    .where('w.outbox_id', 'is', null)
    .where('pdf.accepted_at', 'is', null)
    .execute();
  let refreshed = 0;
  for (const { call_id } of calls) {
    const row = await findProposalSource(db, call_id);
    const stored = await findStoredProposal(db, call_id);
    if (!row || !stored || stored.accepted_at) continue;
    const { doc, rendered } = await nextVersion(deps, row, stored);
    if (rendered && (await saveVersion(db.kysely, db, call_id, stored.version, doc, rendered, nowIso()))) refreshed++;
  }
  return refreshed;
}

/** Checks the waiting proposals every `everyMs` until stopped. */
export function startReportWaiter(deps: Deps, everyMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const noteOutage = outageNotice(deps.log, 'waiting proposals: database unavailable, retrying');
  const timer = setInterval(() => {
    running = running
      .then(() => releaseWaitingProposals(deps))
      .catch((err) => (isDatabaseUnavailable(err) ? noteOutage() : deps.log.error('releasing waiting proposals failed', { err })));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
