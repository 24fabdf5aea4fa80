// The visitor's first look at their proposal: kept as one date on the proposal (no pixel, no
// third party), and told to the CRM once (`proposal.viewed`). Only a browser's own navigation to
// the visitor's link counts: the team's links carry a marker, and a mail scanner or link
// previewer fetching the link is not a browser navigating (no `Sec-Fetch-Mode: navigate`).
import type { Context } from 'hono';
import { nowIso } from '../db';
import type { Deps } from '../deps';
import { proposalViewed, TEAM_MARKER } from '../sales/handoff';

/** Whether this request is the visitor opening the link themselves. */
export function isVisitorView(c: Context): boolean {
  return c.req.query(TEAM_MARKER) === undefined && c.req.header('sec-fetch-mode') === 'navigate';
}

/** Records the first view of call `callId`'s proposal, and its event, once. */
export async function recordFirstView(deps: Deps, callId: string): Promise<boolean> {
  const now = nowIso();
  const first = await deps.db.kysely.transaction().execute(async (tx) => {
    const r = await tx.updateTable('pdf').set({ first_viewed_at: now }).where('call_id', '=', callId).where('first_viewed_at', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await proposalViewed(tx, deps, callId, now);
    return true;
  });
  if (first) deps.nudgeWebhooks();
  return first;
}
