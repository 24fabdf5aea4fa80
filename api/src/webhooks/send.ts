// One delivery attempt: the event's stored body, signed the Standard Webhooks way (webhook-id,
// webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">),
// POSTed with a time limit. Redirects are not followed: a 3xx is a failed attempt like any
// other answer outside 2xx. The answer's body is never read (it is the receiver's business).
import { Webhook } from 'standardwebhooks';
import { textOf } from '@helena/contract';
import type { WebhookEventTable } from '../db/schema';

/** Where events go and the key they are signed with. */
export interface WebhookTarget {
  url: string;
  /** `whsec_` + base64. */
  secret: string;
}

/** The target LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET name, or null when they are unset. */
export function webhookTarget(config: { LEAD_WEBHOOK_URL?: string; LEAD_WEBHOOK_SECRET?: string }): WebhookTarget | null {
  return config.LEAD_WEBHOOK_URL && config.LEAD_WEBHOOK_SECRET ? { url: config.LEAD_WEBHOOK_URL, secret: config.LEAD_WEBHOOK_SECRET } : null;
}

/** An attempt's outcome: delivered (2xx), or why not, in words fit for a log (no body, no URL). */
export type AttemptOutcome = { delivered: true; status: number } | { delivered: false; error: string; status: number | null };

/** Sends one event to `target`; never rejects. */
export type PostEvent = (row: Pick<WebhookEventTable, 'id' | 'payload'>) => Promise<AttemptOutcome>;

/** The attempt function for `target`, each request cut off after `timeoutMs`. */
export function eventPoster(target: WebhookTarget, timeoutMs: number): PostEvent {
  const signer = new Webhook(target.secret);
  return async (row) => {
    const now = new Date();
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Helena-Webhooks/1',
          'webhook-id': row.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signer.sign(row.id, now, row.payload),
        },
        body: row.payload,
      });
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) return { delivered: true, status: res.status };
      return { delivered: false, error: `HTTP ${res.status}`, status: res.status };
    } catch (err) {
      return { delivered: false, error: failureOf(err), status: null };
    }
  };
}

/** 'timeout', or 'network: <code or message>'. */
function failureOf(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return `network: ${e?.cause?.code ?? e?.cause?.message ?? e?.message ?? textOf(err)}`.slice(0, 300);
}
