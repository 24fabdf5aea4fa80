// The conversation summary a proposal shows, read from the platform's call record (or the
// simulator's, in demo mode) through @helena/sdk. Never from a field the browser sent: that one
// is stored, but anyone could have typed it.

/** The slice of @helena/sdk's platform client the lead server uses. */
export interface PlatformCallsClient {
  calls: { get(id: string, opts?: { signal?: AbortSignal }): Promise<unknown> };
}

/** A platform client, or a function that builds one on first use. */
export type PlatformClientSource = PlatformCallsClient | (() => Promise<PlatformCallsClient | null>);

const MAX = 4000;
const clip = (s: string) => (s.length > MAX ? s.slice(0, MAX - 1) + '…' : s);

/** The summary of a platform call record: `analysis.summary`, else `summary`. */
export function summaryFromPlatformCall(call: unknown): string | null {
  if (!call || typeof call !== 'object') return null;
  const c = call as { summary?: unknown; analysis?: { summary?: unknown } };
  const s = c.analysis?.summary ?? c.summary;
  return typeof s === 'string' && s.trim() ? clip(s.trim()) : null;
}

/**
 * createPlatformClient from @helena/sdk, loaded lazily (by package name) the first time it is
 * needed, so the server starts without the SDK built and without a platform key.
 */
export function sdkPlatformClient(token: string, baseUrl?: string, timeoutMs = 3000): () => Promise<PlatformCallsClient | null> {
  return async () => {
    const { createPlatformClient } = await import('@helena/sdk');
    if (typeof createPlatformClient !== 'function') return null;
    return createPlatformClient({ token, ...(baseUrl ? { baseUrl } : {}), timeout: timeoutMs, retry: 1 }) as unknown as PlatformCallsClient;
  };
}
