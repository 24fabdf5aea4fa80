export declare const DEFAULT_INPUT: string;
export declare const DEFAULT_OUTPUT: string;
/** Rewrites `type: "object"` schemas that list string `enum` values to `type: "string"`; returns the pointers changed. */
export declare function normaliseEnumTypes(doc: unknown): string[];
