import type { CallObjectLike } from '@helena/sdk/web';
/** A listener as `CallObjectLike.on` takes it (one loose signature for every daily event). */
type Handler = Parameters<CallObjectLike['on']>[1];
export declare class TinyEmitter {
    private readonly handlers;
    on(event: string, fn: Handler, once?: boolean): void;
    off(event: string, fn: Handler): void;
    emit(event: string, payload?: unknown): void;
    count(event: string): number;
    clear(): void;
}
export {};
