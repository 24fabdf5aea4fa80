/**
 * A value as text: strings as they are, numbers, booleans and bigints printed, nothing (undefined
 * or null) as '', anything else as JSON. Never "[object Object]", which says nothing in a log, a
 * mail, a page or an error. Shared by the server and the platform simulator.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined || value === null) return '';
  return JSON.stringify(value) ?? '';
}
