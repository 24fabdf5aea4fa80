// The Server URL's SQL: deliveries seen (by body digest), the conversation's platform status,
// and the end-of-call report kept on the conversation and copied onto its call rows.
import { nowIso, type Db } from '../db';
import type { ConversationTurn, VisitorWords } from '../proposal/visitor-words';

export type DeliveryClaim = { first: true } | { first: false; response: string | null };

/**
 * Claims a delivery. When the same body was delivered before (a retry or a replay) the caller
 * changes nothing and answers what was answered then (null while the first is still in hand).
 */
export async function claimDelivery(db: Db, d: { id: string; type: string; vapiId: string | null }): Promise<DeliveryClaim> {
  try {
    await db.kysely.insertInto('vapi_event_delivery').values({ id: d.id, type: d.type, vapi_id: d.vapiId, received_at: nowIso() }).execute();
    return { first: true };
  } catch (err) {
    if (!db.isUniqueViolation(err)) throw err;
    const seen = await db.kysely.selectFrom('vapi_event_delivery').select('response').where('id', '=', d.id).executeTakeFirst();
    return { first: false, response: seen?.response ?? null };
  }
}

export async function saveDeliveryResponse(db: Db, id: string, response: string): Promise<void> {
  await db.kysely.updateTable('vapi_event_delivery').set({ response }).where('id', '=', id).execute();
}

/** Forgets a delivery whose handling failed, so the platform's retry is handled afresh. */
export async function forgetDelivery(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom('vapi_event_delivery').where('id', '=', id).execute();
}

/** The conversation registered under the first of `vapiIds` that has one (see `conversationIds`). */
export async function findConversation(db: Db, vapiIds: readonly string[]) {
  if (!vapiIds.length) return undefined;
  const rows = await db.kysely.selectFrom('vapi_call').select(['id', 'status', 'vapi_id']).where('vapi_id', 'in', vapiIds).execute();
  for (const vapiId of vapiIds) {
    const row = rows.find((r) => r.vapi_id === vapiId);
    if (row) return { id: row.id, status: row.status };
  }
  return undefined;
}

export async function setConversationStatus(db: Db, id: string, status: string): Promise<void> {
  await db.kysely.updateTable('vapi_call').set({ status, updated_at: nowIso() }).where('id', '=', id).execute();
}

/**
 * Closes a conversation the platform says is over. A visitor who left the site during a call never
 * closes its row from the page (it was kept open for a rejoin), so the platform's end time (or
 * now) becomes its `end_time`, unless the page already recorded one.
 */
export async function closeConversation(db: Db, id: string, endedAt: string | undefined): Promise<void> {
  const row = await db.kysely.selectFrom('vapi_call').select('initial_data').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const parsed = db.parseJson(row.initial_data);
  const initial = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const endTime = typeof initial.end_time === 'string' ? initial.end_time : endedAt && Number.isFinite(Date.parse(endedAt)) ? new Date(endedAt).toISOString() : nowIso();
  await db.kysely
    .updateTable('vapi_call')
    .set({ status: 'inactive', initial_data: db.json({ ...initial, end_time: endTime }), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export interface PlatformReport {
  transcript: string | null;
  summary: string | null;
  duration: number | null;
  ended_reason: string | null;
  recording_url: string | null;
}

/**
 * Keeps the report on the conversation and on every call row registered for it, in one
 * transaction. A call row keeps what it had (the browser's duration, say) where the report is silent.
 */
export async function storeReport(db: Db, vapiCallId: string, report: PlatformReport, words: VisitorWords, conversation: ConversationTurn[]): Promise<void> {
  const now = nowIso();
  const known = Object.fromEntries(Object.entries(report).filter(([, v]) => v !== null)) as Partial<PlatformReport>;
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('vapi_call').set({ ...report, visitor_words: db.json(words), conversation: db.json(conversation), reported_at: now, updated_at: now }).where('id', '=', vapiCallId).execute();
    await trx.updateTable('call').set({ ...known, updated_at: now }).where('vapi_call_id', '=', vapiCallId).execute();
  });
}
