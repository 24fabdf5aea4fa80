/**
 * `createFakeCallObject()`: an in-memory, fully scriptable stand-in for a daily-js call object,
 * for unit tests of anything that takes a `createCallObject` (such as `WebCallClient`).
 *
 * - It behaves like daily where that matters: `load()` → 'loading'/'loaded', `startCamera()` →
 *   'started-camera', `join()` → 'joining-meeting'/'joined-meeting', `leave()` and `destroy()`
 *   of a joined call → 'left-meeting', `destroy()` → 'call-instance-destroyed'. Calls after
 *   `destroy()` reject or throw 'Use after destroy'.
 * - `latency` gives each step a cost; `join()` also pays the load and camera costs that were not
 *   paid before, as daily does.
 * - `fire()` fires any daily event; `script()`, `fail()` and `delay()` make any method fail or
 *   take time; `calls`, `callsTo()` and `appMessages` show what was done to it.
 * - It enforces daily-js 0.87's one-instance rule: creating a call object while another is still
 *   registered throws 'Duplicate DailyIframe instances are not allowed' (unless the options say
 *   `allowMultipleCallInstances: true`). An instance leaves the registry only when `destroy()` has
 *   finished its `leave()`, as in daily. Each registry stands for one page (daily's `window`).
 *
 * Nothing here touches a browser global; timers it starts are cleared by `destroy()`.
 */
import type { CreateCallObject, CreateCallObjectOptions } from '@helena/sdk/web';
import { CallObjectRegistry } from './call-object-registry';
import { FakeCallObject, type FakeCallObjectOptions } from './fake/call-object';

export { FakeCallObject, type FakeCallObjectOptions } from './fake/call-object';
export type { FakeCallRecord, FakeLatency, FakeMethodName, FakeMethodScript } from './fake/scripts';
export { createFakeTrack, type FakeTrack } from './fake/track';

/**
 * Creates one fake call object. Same signature as `Daily.createCallObject`, so it can be passed
 * as `createCallObject` directly; pass `fake` options for latency and scripts.
 */
export function createFakeCallObject(options?: CreateCallObjectOptions, fake?: FakeCallObjectOptions): FakeCallObject {
  return new FakeCallObject(options, fake);
}

export interface FakeCallObjectFactory extends CreateCallObject {
  (options?: CreateCallObjectOptions): FakeCallObject;
  /** Every fake created, in order. */
  readonly instances: FakeCallObject[];
  /** The most recently created fake. */
  readonly last: FakeCallObject | undefined;
  /** Runs `setup` on each new fake before it is returned (to script it). */
  onCreate(setup: (fake: FakeCallObject) => void): FakeCallObjectFactory;
  /** Makes the next creation throw `error` (as a failing `Daily.createCallObject` would). */
  failNextCreate(error?: unknown): FakeCallObjectFactory;
  /** The page these fakes share: registered instances and refused duplicate creations. */
  readonly registry: CallObjectRegistry;
}

/**
 * A `createCallObject` that makes fakes with shared options and remembers them. The factory is one
 * page: its fakes share a registry (its own unless `fake.registry` is given), so a second live
 * call object throws as daily-js does.
 */
export function createFakeCallObjectFactory(fake: FakeCallObjectOptions = {}): FakeCallObjectFactory {
  const registry = fake.registry ?? new CallObjectRegistry();
  fake = { ...fake, registry };
  const instances: FakeCallObject[] = [];
  const setups: Array<(f: FakeCallObject) => void> = [];
  let nextError: { error: unknown } | null = null;
  const factory = ((options?: CreateCallObjectOptions) => {
    if (nextError) {
      const { error } = nextError;
      nextError = null;
      throw error;
    }
    const instance = new FakeCallObject(options, fake);
    for (const setup of setups) setup(instance);
    instances.push(instance);
    return instance;
  }) as FakeCallObjectFactory;
  Object.defineProperty(factory, 'instances', { value: instances });
  Object.defineProperty(factory, 'registry', { value: registry });
  Object.defineProperty(factory, 'last', { get: () => instances[instances.length - 1] });
  factory.onCreate = (setup) => {
    setups.push(setup);
    return factory;
  };
  factory.failNextCreate = (error = new Error('createCallObject failed')) => {
    nextError = { error };
    return factory;
  };
  return factory;
}
