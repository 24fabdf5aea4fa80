/**
 * Joining again, on a new page of the tab, the call an earlier page left live (./rejoin.ts keeps
 * the ticket). Only a page that finds a ticket loads this: a call's start does not.
 */
import type { ReconnectWebCall } from '@helena/sdk/web';
import { clearTicket, REJOIN_KEY, writeTicket, type RejoinTicket, type TabStorage } from './rejoin';
import type { CallRecord } from './call-record';
import type { StoreKit } from './types';
import type { VoiceClient } from '../voice/types';

/**
 * How long after the page went away a rejoin is still tried. A reload or a click to another page
 * takes seconds; past this the visitor has most likely left, and the platform ends a room nobody
 * is in through its silence timeout anyway.
 */
export const REJOIN_WINDOW_MS = 60_000;

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

/** What the client's reconnect() takes from a ticket. */
export function webCallOf(ticket: RejoinTicket): ReconnectWebCall {
  return { id: ticket.id, webCallUrl: ticket.webCallUrl, ...(ticket.callToken ? { transport: { callToken: ticket.callToken } } : {}) };
}

/** What the flow uses of the call controller. */
export interface RejoinHost {
  ctx: StoreKit;
  /** The controller's current call. */
  current(): CallRecord | null;
  /** Makes a new call the current one. */
  begin(): CallRecord;
  /** The store's status follows the client's phase and what the call has said. */
  follow(): void;
  ensureClient(): Promise<VoiceClient>;
}

/**
 * Rejoins the ticket's call: the same platform call and the same row. When that is impossible
 * (too long away, the room gone, a client that cannot), the conversation stays as text and the
 * row is closed, with no error shown.
 */
export async function rejoinCall(host: RejoinHost): Promise<void> {
  const { ctx } = host;
  const ticket = readTicket(ctx.tab);
  if (!ticket) return clearTicket(ctx.tab);
  const thisCall = host.begin();
  Object.assign(thisCall, { vapiId: ticket.id, resolved: true, rejoined: true, rejoining: true });
  if (ticket.row) thisCall.record.adopt(ticket.row, ticket.initial);
  const giveUp = (err?: unknown) => {
    if (err) ctx.log('rejoin failed', err);
    if (host.current() !== thisCall) return;
    clearTicket(ctx.tab);
    thisCall.heard = 'over';
    host.follow();
    void thisCall.record.close();
  };
  if (!fresh(ticket, ctx.now())) return giveUp();
  ctx.set({ status: 'loading', panelOpen: true, ended: false, error: null });
  let c: VoiceClient;
  try {
    c = await host.ensureClient();
    if (!c.reconnect) throw new Error('this voice client cannot rejoin');
  } catch (err) {
    return giveUp(err);
  }
  if (host.current() !== thisCall || (thisCall.heard) === 'over') return;
  writeTicket(ctx.tab, { ...ticket, leftAt: undefined });
  try {
    await c.reconnect(webCallOf(ticket));
    thisCall.rejoining = false;
  } catch (err) {
    giveUp(err);
  }
}
