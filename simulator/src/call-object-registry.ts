/**
 * daily-js 0.87's one-instance rule, for test doubles: a page may hold one registered call object.
 * Creating another while one is registered throws 'Duplicate DailyIframe instances are not
 * allowed' (unless created with `allowMultipleCallInstances: true`), and an instance leaves the
 * registry only when its `destroy()` has finished, `leave()` included. `createFakeCallObject`
 * keeps it natively; `enforceOneCallObject` puts it in front of any other `createCallObject`
 * (such as `createSimulatedCallObject`).
 */
import type { CallObjectLike, CreateCallObject, CreateCallObjectOptions } from '@helena/sdk/web';

/** daily-js 0.87's message when a call object is created while another one is registered. */
export const DUPLICATE_INSTANCE_MESSAGE = 'Duplicate DailyIframe instances are not allowed';

/** The call objects alive on one page (daily keeps them on `window`). */
export class CallObjectRegistry {
  readonly #live = new Set<object>();
  /** Creations refused because another instance was registered. */
  duplicateErrors = 0;

  /** Instances created and not yet fully destroyed. */
  get size(): number {
    return this.#live.size;
  }

  /** Throws daily's error when another instance is registered (and multiples are not allowed). */
  check(allowMultiple: boolean): void {
    if (this.#live.size > 0 && !allowMultiple) {
      this.duplicateErrors++;
      throw new Error(DUPLICATE_INSTANCE_MESSAGE);
    }
  }

  register(instance: object): void {
    this.#live.add(instance);
  }

  unregister(instance: object): void {
    this.#live.delete(instance);
  }
}

/** The registry of fakes made by `createFakeCallObject()` without one of their own: the page. */
export const defaultCallObjectRegistry = new CallObjectRegistry();

/** A `createCallObject` that keeps daily's one-instance rule, and the registry it keeps it in. */
export interface OneCallObjectFactory extends CreateCallObject {
  readonly registry: CallObjectRegistry;
}

/**
 * Wraps `create` so it behaves like daily-js about instances: it throws while another call object
 * made through the same registry is registered, and unregisters one when its `destroy()` settles.
 */
export function enforceOneCallObject(create: CreateCallObject, registry = new CallObjectRegistry()): OneCallObjectFactory {
  const factory = ((options?: CreateCallObjectOptions) => {
    registry.check(options?.allowMultipleCallInstances === true);
    const call: CallObjectLike = create(options);
    registry.register(call);
    const destroy = call.destroy.bind(call);
    let destroying: Promise<void> | null = null;
    call.destroy = () => {
      destroying ??= destroy().finally(() => registry.unregister(call));
      return destroying;
    };
    return call;
  }) as OneCallObjectFactory;
  Object.defineProperty(factory, 'registry', { value: registry });
  return factory;
}
