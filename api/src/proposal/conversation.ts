// Whether a proposal is about a real conversation: the platform (or the simulator in demo mode)
// knows the call, it ran on our assistant, and it began recently. A visitor who never talked to
// the assistant cannot make the server mail anyone.
import { summaryFromPlatformCall, summaryFromPlatformSession, type PlatformCallsClient, type PlatformClientSource } from '../mail/summary';
import { conversationOf, NO_WORDS, visitorWordsOf, type ConversationTurn, type VisitorWords } from './visitor-words';

/**
 * What the conversation was: a voice call (whose end-of-call report may still come), a text chat
 * (no report ever comes), or unknown when there is no platform to ask.
 */
export type ConversationKind = 'call' | 'chat' | 'unknown';

/** With an accepted conversation come its summary, what the visitor said in it, and its turns. */
export type ConversationVerdict =
  | { ok: true; kind: ConversationKind; summary: string | null; words: VisitorWords; turns: ConversationTurn[] }
  | { ok: false; reason: string };

export interface Conversations {
  /**
   * Checks the platform's conversation `vapiId` (a call id, or a chat's session id); with it
   * comes the summary the proposal shows.
   */
  verify(vapiId: string): Promise<ConversationVerdict>;
}

/** No platform configured: nothing to ask, so no summary either (the token check still holds). */
export const unverifiedConversations: Conversations = { verify: () => Promise.resolve({ ok: true, kind: 'unknown', summary: null, words: NO_WORDS, turns: [] }) };

export interface PlatformConversationOptions {
  client: PlatformClientSource;
  /** The configured assistant; when set, the call must have run on it. */
  assistantId?: string;
  /** How long ago the call may have begun. */
  maxAgeMs: number;
  /** The assistant's name, as a chat's quoted summary introduces it. */
  assistantName?: string;
  timeoutMs?: number;
  now?: () => number;
}

const startOf = (call: Record<string, unknown>): number => {
  for (const key of ['startedAt', 'createdAt']) {
    const t = typeof call[key] === 'string' ? Date.parse(call[key]) : NaN;
    if (Number.isFinite(t)) return t;
  }
  return NaN;
};

const isNotFound = (err: unknown): boolean => (err as { status?: unknown } | null)?.status === 404;

/**
 * Asks the platform through @helena/sdk: the call with that id, else the chat session. A platform
 * that fails or does not answer is a refusal.
 */
export function platformConversations(opts: PlatformConversationOptions): Conversations {
  let clientPromise: Promise<PlatformCallsClient | null> | undefined;
  const getClient = () => (clientPromise ??= typeof opts.client === 'function' ? opts.client() : Promise.resolve(opts.client));
  const now = opts.now ?? Date.now;

  /** One lookup under the timeout; undefined when the platform has no such record. */
  async function lookup(get: (signal: AbortSignal) => Promise<unknown>): Promise<Record<string, unknown> | undefined> {
    const signal = AbortSignal.timeout(opts.timeoutMs ?? 5000);
    let found: unknown;
    try {
      found = await Promise.race([get(signal), new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('platform timed out'))))]);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    return found && typeof found === 'object' ? (found as Record<string, unknown>) : undefined;
  }

  /** The checks both kinds share: our assistant, and recent enough. */
  function refusal(record: Record<string, unknown>, what: string): string | null {
    if (opts.assistantId && record.assistantId !== opts.assistantId) return `${what} ran on another assistant`;
    const began = startOf(record);
    if (!Number.isFinite(began)) return `${what} has no start time`;
    if (now() - began > opts.maxAgeMs) return `${what} began too long ago`;
    return null;
  }

  return {
    async verify(vapiId) {
      const client = await getClient();
      if (!client) return { ok: false, reason: 'platform client unavailable' };
      try {
        const call = await lookup((signal) => client.calls.get(vapiId, { signal }));
        if (call) {
          const refused = refusal(call, 'call');
          return refused ? { ok: false, reason: refused } : { ok: true, kind: 'call', summary: summaryFromPlatformCall(call), words: visitorWordsOf(call), turns: conversationOf(call) };
        }
        const session = await lookup((signal) => client.sessions.get(vapiId, { signal }));
        if (!session) return { ok: false, reason: 'platform has no such call or chat' };
        const refused = refusal(session, 'chat');
        return refused ? { ok: false, reason: refused } : { ok: true, kind: 'chat', summary: summaryFromPlatformSession(session, opts.assistantName ?? 'Helena'), words: visitorWordsOf(session), turns: conversationOf(session) };
      } catch (err) {
        return { ok: false, reason: `platform lookup failed: ${String((err as Error)?.message ?? err)}` };
      }
    },
  };
}
