// Whether a proposal is about a real conversation: the platform (or the simulator in demo mode)
// knows the call, it ran on our assistant, and it began recently. A visitor who never talked to
// the assistant cannot make the server mail anyone.
import { summaryFromPlatformCall, type PlatformCallsClient, type PlatformClientSource } from '../mail/summary';

export type ConversationVerdict = { ok: true; summary: string | null } | { ok: false; reason: string };

export interface Conversations {
  /** Checks the platform's call `vapiId`; with it comes the summary the proposal shows. */
  verify(vapiId: string): Promise<ConversationVerdict>;
}

/** No platform configured: nothing to ask, so no summary either (the token check still holds). */
export const unverifiedConversations: Conversations = { verify: async () => ({ ok: true, summary: null }) };

export interface PlatformConversationOptions {
  client: PlatformClientSource;
  /** The configured assistant; when set, the call must have run on it. */
  assistantId?: string;
  /** How long ago the call may have begun. */
  maxAgeMs: number;
  timeoutMs?: number;
  now?: () => number;
}

const startOf = (call: Record<string, unknown>): number => {
  for (const key of ['startedAt', 'createdAt']) {
    const t = typeof call[key] === 'string' ? Date.parse(call[key] as string) : NaN;
    if (Number.isFinite(t)) return t;
  }
  return NaN;
};

/** Asks the platform through @helena/sdk. A platform that fails or does not answer is a refusal. */
export function platformConversations(opts: PlatformConversationOptions): Conversations {
  let clientPromise: Promise<PlatformCallsClient | null> | undefined;
  const getClient = () => (clientPromise ??= typeof opts.client === 'function' ? opts.client() : Promise.resolve(opts.client));
  const now = opts.now ?? Date.now;
  return {
    async verify(vapiId) {
      const client = await getClient();
      if (!client) return { ok: false, reason: 'platform client unavailable' };
      const signal = AbortSignal.timeout(opts.timeoutMs ?? 5000);
      let call: unknown;
      try {
        call = await Promise.race([
          client.calls.get(vapiId, { signal }),
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('platform timed out')))),
        ]);
      } catch (err) {
        return { ok: false, reason: `platform call lookup failed: ${String((err as Error)?.message ?? err)}` };
      }
      if (!call || typeof call !== 'object') return { ok: false, reason: 'platform has no such call' };
      const record = call as Record<string, unknown>;
      if (opts.assistantId && record.assistantId !== opts.assistantId) return { ok: false, reason: 'call ran on another assistant' };
      const began = startOf(record);
      if (!Number.isFinite(began)) return { ok: false, reason: 'call has no start time' };
      if (now() - began > opts.maxAgeMs) return { ok: false, reason: 'call began too long ago' };
      return { ok: true, summary: summaryFromPlatformCall(record) };
    },
  };
}
