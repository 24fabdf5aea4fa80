/**
 * daily-js 0.87's one-instance rule, for test doubles: a page may hold one registered call object.
 * Creating another while one is registered throws 'Duplicate DailyIframe instances are not
 * allowed' (unless created with `allowMultipleCallInstances: true`), and an instance leaves the
 * registry only when its `destroy()` has finished, `leave()` included. `createFakeCallObject`
 * keeps it natively; `enforceOneCallObject` puts it in front of any other `createCallObject`
 * (such as `createSimulatedCallObject`).
 */
import type { CreateCallObject } from '@helena/sdk/web';
/** daily-js 0.87's message when a call object is created while another one is registered. */
export declare const DUPLICATE_INSTANCE_MESSAGE = "Duplicate DailyIframe instances are not allowed";
/** The call objects alive on one page (daily keeps them on `window`). */
export declare class CallObjectRegistry {
    #private;
    /** Creations refused because another instance was registered. */
    duplicateErrors: number;
    /** Instances created and not yet fully destroyed. */
    get size(): number;
    /** Throws daily's error when another instance is registered (and multiples are not allowed). */
    check(allowMultiple: boolean): void;
    register(instance: object): void;
    unregister(instance: object): void;
}
/** The registry of fakes made by `createFakeCallObject()` without one of their own: the page. */
export declare const defaultCallObjectRegistry: CallObjectRegistry;
/** A `createCallObject` that keeps daily's one-instance rule, and the registry it keeps it in. */
export interface OneCallObjectFactory extends CreateCallObject {
    readonly registry: CallObjectRegistry;
}
/**
 * Wraps `create` so it behaves like daily-js about instances: it throws while another call object
 * made through the same registry is registered, and unregisters one when its `destroy()` settles.
 */
export declare function enforceOneCallObject(create: CreateCallObject, registry?: CallObjectRegistry): OneCallObjectFactory;
