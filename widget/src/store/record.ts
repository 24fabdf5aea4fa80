/**
 * Our `vapi_call` row for one conversation, voice call or text chat alike: created with status
 * active once the platform has given the conversation an id, closed (inactive, with the end
 * time) when it ends, and closed with a request that outlives the page when the page goes away
 * first, so that no row stays 'active' for ever.
 */
import type { VapiCallCreateInput } from '../rpc/types';
import { trpcUrl } from '../rpc/url';
import type { StoreKit } from './types';

/** What a row records of its conversation (JSON). */
export type InitialData = VapiCallCreateInput['initial_data'];

/** What a record uses of the store's kit. */
export type RecordContext = Pick<StoreKit, 'get' | 'api' | 'demo' | 'now' | 'pageUrl' | 'log'>;

export interface ConversationRecord {
  /**
   * Creates the row for the platform's conversation id (a call id, or a chat's session id), once:
   * the assistant, start time, page, locale and demo flag, plus `extra`.
   */
  create(vapiId: string, extra?: InitialData): void;
  /** Closes the row (awaits its creation first); once. */
  close(): Promise<void>;
  /** The row and its capability token, once created. */
  row(): Promise<{ id: string; token: string } | undefined>;
  /** Takes over a row an earlier page of this tab created for the same conversation. */
  adopt(row: { id: string; token: string }, initial?: InitialData): void;
  /** What the row was created with (start time, page, …), which its closing repeats. */
  initial(): InitialData;
}

/**
 * `staysOpen` is asked when the page goes away: true keeps the row open (the conversation is
 * expected to go on in the tab's next page).
 */
export function createConversationRecord(ctx: RecordContext, staysOpen?: () => boolean): ConversationRecord {
  let created: Promise<void> | undefined;
  let row: { id: string; token: string } | undefined;
  let initial: InitialData = {};
  let closed = false;

  /** What closes a row: inactive, with the end time. */
  const closing = (r: { id: string; token: string }) => ({
    id: r.id,
    token: r.token,
    status: 'inactive' as const,
    initial_data: { ...initial, end_time: new Date(ctx.now()).toISOString() },
  });

  /**
   * The page is going away: an awaited tRPC call would be cut off, so the row is closed with
   * fetch keepalive, posted the way tRPC's httpLink posts a mutation (no transformer: the body is
   * the input).
   */
  const onPageHide = () => {
    if (closed || !row || typeof fetch !== 'function' || staysOpen?.()) return;
    closed = true;
    fetch(`${trpcUrl(ctx.get().config.apiUrl)}/vapi_call.update`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(closing(row)),
    }).catch((err) => ctx.log('vapi_call.update on pagehide failed', err));
  };
  if (typeof addEventListener === 'function') addEventListener('pagehide', onPageHide);

  return {
    create(vapiId, extra = {}) {
      if (created) return;
      const { config } = ctx.get();
      const initialData: InitialData = {
        assistant_id: config.assistantId || null,
        start_time: new Date(ctx.now()).toISOString(),
        page_url: ctx.pageUrl() ?? null,
        locale: config.locale,
        demo: ctx.demo(config),
        ...extra,
      };
      initial = initialData;
      created = ctx
        .api()
        .then((a) => a.createVapiCall({ vapi_id: vapiId, initial_data: initialData, status: 'active', locale: config.locale }))
        .then((r) => {
          row = r;
        })
        .catch((err) => ctx.log('vapi_call.create failed', err));
    },
    async close() {
      if (closed) return;
      closed = true;
      if (typeof removeEventListener === 'function') removeEventListener('pagehide', onPageHide);
      await created;
      if (!row) return;
      try {
        await (await ctx.api()).updateVapiCall(closing(row));
      } catch (err) {
        ctx.log('vapi_call.update failed', err);
      }
    },
    async row() {
      await created;
      return row;
    },
    adopt(r, initialData = {}) {
      if (created) return;
      row = r;
      initial = initialData;
      created = Promise.resolve();
    },
    initial: () => initial,
  };
}
