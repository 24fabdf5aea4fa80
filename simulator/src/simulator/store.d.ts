export type Entity = {
    id: string;
    orgId: string;
    createdAt: string;
    updatedAt: string;
    [key: string]: unknown;
};
export type Query = Record<string, string | string[] | undefined>;
/**
 * How much one collection may hold: at most `maxPerCollection` entities, none stored longer than
 * `maxAgeMs`; the oldest go first. Pinned entities (the seed) stay. A simulator that anyone can
 * reach (a demo server) must not grow with every visitor.
 */
export interface StoreBounds {
    maxPerCollection: number;
    maxAgeMs: number;
    /** Told of every entity the bounds removed (to free what hangs off it: rooms, dialogues). */
    onEvict?: (collection: string, id: string) => void;
}
export declare const uuid: () => string;
export declare class MemoryStore {
    readonly orgId: string;
    private readonly bounds?;
    private readonly collections;
    /** When each entity was stored (wall clock, in insertion order): what the age bound reads. */
    private readonly storedAt;
    private readonly pinned;
    private lastTime;
    constructor(orgId?: string, bounds?: StoreBounds | undefined);
    /** Keeps `id` whatever the bounds say (seeded entities). */
    pin(id: string): void;
    /** Applies the bounds to every collection now (a timer calls it, so idle memory is freed too). */
    sweep(): void;
    private prune;
    /** An ISO timestamp, strictly later than every one handed out before (so filters are exact). */
    now(): string;
    private collection;
    /** Stores `entity` under its id and answers a copy of what was stored. */
    private put;
    insert(name: string, data: Record<string, unknown>): Entity;
    get(name: string, id: string): Entity | undefined;
    has(name: string, id: string): boolean;
    /** PATCH: a top-level merge (a nested object in the body replaces the stored one), like the platform. */
    update(name: string, id: string, patch: Record<string, unknown>): Entity | undefined;
    /** PUT: the body replaces everything but the identity and creation fields. */
    replace(name: string, id: string, body: Record<string, unknown>): Entity | undefined;
    delete(name: string, id: string): Entity | undefined;
    /** Every entity of a collection, newest first, filtered by the platform's list query. */
    filter(name: string, query?: Query): Entity[];
    /**
     * The platform's bare-array list: newest first, `limit` (default 100, at most 1000) from `page`
     * (default 1), which the document's newer bare-array lists take.
     */
    list(name: string, query?: Query): Entity[];
    /** The platform's paginated list: `{results, metadata}`, `page` from 1. */
    page(name: string, query?: Query): {
        results: Entity[];
        metadata: Record<string, unknown>;
    };
    size(name: string): number;
    clear(): void;
}
