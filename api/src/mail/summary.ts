// Where the conversation summary for a proposal comes from. A small interface so the platform
// (through @helena/sdk's calls.get), the simulator in demo mode, or what the widget stored can
// provide it.

export interface SummaryRequest {
  /** The platform's call id (vapi_call.vapi_id), when the call was registered. */
  vapiId: string | null;
  /** call.summary as the widget sent it. */
  callSummary: string | null;
  /** vapi_call.initial_data, parsed. */
  initialData: unknown;
}

export interface SummarySource {
  getSummary(req: SummaryRequest): Promise<string | null>;
}

const MAX = 4000;
const clip = (s: string) => (s.length > MAX ? s.slice(0, MAX - 1) + '…' : s);

/** Built from what the widget stored: call.summary, else a summary-like field of initial_data. */
export function storedSummarySource(): SummarySource {
  return {
    async getSummary({ callSummary, initialData }) {
      if (callSummary && callSummary.trim()) return clip(callSummary.trim());
      if (initialData && typeof initialData === 'object') {
        const d = initialData as Record<string, unknown>;
        for (const key of ['summary', 'resumen', 'analysis_summary']) {
          const v = d[key];
          if (typeof v === 'string' && v.trim()) return clip(v.trim());
        }
        const messages = d.messages ?? d.transcript;
        if (Array.isArray(messages)) {
          const userLines = messages
            .map((m) => (m && typeof m === 'object' ? (m as Record<string, unknown>) : null))
            .filter((m): m is Record<string, unknown> => !!m && m.role === 'user')
            .map((m) => String(m.message ?? m.content ?? m.text ?? '').trim())
            .filter(Boolean);
          if (userLines.length) return clip('Nos contaste: ' + userLines.slice(-5).join(' '));
        }
      }
      return null;
    },
  };
}

/** The minimal slice of @helena/sdk's platform client that the summary needs. */
export interface PlatformCallsClient {
  calls: { get(id: string, opts?: { signal?: AbortSignal }): Promise<unknown> };
}

export function summaryFromPlatformCall(call: unknown): string | null {
  if (!call || typeof call !== 'object') return null;
  const c = call as { summary?: unknown; analysis?: { summary?: unknown } };
  const s = c.analysis?.summary ?? c.summary;
  return typeof s === 'string' && s.trim() ? clip(s.trim()) : null;
}

/**
 * From the platform's call record. `client` is a platform client (createPlatformClient from
 * @helena/sdk, or one pointed at the simulator in demo mode). Falls back when the platform has
 * no summary, fails, or takes longer than timeoutMs.
 */
export function platformSummarySource(opts: {
  client: PlatformCallsClient | (() => Promise<PlatformCallsClient | null>);
  fallback?: SummarySource;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}): SummarySource {
  const fallback = opts.fallback ?? storedSummarySource();
  let clientPromise: Promise<PlatformCallsClient | null> | undefined;
  const getClient = () => (clientPromise ??= typeof opts.client === 'function' ? opts.client() : Promise.resolve(opts.client));
  return {
    async getSummary(req) {
      if (req.vapiId) {
        try {
          const client = await getClient();
          if (client) {
            const signal = AbortSignal.timeout(opts.timeoutMs ?? 3000);
            const call = await Promise.race([
              client.calls.get(req.vapiId, { signal }),
              new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('platform summary timed out')))),
            ]);
            const s = summaryFromPlatformCall(call);
            if (s) return s;
          }
        } catch (err) {
          opts.onError?.(err);
        }
      }
      return fallback.getSummary(req);
    },
  };
}

/**
 * createPlatformClient from @helena/sdk, loaded lazily (by package name) the first time a summary
 * is needed, so the server starts without the SDK built and without a platform key.
 */
export function sdkPlatformClient(token: string, baseUrl?: string, timeoutMs = 3000): () => Promise<PlatformCallsClient | null> {
  return async () => {
    const { createPlatformClient } = await import('@helena/sdk');
    if (typeof createPlatformClient !== 'function') return null;
    return createPlatformClient({ token, ...(baseUrl ? { baseUrl } : {}), timeout: timeoutMs, retry: 1 }) as unknown as PlatformCallsClient;
  };
}
