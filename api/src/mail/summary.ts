// The conversation summary a proposal shows, read from the platform's call record (or the
// simulator's, in demo mode) through @helena/sdk. Never from a field the browser sent: that one
// is stored, but anyone could have typed it.

import { visitorText } from './visitor-text';

type GetById = { get(id: string, opts?: { signal?: AbortSignal }): Promise<unknown> };

/** The slice of @helena/sdk's platform client the lead server uses: a voice call's record, or a text chat's session. */
export interface PlatformCallsClient {
  calls: GetById;
  sessions: GetById;
}

/** A platform client, or a function that builds one on first use. */
export type PlatformClientSource = PlatformCallsClient | (() => Promise<PlatformCallsClient | null>);

const MAX = 4000;
const clip = (s: string) => (s.length > MAX ? s.slice(0, MAX - 1) + '…' : s);

/**
 * A summary as mail may show it. It is written from what the visitor said, and the mail goes to
 * an address the visitor chose: so, as with the form's fields, nothing in it may become a link,
 * and no control or reordering characters pass. Line breaks (paragraphs) stay.
 */
export function mailableSummary(text: string): string | null {
  const lines = text.split(/\r?\n/).map((line) => visitorText(line, MAX) ?? '');
  const kept = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return kept ? clip(kept) : null;
}

/** The summary of a platform call record: `analysis.summary`, else `summary`. */
export function summaryFromPlatformCall(call: unknown): string | null {
  if (!call || typeof call !== 'object') return null;
  const c = call as { summary?: unknown; analysis?: { summary?: unknown } };
  const s = c.analysis?.summary ?? c.summary;
  return typeof s === 'string' && s.trim() ? mailableSummary(s.trim()) : null;
}

/** Longest visitor message quoted from a chat. */
const CHAT_QUOTE_MAX = 200;

/**
 * A text chat has no summary on the platform: the visitor's own messages (`role: 'user'`) are
 * quoted instead, each cleaned as mail requires, so the proposal still shows what they asked.
 */
export function summaryFromPlatformSession(session: unknown, assistantName: string): string | null {
  const messages = (session as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return null;
  const said = messages
    .filter((m): m is { role: string; message?: unknown; content?: unknown } => !!m && typeof m === 'object' && (m as { role?: unknown }).role === 'user')
    .map((m) => (typeof m.message === 'string' ? m.message : typeof m.content === 'string' ? m.content : ''))
    .map((text) => visitorText(text, CHAT_QUOTE_MAX))
    .filter((text): text is string => !!text);
  if (!said.length) return null;
  return clip(`Conversación por chat con ${assistantName}. El visitante escribió: ${said.map((t) => `«${t}»`).join(', ')}.`);
}

/**
 * createPlatformClient from @helena/sdk, loaded lazily (by package name) the first time it is
 * needed, so the server starts without the SDK built and without a platform key.
 */
export function sdkPlatformClient(token: string, baseUrl?: string, timeoutMs = 3000): () => Promise<PlatformCallsClient | null> {
  return async () => {
    const { createPlatformClient } = await import('@helena/sdk');
    if (typeof createPlatformClient !== 'function') return null;
    return createPlatformClient({ token, ...(baseUrl ? { baseUrl } : {}), timeout: timeoutMs, retry: 1 });
  };
}
