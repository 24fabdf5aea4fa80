/** Rewrites `type: "object"` schemas that list string `enum` values to `type: "string"`; returns the pointers changed. */
export declare function normaliseEnumTypes(doc: unknown): string[];
/** Drops `oneOf`/`anyOf` branches with an empty `enum`; returns the pointers dropped. */
export declare function dropEmptyEnums(doc: unknown): string[];
/** Unwraps `/…/flags` patterns and removes placeholder patterns; returns the pointers changed. */
export declare function normalisePatterns(doc: unknown): { regexLiterals: string[]; placeholders: string[] };
/** Every repair the platform's document needs, in place; returns what changed, by kind. */
export declare function normaliseDocument(doc: unknown): {
  enumTypes: string[];
  emptyEnums: string[];
  regexLiterals: string[];
  placeholders: string[];
};
