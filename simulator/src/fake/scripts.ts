// How a fake call object is scripted, and what it records of the calls made to it.
import type { CallObjectLike } from '@helena/sdk/web';

/** How a scripted method behaves. Later `script()` calls for the same method replace earlier ones. */
export interface FakeMethodScript {
  /** Milliseconds before the method settles (async methods) — added before its own latency. */
  delay?: number;
  /** Reject (async methods) or throw (sync methods) with this; a function gets the arguments. */
  error?: unknown;
  /** Throw synchronously even from an async method. */
  throwSync?: boolean;
  /** Settle with this value instead of the default behaviour; a function gets the arguments. */
  result?: unknown;
  /** Apply to the next `times` calls only, then fall back to the default behaviour. */
  times?: number;
}

export interface FakeLatency {
  load?: number;
  startCamera?: number;
  /** The join itself; `join()` adds the load and camera costs that were not paid before. */
  join?: number;
  leave?: number;
  destroy?: number;
  updateInputSettings?: number;
}

export type FakeMethodName = Exclude<
  {
    [K in keyof CallObjectLike]: CallObjectLike[K] extends (...args: never[]) => unknown ? K : never;
  }[keyof CallObjectLike],
  'on' | 'off' | 'once'
>;

export interface FakeCallRecord {
  method: string;
  args: unknown[];
  /** `performance.now()`-style milliseconds since the fake was created. */
  at: number;
}

/** The script of `method`, counting down a `times` script (dropped once used up). */
export function takeScript(scripts: Map<string, FakeMethodScript>, method: string): FakeMethodScript | undefined {
  const script = scripts.get(method);
  if (!script) return undefined;
  if (script.times !== undefined) {
    if (script.times <= 1) scripts.delete(method);
    else scripts.set(method, { ...script, times: script.times - 1 });
  }
  return script;
}

/** The error a script fails with (a function gets the call's arguments). */
export function scriptError(script: FakeMethodScript, args: unknown[]): unknown {
  return typeof script.error === 'function' ? (script.error as (...a: unknown[]) => unknown)(...args) : script.error;
}

/** The value a script settles with (a function gets the call's arguments). */
export function scriptResult(script: FakeMethodScript, args: unknown[]): unknown {
  return typeof script.result === 'function' ? (script.result as (...a: unknown[]) => unknown)(...args) : script.result;
}
