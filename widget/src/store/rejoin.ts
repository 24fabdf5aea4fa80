/**
 * The tab's ticket back into a live call. A reload or a same-origin page with the element would
 * otherwise end the call: the call is started so that its room outlives the page, and what a new
 * page needs to join it again (the platform's call id, its room URL, our row and its capability)
 * is kept in the tab's own storage, never in localStorage, and for a short while only.
 */
import type { ReconnectWebCall } from '@helena/sdk/web';
import type { InitialData } from './record';

/** The tab's storage key of the ticket; the UI chunk checks it at start-up. */
export const REJOIN_KEY = 'helenaCall';

/**
 * How long after the page went away a rejoin is still tried. A reload or a click to another page
 * takes seconds; past this the visitor has most likely left, and the platform ends a room nobody
 * is in through its silence timeout anyway.
 */
export const REJOIN_WINDOW_MS = 60_000;

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

type TabStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem?(key: string): void } | null;

/** The ticket in the tab, when it is one (anything else another script wrote is ignored). */
export function readTicket(tab: TabStorage): RejoinTicket | undefined {
  try {
    const t = JSON.parse(tab?.getItem(REJOIN_KEY) ?? 'null') as Partial<RejoinTicket> | null;
    if (!t || typeof t.id !== 'string' || typeof t.webCallUrl !== 'string' || !/^https?:\/\//.test(t.webCallUrl)) return undefined;
    const row = t.row && typeof t.row.id === 'string' && typeof t.row.token === 'string' ? { id: t.row.id, token: t.row.token } : undefined;
    return {
      id: t.id,
      webCallUrl: t.webCallUrl,
      ...(typeof t.callToken === 'string' ? { callToken: t.callToken } : {}),
      ...(row ? { row } : {}),
      ...(t.initial && typeof t.initial === 'object' ? { initial: t.initial } : {}),
      ...(typeof t.leftAt === 'number' ? { leftAt: t.leftAt } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Whether a ticket is still worth a rejoin at `now`. */
export function fresh(ticket: RejoinTicket, now: number): boolean {
  return ticket.leftAt === undefined || (now >= ticket.leftAt && now - ticket.leftAt <= REJOIN_WINDOW_MS);
}

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

/** What the client's reconnect() takes from a ticket. */
export function webCallOf(ticket: RejoinTicket): ReconnectWebCall {
  return { id: ticket.id, webCallUrl: ticket.webCallUrl, ...(ticket.callToken ? { transport: { callToken: ticket.callToken } } : {}) };
}
