// The events a CRM receives, each with what its data carries. Every event names its call
// (`callId`, the id of the lead's call row): an erasure of the lead's address finds the events
// through it. The rest of each event's data is the proposal's and is filled in where the event
// is raised.
import type { Transaction } from 'kysely';
import type { Config } from '../config';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import { newId } from '../ids';

/** A JSON value: what a body can carry, so a payload always serialises to the same bytes. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What every event's data has. */
interface EventData {
  /** The lead's call (call.id). */
  callId: string;
  [field: string]: Json;
}

/** The events by type. */
export interface WebhookEvents {
  /** A proposal was made for a lead: the contact, needs, items, totals, summary, proposal URL. */
  'lead.created': EventData;
  /** The visitor opened the proposal page or PDF for the first time. */
  'proposal.viewed': EventData;
  /** The visitor accepted the proposal: the name typed, when, the totals. */
  'proposal.accepted': EventData;
}

export type WebhookType = keyof WebhookEvents;

/** One event as raised: its type and data. */
export type WebhookEvent = { [T in WebhookType]: { type: T; data: WebhookEvents[T] } }[WebhookType];

/** The body every delivery of an event sends: `{ type, timestamp, data }`, timestamp ISO 8601. */
export function webhookBody(event: WebhookEvent, timestamp: string): string {
  return JSON.stringify({ type: event.type, timestamp, data: event.data });
}

/**
 * Queues `event` in the caller's transaction `tx`, so it exists exactly when what it reports
 * does; its body (and so every retry's bytes and its `webhook-id`) is fixed here. Does nothing
 * and answers null when LEAD_WEBHOOK_URL is unset. After the commit, wake the worker
 * (`deps.nudgeWebhooks()`) to deliver it within the second.
 */
export async function enqueueWebhook(
  tx: Transaction<Database>,
  config: Pick<Config, 'LEAD_WEBHOOK_URL'>,
  event: WebhookEvent,
): Promise<string | null> {
  if (!config.LEAD_WEBHOOK_URL) return null;
  const now = nowIso();
  const id = newId();
  await tx
    .insertInto('webhook_event')
    .values({
      id,
      type: event.type,
      call_id: event.data.callId,
      payload: webhookBody(event, now),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      claimed_by: null,
      last_error: null,
      delivered_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
