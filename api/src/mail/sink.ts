// A Postmark-compatible sink: the real `postmark` client talks to it when there is no
// POSTMARK_SERVER_TOKEN, and in tests. Same request, response and error shapes as Postmark's
// /email and /email/batch. Faults are triggered by the recipient's local part:
//
//   fail-503@…        503, always              fail-500@…    500 {ErrorCode: 0}
//   fail-429@…        429 {ErrorCode: 429}      inactive@…    422 {ErrorCode: 406} inactive recipient
//   invalid@…         422 {ErrorCode: 300}      slow@… / slow-<ms>@…  answers after a delay (default 3 s)
//   flaky-<n>@…       503 for the first n attempts of a message (same To + Subject), then OK
//   slowonce-<ms>@…   the first attempt of a message answers (and is delivered) after <ms>; later ones at once
//
// A missing or wrong X-Postmark-Server-Token is 401 {ErrorCode: 10}; `Headers` in any shape but
// Postmark's [{Name, Value}] (or with a line break) is 422 {ErrorCode: 300}, and so is a `ReplyTo`
// that is not a comma-separated list of addresses.
import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { html } from '../html/escape';
import { textOf } from '@helena/contract';

export interface SinkMessage {
  id: string;
  from: string;
  to: string;
  /** Postmark's ReplyTo as sent ('' when absent). */
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  receivedAt: string;
  headers: { Name: string; Value: string }[];
  metadata: Record<string, string>;
  attachments: { Name: string; ContentType: string; size: number }[];
}

export interface PostmarkSinkOptions {
  /** The server token the sink accepts. */
  token: string;
  /** Delay for slow@… (ms). */
  slowMs?: number;
  /** Keep at most this many messages (oldest dropped). */
  maxMessages?: number;
}

export interface PostmarkSink {
  /** POST /email, POST /email/batch (mount it where the client's requestHost points). */
  api: Hono;
  /** GET /mail (HTML) and GET /mail.json. */
  inbox: Hono;
  messages: SinkMessage[];
  /** Every request the sink answered, newest last: { to, status }. */
  requests: { to: string; subject: string; status: number; at: string }[];
  clear(): void;
}

const EMAIL_RE = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

function addressOf(v: string): string {
  return (/<([^>]+)>/.exec(v)?.[1] ?? v).trim();
}

/**
 * Postmark's `Headers`: absent, or a list of `{Name, Value}` strings (a header name is a token; no
 * line breaks anywhere, which would smuggle in other headers). Answers the list, or null when the
 * shape is one Postmark refuses.
 */
function headersOf(value: unknown): { Name: string; Value: string }[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const ok = value.every(
    (h) =>
      !!h &&
      typeof h === 'object' &&
      typeof (h as Record<string, unknown>).Name === 'string' &&
      typeof (h as Record<string, unknown>).Value === 'string' &&
      /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test((h as { Name: string }).Name) &&
      !/[\r\n]/.test((h as { Value: string }).Value),
  );
  return ok ? (value as { Name: string; Value: string }[]) : null;
}

type Result = { status: number; body: Record<string, unknown>; message?: SinkMessage; delayMs?: number };

/**
 * The inbox's frames may open a link in a new tab, as a mail client does, and nothing more: the
 * tab opened leaves the sandbox (it is the linked page, under its own policy), the message itself
 * still runs no script and has an opaque origin.
 */
const FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** The inbox's own styles (served at mail.css under its strict CSP): nothing is wider than a phone. */
const INBOX_CSS = `*{box-sizing:border-box}
body{margin:0;background:#f6f7fb;color:#1f2d3d;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 12px}
h1{font-size:24px;margin:0 0 8px}
h2{font-size:18px;margin:0 0 8px}
p,h2{overflow-wrap:anywhere}
article{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:16px 12px;margin:16px 0}
.mail-frame{display:block;width:100%;height:520px;border:1px solid #e5e7eb;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px}
`;

/**
 * What the inbox adds to a message's head, as a mail client does: links open in a new tab, and a
 * long unbroken word (a URL) may wrap, so that the message fits a phone's width.
 */
export const INBOX_MESSAGE_HEAD = '<base target="_blank"><style>body{overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>';

/** A message's HTML as the inbox shows it: INBOX_MESSAGE_HEAD at the top of its head. */
function asShownInInbox(body: string): string {
  const head = /<head\b[^>]*>/i.exec(body);
  if (head) return body.slice(0, head.index + head[0].length) + INBOX_MESSAGE_HEAD + body.slice(head.index + head[0].length);
  // No head: before the content, after a doctype (one before it would switch to quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(body);
  return doctype ? doctype[0] + INBOX_MESSAGE_HEAD + body.slice(doctype[0].length) : INBOX_MESSAGE_HEAD + body;
}

