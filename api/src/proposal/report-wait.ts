// Releases proposal emails that wait for their call's end-of-call report: at once when the report
// arrives (the Server URL calls this for its conversation), or, without one, once the wait after
// the call's end runs out (a timer calls this for all). The email and page are rendered again
// with the best summary known then: the report's, else the platform's call record, else none.
import { nowIso } from '../db';
import { outageNotice } from '../db/outage-notice';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Deps } from '../deps';
import { proposalEmail } from '../mail/templates';
import { renderProposalContent } from '../pages/proposal';
import { findProposalSource } from './queries';
import { LONGEST_CALL_MS, proposalView, visitorMailPartsOf } from './service';

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
  if (released) deps.nudgeMail();
  return released;
}

async function release(deps: Deps, w: Waiting): Promise<boolean> {
  const { db, log } = deps;
  const row = await findProposalSource(db, w.call_id);
  if (!row?.vapi_id) return false;
  let summary = row.report_summary;
  if (!summary) {
    const record = await deps.conversations.verify(row.vapi_id);
    summary = record.ok ? record.summary : null;
  }
  const view = proposalView(deps, row, summary, w.expires_at);
  const email = proposalEmail(view, (await visitorMailPartsOf(deps, row.email)).footer);
  const now = nowIso();
  return db.kysely.transaction().execute(async (tx) => {
    // Deleting the wait is the claim: another instance releasing it at the same time deletes nothing.
    const taken = await tx.deleteFrom('proposal_wait').where('outbox_id', '=', w.outbox_id).executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0) return false;
    await tx
      .updateTable('outbox')
      .set({ subject: email.subject, html: email.html, text: email.text, next_attempt_at: now, updated_at: now })
      .where('id', '=', w.outbox_id)
      .where('status', '=', 'pending')
      .execute();
    await tx.updateTable('pdf').set({ content: renderProposalContent(view), updated_at: now }).where('call_id', '=', w.call_id).execute();
    log.info('proposal released', { callId: w.call_id, report: !!row.report_summary });
    return true;
  });
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
