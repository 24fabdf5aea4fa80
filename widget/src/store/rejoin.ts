/**
 * The tab's ticket back into a live call. A reload or a same-origin page with the element would
 * otherwise end the call: the call is started so that its room outlives the page, and what a new
 * page needs to join it again (the platform's call id, its room URL, our row and its capability)
 * is kept in the tab's own storage, never in localStorage, and for a short while only.
 */
import type { InitialData } from './record';

/** The tab's storage key of the ticket; the UI chunk checks it at start-up. */
export const REJOIN_KEY = 'helenaCall';

/** What a new page needs to rejoin the call and keep its one `vapi_call` row. */
export interface RejoinTicket {
  id: string;
  webCallUrl: string;
  callToken?: string;
  /** Our row and its token, once created; the same row stays open across pages. */
  row?: { id: string; token: string };
  initial?: InitialData;
  /** When the page that had the call went away (ms since the epoch). */
  leftAt?: number;
}

/** The tab's storage, as the store's kit hands it. */
export type TabStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem?(key: string): void } | null;

export function writeTicket(tab: TabStorage, ticket: RejoinTicket): void {
  try {
    tab?.setItem(REJOIN_KEY, JSON.stringify(ticket));
  } catch {}
}

export function clearTicket(tab: TabStorage): void {
  try {
    tab?.removeItem?.(REJOIN_KEY);
  } catch {}
}
