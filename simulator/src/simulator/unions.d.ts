/**
 * The problems of `body`'s discriminated unions for the route `key` (`METHOD /path/:`), in the
 * platform's message style; empty when there is none or the route's body has no union.
 */
export declare function unionProblems(key: string, body: unknown): string[];
