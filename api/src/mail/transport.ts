// Sending one outbox row through the real `postmark` client, and sorting its failures into
// "try again later" and "give up".
import postmark from 'postmark';
import type { OutboxTable } from '../db/schema';
import { textOf } from '@helena/contract';
import type { MailHeader } from '../privacy/links';

export interface SendOutcome {
  messageId: string;
}

export class SendError extends Error {
  constructor(
    message: string,
    /** Worth another attempt (network, timeout, 401, 429, 5xx). */
    readonly retryable: boolean,
    readonly statusCode: number,
    readonly errorCode: number,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface MailTransport {
  send(row: OutboxTable): Promise<SendOutcome>;
}

export interface PostmarkTransportOptions {
  token: string;
  /** API base, e.g. http://127.0.0.1:3000/dev/postmark for the local sink; default Postmark's. */
  apiUrl?: string;
  timeoutMs: number;
}

/** Postmark's ServerClient wants a scheme flag and a host (which may carry a path prefix). */
export function postmarkClientOptions(apiUrl: string | undefined, timeoutMs: number) {
  const timeout = timeoutMs / 1000;
  if (!apiUrl) return { timeout };
  const u = new URL(apiUrl);
  return {
    useHttps: u.protocol === 'https:',
    requestHost: (u.host + u.pathname).replace(/\/+$/, ''),
    timeout,
  };
}

/** Network errors, timeouts, 401 (our configuration: fixable), 429 and 5xx are retried; other 4xx are not. */
export function classify(err: unknown): SendError {
  const e = err as { message?: string; statusCode?: number; code?: number };
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 0;
  const code = typeof e?.code === 'number' ? e.code : 0;
  const message = (typeof e?.message === 'string' ? e.message : textOf(err ?? 'unknown error')).slice(0, 1000);
  const retryable = status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
  return new SendError(message, retryable, status, code);
}

export function createPostmarkTransport(opts: PostmarkTransportOptions): MailTransport {
  const client = new postmark.ServerClient(opts.token, postmarkClientOptions(opts.apiUrl, opts.timeoutMs));
  return {
    async send(row) {
      const headers = row.headers ? (JSON.parse(row.headers) as MailHeader[]) : [];
      const attachments = row.attachments
        ? (JSON.parse(row.attachments) as { filename: string; content: string; contentType: string }[])
        : undefined;
      try {
        const res = await client.sendEmail({
          From: row.from_email,
          To: row.to_email,
          ReplyTo: row.reply_to ?? undefined,
          Subject: row.subject,
          HtmlBody: row.html,
          TextBody: row.text ?? undefined,
          MessageStream: 'outbound',
          TrackOpens: false,
          Headers: [{ Name: 'X-Helena-Outbox-Id', Value: row.id }, ...headers],
          Metadata: { outbox_id: row.id, kind: row.kind },
          Attachments: attachments?.map((a) => ({
            Name: a.filename,
            Content: a.content.replace(/\s+/g, ''),
            ContentType: a.contentType,
            ContentID: null,
          })),
        });
        if (res.ErrorCode && res.ErrorCode !== 0) throw Object.assign(new Error(res.Message), { statusCode: 422, code: res.ErrorCode });
        return { messageId: res.MessageID };
      } catch (err) {
        throw classify(err);
      }
    },
  };
}
