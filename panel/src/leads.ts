/** The leads list's pure logic: filters to a query, to the CSV's URL, and the poll's merge. */

/** The proposal states the list filters by, as the server names them. */
export const LEAD_STATES = ['enviada', 'vista', 'aceptada', 'caducada'] as const;
/** A proposal's state. */
export type LeadState = (typeof LEAD_STATES)[number];

/** What the owner filters the list by; empty strings mean "any". */
export interface LeadFilters {
  search: string;
  state: LeadState | '';
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  /** `YYYY-MM-DD`, inclusive. */
  to: string;
}

/** No filter at all. */
export const NO_FILTERS: LeadFilters = { search: '', state: '', from: '', to: '' };

/** The list query's input for these filters (only what is set), from `cursor` on. */
export function listInput(filters: LeadFilters, cursor?: string | null) {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The CSV download of the same filtered list. */
export function csvHref(filters: LeadFilters): string {
  const params = new URLSearchParams(listInput(filters));
  const query = params.toString();
  return query ? `/panel/leads.csv?${query}` : '/panel/leads.csv';
}

/**
 * The list after a poll of its first page: the fresh page's rows first (new leads, and the latest
 * state of the ones it shows), then the older rows already loaded that the page does not hold.
 * `added` counts the rows that were not on screen before.
 */
export function mergeFirstPage<T extends { id: string }>(shown: readonly T[], fresh: readonly T[]): { items: T[]; added: number } {
  const freshIds = new Set(fresh.map((r) => r.id));
  const shownIds = new Set(shown.map((r) => r.id));
  const added = fresh.filter((r) => !shownIds.has(r.id)).length;
  return { items: [...fresh, ...shown.filter((r) => !freshIds.has(r.id))], added };
}