export function createPostmarkSink(opts: PostmarkSinkOptions): PostmarkSink {
  const messages: SinkMessage[] = [];
  const requests: PostmarkSink['requests'] = [];
  const attemptsByKey = new Map<string, number>();
  const maxMessages = opts.maxMessages ?? 500;

  function handle(m: Record<string, unknown>): Result {
    const to = typeof m.To === 'string' ? m.To : '';
    const from = typeof m.From === 'string' ? m.From : '';
    const subject = typeof m.Subject === 'string' ? m.Subject : '';
    const htmlBody = typeof m.HtmlBody === 'string' ? m.HtmlBody : '';
    const textBody = typeof m.TextBody === 'string' ? m.TextBody : '';
    const err = (status: number, code: number, message: string): Result => ({ status, body: { ErrorCode: code, Message: message } });

    const recipients = to.split(',').map((s) => addressOf(s)).filter(Boolean);
    if (!recipients.length) return err(422, 300, "Invalid 'To' address: ''.");
    if (!from || !EMAIL_RE.test(addressOf(from))) return err(422, 300, "Invalid 'From' address: '" + from + "'.");
    for (const r of recipients) if (!EMAIL_RE.test(r)) return err(422, 300, `Invalid 'To' address: '${r}'.`);
    if (!htmlBody && !textBody) return err(422, 300, 'Provide either email TextBody or HtmlBody or both.');
    const replyTo = m.ReplyTo === undefined || m.ReplyTo === null ? '' : m.ReplyTo;
    if (typeof replyTo !== 'string') return err(422, 300, "Invalid 'ReplyTo' address: a string of comma-separated addresses.");
    for (const r of replyTo.split(',').map((s) => addressOf(s)).filter(Boolean)) {
      if (!EMAIL_RE.test(r)) return err(422, 300, `Invalid 'ReplyTo' address: '${r}'.`);
    }
    const headers = headersOf(m.Headers);
    if (!headers) return err(422, 300, "Invalid 'Headers': a list of {\"Name\": string, \"Value\": string} without line breaks.");

    const [first = ''] = recipients;
    const local = (first.split('@')[0] ?? '').toLowerCase();
    if (local === 'fail-503') return { status: 503, body: { ErrorCode: 0, Message: 'Service Unavailable' } };
    if (local === 'fail-500') return err(500, 0, 'Internal Server Error');
    if (local === 'fail-429') return err(429, 429, 'Rate limit exceeded.');
    if (local === 'invalid') return err(422, 300, `Invalid 'To' address: '${recipients[0]}'.`);
    if (local === 'inactive')
      return err(
        422,
        406,
        `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${recipients[0]}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
      );
    const flaky = /^flaky-(\d+)$/.exec(local);
    if (flaky) {
      const key = `${to}\n${subject}`;
      const n = (attemptsByKey.get(key) ?? 0) + 1;
      attemptsByKey.set(key, n);
      if (n <= Number(flaky[1])) return { status: 503, body: { ErrorCode: 0, Message: 'Service Unavailable' } };
    }
    const slow = /^slow(?:-(\d+))?$/.exec(local);
    let delayMs = slow ? Number(slow[1] ?? opts.slowMs ?? 3000) : 0;
    const slowOnce = /^slowonce-(\d+)$/.exec(local);
    if (slowOnce) {
      const key = `slowonce\n${to}\n${subject}`;
      const n = (attemptsByKey.get(key) ?? 0) + 1;
      attemptsByKey.set(key, n);
      if (n === 1) delayMs = Number(slowOnce[1]);
    }

    const id = randomUUID();
    const receivedAt = new Date().toISOString();
    const message: SinkMessage = {
      id,
      from,
      to,
      replyTo,
      subject,
      html: htmlBody,
      text: textBody,
      receivedAt,
      headers,
      metadata: m.Metadata && typeof m.Metadata === 'object' ? (m.Metadata as Record<string, string>) : {},
      attachments: Array.isArray(m.Attachments)
        ? (m.Attachments as { Name: string; ContentType: string; Content: string }[]).map((a) => ({
            Name: a.Name,
            ContentType: a.ContentType,
            size: typeof a.Content === 'string' ? Buffer.from(a.Content, 'base64').length : 0,
          }))
        : [],
    };
    return { status: 200, body: { To: to, SubmittedAt: receivedAt, MessageID: id, ErrorCode: 0, Message: 'OK' }, message, delayMs };
  }

  function accept(r: Result, to: string, subject: string) {
    requests.push({ to, subject, status: r.status, at: new Date().toISOString() });
    if (requests.length > maxMessages * 4) requests.splice(0, requests.length - maxMessages * 4);
    if (r.message) {
      messages.push(r.message);
      if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages);
    }
  }

  const api = new Hono();
  // Per route (not use('*')), so the sink can be mounted at '/' beside other routes.
  const auth: MiddlewareHandler = async (c, next) => {
    if (c.req.header('x-postmark-server-token') !== opts.token)
      return c.json({ ErrorCode: 10, Message: 'Request does not contain a valid Server token.' }, 401);
    await next();
  };
  // unknown, not any: which lib types `Request` depends on what else the program includes.
  const readJson = async (req: Request): Promise<unknown> => {
    try {
      return await req.json();
    } catch {
      return undefined;
    }
  };
  api.post('/email', auth, async (c) => {
    const body = await readJson(c.req.raw);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return c.json({ ErrorCode: 402, Message: 'Received invalid JSON input.' }, 422);
    const r = handle(body as Record<string, unknown>);
    if (r.delayMs) await new Promise((res) => setTimeout(res, r.delayMs));
    const message = body as Record<string, unknown>;
    accept(r, textOf(message.To), textOf(message.Subject));
    return c.json(r.body, r.status as 200);
  });
  api.post('/email/batch', auth, async (c) => {
    const body = await readJson(c.req.raw);
    if (!Array.isArray(body)) return c.json({ ErrorCode: 402, Message: 'Received invalid JSON input.' }, 422);
    if (body.length > 500) return c.json({ ErrorCode: 300, Message: 'Batch size exceeds 500 messages.' }, 422);
    const results = body.map((m) => (m && typeof m === 'object' ? handle(m as Record<string, unknown>) : handle({})));
    const fatal = results.find((r) => r.status !== 200 && r.status !== 422);
    if (fatal) {
      accept(fatal, '(batch)', '(batch)');
      return c.json(fatal.body, fatal.status as 500);
    }
    const delay = Math.max(0, ...results.map((r) => r.delayMs ?? 0));
    if (delay) await new Promise((res) => setTimeout(res, delay));
    const messages = body as Array<Record<string, unknown> | undefined>;
    results.forEach((r, i) => accept(r, textOf(messages[i]?.To), textOf(messages[i]?.Subject)));
    return c.json(results.map((r) => (r.status === 200 ? r.body : { ErrorCode: r.body.ErrorCode, Message: r.body.Message })));
  });

  const inbox = new Hono();
  inbox.get('/mail.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(
      messages
        .slice()
        .reverse()
        .map(({ id, from, to, subject, html: h, text, receivedAt }) => ({ id, from, to, subject, html: h, text, receivedAt })),
    );
  });
  inbox.get('/mail/:id', (c) => {
    const m = messages.find((x) => x.id === c.req.param('id'));
    if (!m) return c.text('No encontrado', 404);
    // Email HTML keeps its inline styles, and nothing else: no scripts, an opaque origin; its
    // links open in a new tab (inside the frame, the linked page's frame-ancestors would block them).
    return c.body(asShownInInbox(m.html), 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `sandbox ${FRAME_SANDBOX}; default-src 'none'; style-src 'unsafe-inline'; img-src data:`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  });
  inbox.get('/mail.css', (c) => c.body(INBOX_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-store' }));
  inbox.get('/mail', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    // The messages' HTML is shown in sandboxed frames (no scripts, no same-origin), each served
    // from /mail/:id under a CSP sandbox; the rest of the page is escaped text.
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    const list = messages.slice().reverse();
    return c.html(
      html`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Correo local (${list.length})</title>
<link rel="stylesheet" href="mail.css"></head>
<body><main>
<h1>Correo local</h1>
<p>Mensajes que el servidor ha enviado al buzón de pruebas (${list.length}). Sin <code>POSTMARK_SERVER_TOKEN</code> no sale ningún correo real. JSON: <a href="mail.json">mail.json</a></p>
${list.length === 0 ? html`<p>No hay mensajes.</p>` : ''}
${list.map(
  (m) => html`<article id="m-${m.id}">
<h2>${m.subject}</h2>
<p><strong>De:</strong> ${m.from}<br><strong>Para:</strong> ${m.to}<br><strong>Recibido:</strong> ${m.receivedAt}</p>
${m.html ? html`<iframe sandbox="${FRAME_SANDBOX}" title="${m.subject}" src="mail/${m.id}" class="mail-frame"></iframe>` : ''}
<details><summary>Texto</summary><pre>${m.text}</pre></details>
</article>`,
)}
</main></body></html>`.value,
    );
  });

  return {
    api,
    inbox,
    messages,
    requests,
    clear() {
      messages.length = 0;
      requests.length = 0;
      attemptsByKey.clear();
    },
  };
}
