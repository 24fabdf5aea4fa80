import { create } from 'zustand';
import { IDLE, dataOf, nextLoad, type Load } from '../load';
import { listInput, mergeFirstPage, NO_FILTERS, type LeadFilters } from '../leads';
import { rpc, type PanelOutputs } from '../rpc';
import { useAnnounce } from './announce';
import { messages } from './locale';
import { failure } from './session';

/** One page of the list, as the server answers it. */
export type LeadsPage = PanelOutputs['leads']['list'];
/** One row of the list. */
export type LeadRow = LeadsPage['items'][number];

interface LeadsStore {
  filters: LeadFilters;
  list: Load<{ items: LeadRow[]; nextCursor: LeadsPage['nextCursor'] }>;
  /** The "load more" request's own state: the rows on screen stay while it runs. */
  more: Load<null>;
  /** Applies new filters and loads their first page. */
  setFilters: (filters: LeadFilters) => Promise<void>;
  /** Loads the first page of the current filters. */
  load: () => Promise<void>;
  /** Loads the page after the last row shown. */
  loadMore: () => Promise<void>;
  /** The poll: the first page again, merged into what is shown; says how many leads are new. */
  poll: () => Promise<void>;
}

/**
 * Every answer carries the request's number; only the latest request's answer is applied, so a
 * slow page for old filters never replaces the new filters' page.
 */
let latest = 0;

/** The leads list. */
export const useLeads = create<LeadsStore>((set, get) => ({
  filters: NO_FILTERS,
  list: IDLE,
  more: IDLE,
  setFilters: async (filters) => {
    set({ filters, list: IDLE, more: IDLE });
    await get().load();
  },
  load: async () => {
    const seq = ++latest;
    set((s) => ({ list: nextLoad(s.list, { type: 'start' }) }));
    try {
      const page = await rpc.leads.list.query(listInput(get().filters));
      if (seq === latest) set((s) => ({ list: nextLoad(s.list, { type: 'done', data: { items: page.items, nextCursor: page.nextCursor } }) }));
    } catch (err) {
      if (seq === latest) set((s) => ({ list: nextLoad(s.list, { type: 'fail', error: failure(err) }) }));
    }
  },
  loadMore: async () => {
    const shown = dataOf(get().list);
    if (!shown?.nextCursor || get().more.status === 'loading') return;
    const seq = latest;
    set({ more: { status: 'loading' } });
    try {
      const page = await rpc.leads.list.query(listInput(get().filters, shown.nextCursor));
      if (seq !== latest) return;
      const ids = new Set(shown.items.map((r) => r.id));
      const items = [...shown.items, ...page.items.filter((r) => !ids.has(r.id))];
      set((s) => ({ list: nextLoad(s.list, { type: 'done', data: { items, nextCursor: page.nextCursor } }), more: IDLE }));
    } catch (err) {
      if (seq === latest) set({ more: { status: 'error', error: failure(err) } });
    }
  },
  poll: async () => {
    const shown = dataOf(get().list);
    if (!shown) return get().load();
    const seq = ++latest;
    try {
      const page = await rpc.leads.list.query(listInput(get().filters));
      if (seq !== latest) return;
      const { items, added } = mergeFirstPage(shown.items, page.items);
      // The cursor stays the one of the last row loaded: the merge only adds rows above it.
      set((s) => ({ list: nextLoad(s.list, { type: 'done', data: { items, nextCursor: shown.nextCursor ?? page.nextCursor } }) }));
      if (added > 0) useAnnounce.getState().say(messages().newLeads(added));
    } catch (err) {
      // A failed poll keeps the list; the next interval tries again.
      failure(err);
    }
  },
}));
