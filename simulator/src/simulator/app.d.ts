import { Hono } from 'hono';
import { reply, type RouteDef, type SimulatorState } from './context';
/** One armed fault: the next `remaining` matching requests fail with `status`. */
export interface Fault {
    remaining: number;
    status: number;
    message?: string;
    retryAfter?: number;
    method?: string;
    /** A path suffix ('/call/web') or a pattern tested against the request path. */
    path?: string | RegExp;
}
export interface AppOptions {
    publicKey: string;
    privateKey: string;
    publicUrl?: string;
    latency: () => number;
    faults: Fault[];
    /** The simulator's own test-hook routes (under `/_simulator`). */
    controlRoutes: RouteDef[];
}
/** All routes, in registration order: test hooks, then the platform's, most specific first. */
export declare function allRoutes(controlRoutes: RouteDef[]): RouteDef[];
export declare function buildApp(state: SimulatorState, options: AppOptions): Hono;
export { reply };
