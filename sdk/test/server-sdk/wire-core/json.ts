// Stands in for the official SDK's `src/core/json` in its mock server (see
// sdk/scripts/server-sdk-wire.mjs): JSON text to and from values, as JSON.stringify and JSON.parse.

/** A value as JSON text. */
export const toJson = (value: unknown, replacer?: (this: unknown, key: string, value: unknown) => unknown, space?: string | number): string =>
  JSON.stringify(value, replacer, space);

/** JSON text as a value. */
export const fromJson = <T = unknown>(text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown): T => JSON.parse(text, reviver) as T;
