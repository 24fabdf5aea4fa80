// The SQL of the owner's actions on one lead: whose it is, and the outcome with its audit row. The
// outcome leaves updated_at alone: retention counts the visitor's activity, not the owner's.
import type { LeadOutcome } from '@helena/contract';
import type { Db } from '../../db';
import { recordAudit } from './audit';

/** The lead's address (as stored: lower case), or undefined when it is gone. */
export function leadContact(db: Db, id: string): Promise<{ email: string } | undefined> {
  return db.kysely.selectFrom('call as c').innerJoin('customer as cu', 'cu.id', 'c.customer_id').select('cu.email').where('c.id', '=', id).executeTakeFirst();
}

/** Sets (or clears, with null) the owner's outcome and logs it, together; false when the lead is gone. */
export async function setOutcome(db: Db, v: { id: string; outcome: LeadOutcome | null; note?: string; actor: string; at: string }): Promise<boolean> {
  return db.kysely.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('call')
      .set({ outcome: v.outcome, outcome_note: v.outcome ? v.note || null : null, outcome_at: v.outcome ? v.at : null })
      .where('id', '=', v.id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await recordAudit(tx, { actor: v.actor, action: v.outcome ? `outcome.${v.outcome}` : 'outcome.cleared', leadId: v.id, at: v.at });
    return true;
  });
}
