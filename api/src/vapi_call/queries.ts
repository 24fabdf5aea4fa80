// The vapi_call domain's SQL: the conversation rows the widget registers, each with the hash of
// the capability token its creator holds.
import type { VisitorLocale } from '@helena/contract';
import { nowIso, type Db } from '../db';
import { hashToken, newId, newToken, tokenMatches } from '../ids';

export async function insertVapiCall(db: Db, v: { vapi_id: string; initial_data: unknown; status: string; locale?: VisitorLocale }): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  const now = nowIso();
  await db.kysely
    .insertInto('vapi_call')
    .values({ id, vapi_id: v.vapi_id, initial_data: db.json(v.initial_data), status: v.status, locale: v.locale ?? null, token_hash: hashToken(token), created_at: now, updated_at: now })
    .execute();
  return { id, token };
}

export interface VapiCallRow {
  id: string;
  vapi_id: string;
  initial_data: unknown;
  token_hash: string;
}

export function findVapiCall(db: Db, id: string): Promise<VapiCallRow | undefined> {
  return db.kysely.selectFrom('vapi_call').select(['id', 'vapi_id', 'initial_data', 'token_hash']).where('id', '=', id).executeTakeFirst();
}

/** The row, only for the holder of its token. */
export async function findOwnedVapiCall(db: Db, id: string, token: string | null | undefined): Promise<VapiCallRow | 'not-found' | 'forbidden'> {
  const row = await findVapiCall(db, id);
  if (!row) return 'not-found';
  return token && tokenMatches(token, row.token_hash) ? row : 'forbidden';
}

export async function updateVapiCall(db: Db, id: string, v: { status: string; initial_data?: unknown }): Promise<void> {
  await db.kysely
    .updateTable('vapi_call')
    .set({ status: v.status, updated_at: nowIso(), ...(v.initial_data !== undefined ? { initial_data: db.json(v.initial_data) } : {}) })
    .where('id', '=', id)
    .execute();
}

export function findVapiCallByVapiId(db: Db, vapiId: string) {
  return db.kysely
    .selectFrom('vapi_call')
    .select(['id', 'vapi_id', 'initial_data', 'status', 'created_at', 'updated_at'])
    .where('vapi_id', '=', vapiId)
    .executeTakeFirst();
}
