// The daily event surface of a simulated call object: listeners in, events out, each stamped
// with the call object's id as daily stamps them.
import type { CallObjectEvent, CallObjectLike } from '@helena/sdk/web';
import { TypedEmitter } from '@helena/sdk/web';

/** A listener as `CallObjectLike.on` takes it (one loose signature for every daily event). */
type CallObjectListener = Parameters<CallObjectLike['on']>[1];
/** Every daily event takes the same loose listener. */
type DailyEvents = Record<string, CallObjectListener>;

let instances = 0;

/** A random id; in an old browser without `crypto.randomUUID`, a time and a random number. */
export const uuid = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function'
    ? globalThis.crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

/** `on`, `once` and `off` as daily has them; subclasses `emit`. */
export class DailyEventSource {
  protected readonly events = new TypedEmitter<DailyEvents>();
  protected readonly callClientId = `sim-${++instances}-${uuid().slice(0, 8)}`;

  on(event: CallObjectEvent, handler: CallObjectListener): this {
    this.events.on(event, handler);
    return this;
  }
  once(event: CallObjectEvent, handler: CallObjectListener): this {
    this.events.once(event, handler);
    return this;
  }
  off(event: CallObjectEvent, handler: CallObjectListener): this {
    this.events.off(event, handler);
    return this;
  }
  protected emit(action: string, payload: Record<string, unknown> = {}): void {
    this.events.emit(action, { action, ...payload, callClientId: this.callClientId });
  }
}
