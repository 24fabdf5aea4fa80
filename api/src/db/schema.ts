import type { ColumnType } from 'kysely';

// Table types. The spec's five tables with exactly their fields, plus the outbox and the
// vapi_call update token (stored hashed). Timestamps are ISO-8601 UTC strings.

export interface CustomerTable {
  id: string;
  email: string;
  name: string | null;
  cargo: string | null;
  company: string | null;
  pag_web: string | null;
  created_at: string;
  updated_at: string;
}

export interface VapiCallTable {
  id: string;
  vapi_id: string;
  /** JSON: text on SQLite, jsonb on PostgreSQL. Read it through `parseJson`. */
  initial_data: unknown;
  status: string;
  /** sha256 (hex) of the update token handed out by vapi_call.create. */
  token_hash: string;
  /** The platform's end-of-call report, through the Server URL; null until it arrives. */
  transcript: string | null;
  summary: string | null;
  /** Seconds, from the platform's start and end times. */
  duration: number | null;
  ended_reason: string | null;
  recording_url: string | null;
  reported_at: string | null;
  /** JSON `VisitorWords`: the visitor's own turns and the platform's analysis of them, from the report. */
  visitor_words: unknown;
  /** JSON `ConversationLine[]`: the report's turns (visitor and assistant) with their times. */
  conversation: unknown;
  /** The visitor's language ('es' | 'en'), as the widget said; null when it did not. */
  locale: string | null;
  created_at: string;
  updated_at: string;
}

