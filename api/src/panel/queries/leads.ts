// The list of leads, newest first: one row per lead (a contact left through the widget, the call
// row), its contact, its proposal's state, total and items, the owner's outcome. Keyset pages
// on (created_at, id): a page deep in the list costs what the first does.
import { sql } from 'kysely';
import type { LeadOutcome, LeadState, PanelLeadRow, PanelLeadsListInput } from '@helena/contract';
import type { Db } from '../../db';
import { storedDocument, type ProposalDocument } from '../../proposal/document';
import { toDecimal } from '../../offer/money';
import { foldText } from '../../offer/fold';
import { BadCursorError, decodeCursor, encodeCursor } from './cursor';
import { leadStateSql, stateIs } from './state';

export const LEADS_PAGE_SIZE = 50;

/** The filters of the list and the CSV, without the page. */
export type LeadFilters = Omit<PanelLeadsListInput, 'cursor' | 'limit'>;

/** The page's last row as the cursor of the next. */
export const cursorOf = (row: { createdAt: string; id: string }): string => encodeCursor({ at: row.createdAt, id: row.id });

/** The day after `to` (YYYY-MM-DD) at midnight UTC: the list's `to` includes that whole day. */
export const dayAfter = (to: string): string => new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The lead's folded search text holds the folded `search`: a plain substring test (instr on
 * SQLite, strpos on PostgreSQL), faster than LIKE and with no pattern characters to escape.
 */
function containsSql(db: Db, search: string) {
  const needle = foldText(search.trim());
  return db.dialect === 'postgres' ? sql<boolean>`strpos(c.search_key, ${needle}) > 0` : sql<boolean>`instr(c.search_key, ${needle}) > 0`;
}

/** The proposal's one-off total and monthly fee (with tax) in currency units, and its items' titles. */
export function proposalFigures(doc: ProposalDocument | null): { total: number | null; monthly: number | null; items: string[] } {
  if (!doc) return { total: null, monthly: null, items: [] };
  const units = (amount: number) => Number(toDecimal(amount, doc.currency));
  return { total: units(doc.totals.setup.gross), monthly: units(doc.totals.monthly.gross), items: doc.lines.map((l) => l.title) };
}

/** The rows matching `filters` after `cursor`, at most `limit`, as of `now`. */
export function leadRows(db: Db, filters: LeadFilters, opts: { cursor?: string; limit: number; now: string }) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  if (opts.cursor && !after) throw new BadCursorError('cursor');
  return db.kysely
    .selectFrom('call as c')
    .innerJoin('customer as cu', 'cu.id', 'c.customer_id')
    .leftJoin('pdf as p', 'p.call_id', 'c.id')
    .select([
      'c.id',
      'cu.email',
      sql<string | null>`coalesce(c.lead_name, cu.name)`.as('name'),
      sql<string | null>`coalesce(c.lead_company, cu.company)`.as('company'),
      'c.created_at',
      leadStateSql(opts.now).as('state'),
      'c.outcome',
      'p.document',
    ])
    .$if(!!filters.search, (q) => q.where(containsSql(db, filters.search!)))
    .$if(!!filters.state, (q) => q.where(stateIs(filters.state!, opts.now)))
    .$if(!!filters.from, (q) => q.where('c.created_at', '>=', `${filters.from}T00:00:00.000Z`))
    .$if(!!filters.to, (q) => q.where('c.created_at', '<', dayAfter(filters.to!)))
    // A row value, so both databases seek to the cursor's place in the index rather than scan to it.
    .$if(!!after, (q) => q.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(after!.at, after!.id))))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(opts.limit);
}

/** A list row as the panel shows it. */
export function toLeadRow(db: Db, r: { id: string; email: string; name: string | null; company: string | null; created_at: string; state: LeadState | null; outcome: LeadOutcome | null; document: unknown }): PanelLeadRow {
  const figures = proposalFigures(r.document ? storedDocument(db.parseJson(r.document)) : null);
  return { id: r.id, email: r.email, name: r.name ?? '', company: r.company, createdAt: r.created_at, state: r.state, outcome: r.outcome, ...figures };
}

/** One page of the list, and the cursor of the next (null at the end). */
export async function listLeads(db: Db, input: PanelLeadsListInput, now: string): Promise<{ items: PanelLeadRow[]; nextCursor: string | null }> {
  const limit = input.limit ?? LEADS_PAGE_SIZE;
  const rows = await leadRows(db, input, { cursor: input.cursor, limit: limit + 1, now }).execute();
  const items = rows.slice(0, limit).map((r) => toLeadRow(db, r));
  return { items, nextCursor: rows.length > limit ? cursorOf(items.at(-1)!) : null };
}
