import type { SerializedError } from './events';

/**
 * Reduces anything thrown to plain, enumerable fields so it survives `JSON.stringify`
 * (an `Error`'s message, name and stack are not enumerable). Same fields as `@vapi-ai/web`.
 */
export function serializeError(error: unknown): SerializedError {
  if (error === null || error === undefined) return { message: 'Unknown error (null or undefined)' };
  if (error instanceof Error) {
    const out: SerializedError = { message: error.message, name: error.name, stack: error.stack };
    const extra = error as Error & Record<string, unknown>;
    if (extra.code !== undefined) out.code = extra.code;
    // Stringified whatever it is, as `@vapi-ai/web` does.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    if (extra.cause !== undefined) out.cause = String(extra.cause);
    if (extra.reason !== undefined) out.reason = extra.reason;
    if (extra.details !== undefined) out.details = extra.details;
    if (extra.errorMsg !== undefined) out.errorMsg = extra.errorMsg;
    if (typeof extra.error === 'string') out.errorDetail = extra.error;
    return out;
  }
  if (typeof error === 'string') return { message: error };
  if (typeof error === 'object') {
    const obj = error as Record<string, unknown>;
    // A falsy `message` falls through to `error`, then to the whole object, as `@vapi-ai/web` does.
    const message = (obj.message || obj.error || JSON.stringify(error)) as string;
    return { message, ...obj };
  }
  // Only primitives and functions are left here; a function reads as its source, as in `@vapi-ai/web`.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return { message: String(error) };
}