export interface CallTable {
  id: string;
  transaction: string;
  customer_id: string;
  vapi_call_id: string | null;
  status: string;
  duration: number | null;
  transcript: string | null;
  summary: string | null;
  /** What the submitter typed (their lead_submission), which the proposal shows. */
  lead_name: string | null;
  lead_cargo: string | null;
  lead_company: string | null;
  /** From the platform's end-of-call report. */
  ended_reason: string | null;
  recording_url: string | null;
  /** The lead's name, address and company folded for the owner's search (`searchKeyOf`). */
  search_key: string | null;
  /** What the owner recorded once the deal was decided, with an optional note and when. */
  outcome: 'ganada' | 'perdida' | null;
  outcome_note: string | null;
  outcome_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One lead form submission: the id customer.create/upsert answer with (never the customer's own
 * stable id, which would tell anyone the address is known) and what that visitor typed.
 */
export interface LeadSubmissionTable {
  id: string;
  customer_id: string;
  name: string | null;
  cargo: string | null;
  company: string | null;
  created_at: string;
}

export interface PdfTable {
  id: string;
  transaction: string;
  call_id: string;
  /** The rendered proposal (an escaped HTML fragment). */
  content: string;
  email: string;
  /** boolean on PostgreSQL, 0/1 on SQLite. Read it through `Boolean()`. */
  email_sent: boolean | number;
  expires_at: string;
  /** JSON of the ProposalDocument the page and PDF show (read through `parseJson`); null for rows made before documents. */
  document: unknown;
  /** The PDF of `document`, rendered when it changes, never per request. */
  pdf_file: Buffer | null;
  /** Goes up each time the document changes (the end-of-call report, the acceptance); 1 when made. */
  version: ColumnType<number, number | undefined, number>;
  accepted_at: string | null;
  /** The full name the visitor typed to accept. */
  accepted_name: string | null;
  /** The version the visitor saw when accepting. */
  accepted_version: number | null;
  /** When the visitor first opened the page or PDF through their email's link. */
  first_viewed_at: string | null;
  /** Its lead's `call.created_at` (never changes): the funnel counts by it without a join. */
  lead_created_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmailLogTable {
  id: string;
  pdf_id: string | null;
  email: string;
  sent_at: string;
  /** 'sent' | 'retry' | 'failed' */
  status: string;
  error_message: string | null;
}

/** 'cancelled': the recipient unsubscribed before it went; never sent. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';
/**
 * 'sales': the sales team's copy of a lead (internal: no footer, not under the visitor's caps).
 * 'signin': the panel's sign-in link, never stored (it is sent at once, not queued).
 */
export type OutboxKind = 'confirmation' | 'proposal' | 'api' | 'sales' | 'signin';

export interface OutboxTable {
  id: string;
  kind: OutboxKind;
  pdf_id: string | null;
  to_email: string;
  from_email: string;
  subject: string;
  html: string;
  text: string | null;
  /** JSON text: [{filename, content, contentType}] or null */
  attachments: string | null;
  /** JSON text: extra mail headers [{Name, Value}] (List-Unsubscribe) or null */
  headers: string | null;
  /** Postmark's ReplyTo: the visitor's address on a sales message (erasure finds it here); else null. */
  reply_to: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  claimed_by: string | null;
  message_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** One Server URL delivery, by the sha256 of its raw body: a retry or replay is seen once. */
export interface VapiEventDeliveryTable {
  id: string;
  type: string;
  vapi_id: string | null;
  /** JSON text of the answer given (tool results), so a retry gets the same answer. */
  response: string | null;
  received_at: string;
}

/** A proposal message held in the outbox until its call's end-of-call report (or the wait's end). */
export interface ProposalWaitTable {
  outbox_id: string;
  call_id: string;
  vapi_call_id: string;
  created_at: string;
}

/** The key behind privacy links and address hashes, when PRIVACY_SECRET is unset (one row). */
export interface PrivacySecretTable {
  id: string;
  /** base64url, 32 random bytes */
  secret: string;
  created_at: string;
}

/** An unsubscribed address, only as a keyed hash (HMAC-SHA256 with the privacy key): it survives erasure. */
export interface MailUnsubscribeTable {
  address_key: string;
  created_at: string;
}

/** 'delivered': a 2xx answer; 'failed': every scheduled attempt failed (`npm run webhooks:retry`). */
export type WebhookEventStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** One signed webhook event, its delivery state beside it. Its id is the `webhook-id` header. */
export interface WebhookEventTable {
  id: string;
  type: string;
  /** The call the event is about: how an erasure of its address finds it. */
  call_id: string;
  /** The exact JSON body every attempt sends: {type, timestamp, data}. */
  payload: string;
  status: WebhookEventStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  claimed_by: string | null;
  /** The last failure ('HTTP 500', 'timeout', 'network: …'); never the receiver's answer body. */
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A deletion the voice platform still owes for an erased conversation: its call id and retry state only. */
export interface PlatformErasureTable {
  vapi_id: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
}

/** One version of a proposal as it was shown: its document and PDF (the pdf row holds the latest). */
export interface ProposalVersionTable {
  pdf_id: string;
  version: number;
  document: unknown;
  pdf_file: Buffer | null;
  created_at: string;
}

/** A sign-in link's secret, as sha256; usable once, until `expires_at`. */
export interface OwnerSigninTokenTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An owner's session: the sha256 of the cookie's id, whose it is, and its idle clock. */
export interface OwnerSessionTable {
  id_hash: string;
  email: string;
  created_at: string;
  last_seen_at: string;
}

/** One action an owner took in the panel: who, what, when, which lead; nothing else about the person. */
export interface PanelAuditTable {
  id: string;
  at: string;
  actor: string;
  action: string;
  lead_id: string | null;
}

export interface Database {
  customer: CustomerTable;
  vapi_call: VapiCallTable;
  call: CallTable;
  lead_submission: LeadSubmissionTable;
  pdf: PdfTable;
  email_log: EmailLogTable;
  outbox: OutboxTable;
  vapi_event_delivery: VapiEventDeliveryTable;
  proposal_wait: ProposalWaitTable;
  privacy_secret: PrivacySecretTable;
  mail_unsubscribe: MailUnsubscribeTable;
  webhook_event: WebhookEventTable;
  platform_erasure: PlatformErasureTable;
  proposal_version: ProposalVersionTable;
  owner_signin_token: OwnerSigninTokenTable;
  owner_session: OwnerSessionTable;
  panel_audit: PanelAuditTable;
}
