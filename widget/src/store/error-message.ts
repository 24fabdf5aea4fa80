/** What a failure says, whichever shape the voice client or the chat gave it. */

/** The message of a voice error payload (`@vapi-ai/web` sends several shapes). */
export function errorMessage(err: unknown): string | undefined {
  if (typeof err === 'string') return err || undefined;
  if (err && typeof err === 'object') {
    const e = err as { error?: unknown; errorMsg?: unknown; message?: unknown };
    const inner = (typeof e.error === 'object' && e.error ? e.error : {}) as { message?: unknown; errorMsg?: unknown; msg?: unknown };
    for (const candidate of [inner.message, inner.errorMsg, inner.msg, e.errorMsg, e.message, e.error]) {
      if (typeof candidate === 'string' && candidate) return candidate;
    }
  }
  return undefined;
}
