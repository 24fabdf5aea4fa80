/** The funnel's pure logic: each step's rate from the one before, and the chart's geometry. */

/** The steps in their order, as the server names them. */
export const FUNNEL_STEPS = ['conversations', 'leads', 'proposals', 'viewed', 'accepted'] as const;
/** A funnel step. */
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Each step with its share of the step before (null for the first, or when the one before is 0). */
export function withRates<S extends { count: number }>(steps: readonly S[]): (S & { rate: number | null })[] {
  return steps.map((s, i) => {
    const before = i > 0 ? steps[i - 1]!.count : 0;
    return { ...s, rate: i > 0 && before > 0 ? s.count / before : null };
  });
}

/** The Monday (UTC) of a `YYYY-MM-DD` day's week. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** Day rows added up by week (Monday first), each week's label its Monday, in order. */
export function byWeek<R extends { day: string }>(rows: readonly R[], keys: readonly (keyof R)[]): (Record<string, number> & { day: string })[] {
  const weeks = new Map<string, Record<string, number> & { day: string }>();
  for (const row of rows) {
    const day = weekOf(row.day);
    const sum = weeks.get(day) ?? Object.assign(Object.fromEntries(keys.map((k) => [k as string, 0])), { day });
    for (const k of keys) sum[k as string] = (sum[k as string] ?? 0) + Number(row[k] ?? 0);
    weeks.set(day, sum);
  }
  return [...weeks.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** One bar of the chart, in the SVG's user units. */
export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Bars for `values` in a `width` × `height` box, with `gap` between them: `top` (by default the
 * largest value) fills the height, a zero is no bar.
 */
export function bars(values: readonly number[], width: number, height: number, gap = 2, top = Math.max(...values)): Bar[] {
  if (values.length === 0) return [];
  const max = Math.max(1, top);
  const slot = width / values.length;
  const barWidth = Math.max(1, slot - gap);
  return values.map((v, i) => {
    const h = (Math.max(0, v) / max) * height;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}
