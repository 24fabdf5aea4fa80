import { type RouteDef } from './context';
/** `POST /assistant/:id` → `POST /assistant/:`, the key of the generated tables. */
export declare const routeKey: (method: string, path: string) => string;
/**
 * The class-validator messages the platform answers for top-level properties of the wrong type
 * (`name must be a string`, `provider must be one of the following values: a, b`).
 */
export declare function typeProblems(key: string, body: unknown): string[];
/** Fills the entity of an answer: the object itself, a page's `results`, or an array's items. */
export declare function completeAnswer(key: string, body: unknown): unknown;
/** Static segments before parameters, position by position; then more segments first. */
export declare function bySpecificity(a: RouteDef, b: RouteDef): number;
/** The platform routes as the app registers them: conforming, completed from the document, most specific first. */
export declare function conformingRoutes(routes: RouteDef[]): RouteDef[];
