// The audit log of the owner's actions: who (the owner's address), what, when, which lead. It is
// written in the action's own transaction, and holds nothing else about the person.
import type { PanelAuditPage } from '@helena/contract';
import type { Executor } from '../../db/executor';
import type { Db } from '../../db';
import { newId } from '../../ids';
import { BadCursorError, decodeCursor, encodeCursor } from './cursor';

/** What an owner can do to a lead, as the log names it. */
export type AuditAction = 'outcome.ganada' | 'outcome.perdida' | 'outcome.cleared' | 'resend' | 'export' | 'erase' | 'csv';

export async function recordAudit(q: Executor, entry: { actor: string; action: AuditAction; leadId: string | null; at: string }): Promise<void> {
  await q.insertInto('panel_audit').values({ id: newId(), at: entry.at, actor: entry.actor, action: entry.action, lead_id: entry.leadId }).execute();
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, by (at, id) pages; a cursor that is not one of ours is a BadCursorError. */
export async function listAudit(db: Db, cursor: string | undefined): Promise<PanelAuditPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) throw new BadCursorError('cursor');
  const rows = await db.kysely
    .selectFrom('panel_audit')
    .select(['id', 'at', 'actor', 'action', 'lead_id'])
    .$if(!!after, (q) => q.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after!.at, after!.id))))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({ id: r.id, at: r.at, actor: r.actor, action: r.action, leadId: r.lead_id }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last) : null };
}
