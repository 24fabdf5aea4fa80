// The funnel for a period: conversations started, contacts left, proposals sent, viewed and
// accepted, by day, counted over the rows the list shows for that period: a lead and its
// proposal count on the day the lead came, so the list filtered to the period never disagrees.
import { sql } from 'kysely';
import { FUNNEL_STEPS, type FunnelStep, type PanelFunnel } from '@helena/contract';
import type { Db } from '../../db';
import { dayAfter } from './leads';

type Day = { day: string } & Record<FunnelStep, number>;

/** Every day from `from` to `to` (YYYY-MM-DD, both included), at zero. */
function emptyDays(from: string, to: string): Map<string, Day> {
  const days = new Map<string, Day>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.set(day, { day, conversations: 0, leads: 0, proposals: 0, viewed: 0, accepted: 0 });
  }
  return days;
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = values.sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export async function funnelOf(db: Db, period: { from: string; to: string }): Promise<PanelFunnel> {
  /** A row's UTC day, written as the day indexes are (20261129T0400_funnel_day_indexes), so that both databases use them. */
  const dayOf = (at: 'created_at' | 'lead_created_at') => sql<string>`substr(${sql.ref(at)}, 1, 10)`;
  /** Rows of `table` whose day falls in the period (both ends included), counted by day. */
  const byDay = <T extends 'call' | 'vapi_call' | 'pdf'>(table: T, at: 'created_at' | 'lead_created_at') =>
    db.kysely
      .selectFrom(table as 'pdf')
      .where(dayOf(at), '>=', period.from)
      .where(dayOf(at), '<=', period.to)
      .groupBy(dayOf(at))
      .select(dayOf(at).as('day'));
  const [leads, proposals, conversations, accepted] = await Promise.all([
    byDay('call', 'created_at').select(sql<number>`count(*)`.as('leads')).execute(),
    // By their lead's day (lead_created_at is the lead's created_at), so each count is of the
    // list's rows for the same period.
    byDay('pdf', 'lead_created_at')
      .select([sql<number>`count(*)`.as('proposals'), sql<number>`count(first_viewed_at)`.as('viewed'), sql<number>`count(accepted_at)`.as('accepted')])
      .execute(),
    byDay('vapi_call', 'created_at').select(sql<number>`count(*)`.as('conversations')).execute(),
    // The accepted ones' own partial index holds the lead's time, the sending and the acceptance.
    db.kysely
      .selectFrom('pdf')
      .select(['created_at', 'accepted_at'])
      .where('accepted_at', 'is not', null)
      .where('lead_created_at', '>=', `${period.from}T00:00:00.000Z`)
      .where('lead_created_at', '<', dayAfter(period.to))
      .execute(),
  ]);
  const days = emptyDays(period.from, period.to);
  for (const rows of [leads, proposals, conversations] as Array<Array<{ day: string } & Partial<Record<FunnelStep, number | string>>>>) {
    for (const { day, ...counts } of rows) {
      const d = days.get(day);
      if (d) for (const [key, n] of Object.entries(counts)) d[key as FunnelStep] = Number(n);
    }
  }
  const list = [...days.values()];
  const totals = FUNNEL_STEPS.map((key) => ({ key, count: list.reduce((sum, d) => sum + d[key], 0) }));
  return {
    steps: totals.map((s, i) => ({ ...s, rate: i === 0 || !totals[i - 1]!.count ? null : s.count / totals[i - 1]!.count })),
    days: list,
    medianAcceptMs: median(accepted.map((r) => Date.parse(r.accepted_at!) - Date.parse(r.created_at))),
  };
}
