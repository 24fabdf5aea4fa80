// A tiny event emitter for the simulated call object. Not node:events: this module ships to
// browsers. Like daily-js, a handler that throws does not stop the other handlers or the caller.

import type { CallObjectLike } from '@helena/sdk/web';

/** A listener as `CallObjectLike.on` takes it (one loose signature for every daily event). */
type Handler = Parameters<CallObjectLike['on']>[1];

interface Entry {
  fn: Handler;
  once: boolean;
}

export class TinyEmitter {
  private readonly handlers = new Map<string, Entry[]>();

  on(event: string, fn: Handler, once = false): void {
    const list = this.handlers.get(event) ?? [];
    list.push({ fn, once });
    this.handlers.set(event, list);
  }

  off(event: string, fn: Handler): void {
    const list = this.handlers.get(event);
    if (!list) return;
    const i = list.findIndex((e) => e.fn === fn);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.handlers.delete(event);
  }

  emit(event: string, payload?: unknown): void {
    const list = this.handlers.get(event);
    if (!list) return;
    for (const entry of [...list]) {
      if (entry.once) this.off(event, entry.fn);
      try {
        entry.fn(payload);
      } catch (error) {
        console.error(`[simulated call object] a '${event}' handler threw`, error);
      }
    }
  }

  count(event: string): number {
    return this.handlers.get(event)?.length ?? 0;
  }

  clear(): void {
    this.handlers.clear();
  }
}
