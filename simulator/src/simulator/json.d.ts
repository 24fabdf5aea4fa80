/** A JSON object as the simulator reads it: any field may hold anything, and is checked where used. */
export type Json = Record<string, unknown>;
/** Whether `v` is a JSON object (not an array, not null). */
export declare const isJson: (v: unknown) => v is Json;
/** `v` when it is a JSON object, else an empty one: for reading optional nested fields. */
export declare const asJson: (v: unknown) => Json;
/** `v` when it is a string, else undefined. */
export declare const asString: (v: unknown) => string | undefined;
/** `v` as text: strings as they are, other values as JSON, nothing as ''. */
export declare function textOf(v: unknown): string;
/** `v` when it is an array, its items read as JSON objects; else an empty list. */
export declare const list: (v: unknown) => Json[];
