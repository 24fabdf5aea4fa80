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
  const start = `${period.from}T00:00:00.000Z`;
  const end = dayAfter(period.to);
  const day = sql<string>`substr(c.created_at, 1, 10)`;
  const leadDay = sql<string>`substr(p.lead_created_at, 1, 10)`;
  const [leads, proposals, conversations, accepted] = await Promise.all([
    db.kysely
      .selectFrom('call as c')
      .select([day.as('day'), sql<number>`count(*)`.as('leads')])
      .where('c.created_at', '>=', start)
      .where('c.created_at', '<', end)
      .groupBy(day)
      .execute(),
    // By their lead's day (lead_created_at is the lead's created_at), so each count is of the
    // list's rows for the same period.
    db.kysely
      .selectFrom('pdf as p')
      .select([
        leadDay.as('day'),
        sql<number>`count(*)`.as('proposals'),
        sql<number>`count(p.first_viewed_at)`.as('viewed'),
        sql<number>`count(p.accepted_at)`.as('accepted'),
      ])
      .where('p.lead_created_at', '>=', start)
      .where('p.lead_created_at', '<', end)
      .groupBy(leadDay)
      .execute(),
    db.kysely
      .selectFrom('vapi_call as c')
      .select([day.as('day'), sql<number>`count(*)`.as('conversations')])
      .where('c.created_at', '>=', start)
      .where('c.created_at', '<', end)
      .groupBy(day)
      .execute(),
    db.kysely
      .selectFrom('pdf as p')
      .select(['p.created_at', 'p.accepted_at'])
      .where('p.lead_created_at', '>=', start)
      .where('p.lead_created_at', '<', end)
      .where('p.accepted_at', 'is not', null)
      .execute(),
  ]);
  const days = emptyDays(period.from, period.to);
  for (const r of leads) {
    const d = days.get(r.day);
    if (d) d.leads = Number(r.leads);
  }
  for (const r of proposals) {
    const d = days.get(r.day);
    if (d) Object.assign(d, { proposals: Number(r.proposals), viewed: Number(r.viewed), accepted: Number(r.accepted) });
  }
  for (const r of conversations) {
    const d = days.get(r.day);
    if (d) d.conversations = Number(r.conversations);
  }
  const list = [...days.values()];
  const totals = FUNNEL_STEPS.map((key) => ({ key, count: list.reduce((sum, d) => sum + d[key], 0) }));
  return {
    steps: totals.map((s, i) => ({ ...s, rate: i === 0 || !totals[i - 1]!.count ? null : s.count / totals[i - 1]!.count })),
    days: list,
    medianAcceptMs: median(accepted.map((r) => Date.parse(r.accepted_at!) - Date.parse(r.created_at))),
  };
}
