/** What class-validator's `IsNotEmpty` refuses: nothing, null, or a blank string. */
export declare const isMissing: (v: unknown) => boolean;
/**
 * Checks `body` against the required fields of `METHOD /path` (path with `:param` segments).
 * Throws a platform 400 listing every problem, like the platform's validation pipe.
 */
export declare function checkRequired(routeKey: string, body: unknown, extraRequired?: string[]): void;
