/**
 * A small typed event emitter with the parts of Node's `EventEmitter` surface that
 * `@vapi-ai/web` users call (`on`, `once`, `off`, `addListener`, `removeListener`,
 * `removeAllListeners`, `emit`, `listenerCount`, `listeners`, `eventNames`).
 *
 * Two deliberate differences from Node's emitter, both so that a consumer's code can never
 * break the client's own state machine:
 * - `emit('error', …)` with no `error` listener does not throw; the error is logged.
 * - A listener that throws is logged and the remaining listeners still run.
 *
 * It touches no browser or Node global, so importing it is side-effect free.
 */
import { resolveLogger, type WebCallLogger } from './logger';

// A table of listeners of every signature: `unknown[]` would refuse `(volume: number) => void`,
// and `emit` already checks each call against the event map.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

export type EventMapBase = { [event: string]: Listener };

interface Entry {
  listener: Listener;
  /** The function passed to `once`, so `off(event, original)` removes it. */
  original: Listener;
  once: boolean;
}

export class TypedEmitter<Events extends EventMapBase> {
  #listeners = new Map<keyof Events, Entry[]>();

  on<E extends keyof Events>(event: E, listener: Events[E]): this {
    return this.#add(event, listener, false);
  }

  addListener<E extends keyof Events>(event: E, listener: Events[E]): this {
    return this.#add(event, listener, false);
  }

  once<E extends keyof Events>(event: E, listener: Events[E]): this {
    return this.#add(event, listener, true);
  }

  off<E extends keyof Events>(event: E, listener: Events[E]): this {
    return this.removeListener(event, listener);
  }

  removeListener<E extends keyof Events>(event: E, listener: Events[E]): this {
    const entries = this.#listeners.get(event);
    if (!entries) return this;
    // Like Node: removes the most recently added matching registration.
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i]?.original === listener) {
        entries.splice(i, 1);
        break;
      }
    }
    if (entries.length === 0) this.#listeners.delete(event);
    return this;
  }

  removeAllListeners(event?: keyof Events): this {
    if (event === undefined) this.#listeners.clear();
    else this.#listeners.delete(event);
    return this;
  }

  /** Where an unhandled `error` event and a throwing listener are reported. */
  protected logger: WebCallLogger = resolveLogger(undefined);

  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.length ?? 0;
  }

  listeners<E extends keyof Events>(event: E): Events[E][] {
    return (this.#listeners.get(event) ?? []).map((e) => e.original as Events[E]);
  }

  eventNames(): (keyof Events)[] {
    return [...this.#listeners.keys()];
  }

  /** Kept for `EventEmitter` compatibility; there is no listener limit. */
  setMaxListeners(_n: number): this {
    return this;
  }

  emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): boolean {
    const entries = this.#listeners.get(event);
    if (!entries || entries.length === 0) {
      if (event === 'error') {
        this.logger.error('[helena] unhandled web-call error event (add an "error" listener to handle it):', ...args);
      }
      return false;
    }
    for (const entry of [...entries]) {
      if (entry.once) this.#removeEntry(event, entry);
      try {
        entry.listener(...args);
      } catch (error) {
        this.logger.error(`[helena] a "${String(event)}" listener threw:`, error);
      }
    }
    return true;
  }

  #add(event: keyof Events, listener: Listener, once: boolean): this {
    if (typeof listener !== 'function') {
      throw new TypeError(`The "listener" argument must be a function. Received ${typeof listener}`);
    }
    const entries = this.#listeners.get(event) ?? [];
    entries.push({ listener, original: listener, once });
    this.#listeners.set(event, entries);
    return this;
  }

  #removeEntry(event: keyof Events, entry: Entry): void {
    const entries = this.#listeners.get(event);
    if (!entries) return;
    const i = entries.indexOf(entry);
    if (i >= 0) entries.splice(i, 1);
    if (entries.length === 0) this.#listeners.delete(event);
  }
}
