// The call domain's SQL: one row per lead submission that reached the call step, with a copy of
// what that visitor typed (the proposal shows it, whatever the customer row says).
import { nowIso, type Db } from '../db';
import { newId } from '../ids';
import type { Submission } from '../customer/queries';
import { searchKeyOf } from '../panel/search-key';

export interface NewCall {
  transaction: string;
  status: string;
  summary: string | null;
  vapi_call_id: string | null;
  duration: number | null;
}

/** The new call's id, or null when its customer or conversation was erased since it was read. */
export async function insertCall(db: Db, submission: Submission, call: NewCall): Promise<string | null> {
  const id = newId();
  const now = nowIso();
  try {
    await db.kysely
      .insertInto('call')
      .values({
        id,
        ...call,
        customer_id: submission.customer_id,
        transcript: null,
        lead_name: submission.name,
        lead_cargo: submission.cargo,
        lead_company: submission.company,
        search_key: searchKeyOf(submission.name, submission.email, submission.company),
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (err) {
    if (db.isForeignKeyViolation(err)) return null;
    throw err;
  }
  return id;
}
