// Reading the JSON the simulator receives: bodies and stored entities are checked where used.
/** A JSON object as the simulator reads it: any field may hold anything, and is checked where used. */
export type Json = Record<string, unknown>;

/** Whether `v` is a JSON object (not an array, not null). */
export const isJson = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** `v` when it is a JSON object, else an empty one: for reading optional nested fields. */
export const asJson = (v: unknown): Json => (isJson(v) ? v : {});

/** `v` when it is a string, else undefined. */
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export { textOf } from '@helena/contract';

/** `v` when it is an array, its items read as JSON objects; else an empty list. */
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(asJson) : []);
