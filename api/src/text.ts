/**
 * A value as text: strings as they are, numbers, booleans and bigints printed, anything else as
 * JSON. Never "[object Object]", which says nothing in a log, a mail or an error.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}
