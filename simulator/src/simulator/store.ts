// The simulator's in-memory store: one collection per resource group, entities with platform-like
// ids (UUIDs), `orgId`, `createdAt` and `updatedAt`. Values go in and out as deep copies, so
// nothing outside can change what is stored.
//
// An entity is kept as its JSON text: what every answer sends anyway, and a third of the memory
// of the object graph (a demo server keeps a thousand calls and chats at once). Reading parses a
// fresh copy. Top-level fields set to `undefined` are remembered by name, so an entity reads back
// with the same keys it was given.

import { textOf } from './json';

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

/** Query keys that steer listing rather than filter on a field. */
const CONTROL_KEYS = new Set(['limit', 'page', 'sortOrder', 'sortBy', 'cursor']);
const DATE_FILTER = /^(createdAt|updatedAt)(Gt|Lt|Ge|Le)$/;

export const uuid = (): string => globalThis.crypto.randomUUID();

/** One stored entity: its JSON, and the top-level keys it holds as `undefined` (JSON drops them). */
interface Stored {
  json: string;
  absent?: string[];
}

function freeze(entity: Entity): Stored {
  const absent = Object.keys(entity).filter((k) => entity[k] === undefined);
  return absent.length ? { json: JSON.stringify(entity), absent } : { json: JSON.stringify(entity) };
}

function thaw(stored: Stored): Entity {
  const entity = JSON.parse(stored.json) as Entity;
  for (const k of stored.absent ?? []) entity[k] = undefined;
  return entity;
}

export class MemoryStore {
  private readonly collections = new Map<string, Map<string, Stored>>();
  /** When each entity was stored (wall clock, in insertion order): what the age bound reads. */
  private readonly storedAt = new Map<string, Map<string, number>>();
  private readonly pinned = new Set<string>();
  private lastTime = 0;

  constructor(
    readonly orgId: string = uuid(),
    private readonly bounds?: StoreBounds,
  ) {}

  /** Keeps `id` whatever the bounds say (seeded entities). */
  pin(id: string): void {
    this.pinned.add(id);
  }

  /** Applies the bounds to every collection now (a timer calls it, so idle memory is freed too). */
  sweep(): void {
    for (const name of this.storedAt.keys()) this.prune(name);
  }

  private prune(name: string): void {
    const bounds = this.bounds;
    const times = this.storedAt.get(name);
    const c = this.collections.get(name);
    if (!bounds || !times || !c) return;
    const oldest = Date.now() - bounds.maxAgeMs;
    for (const [id, t] of times) {
      const over = c.size > bounds.maxPerCollection;
      if (!over && t >= oldest) break; // insertion order: everything after is younger
      if (this.pinned.has(id)) continue;
      times.delete(id);
      c.delete(id);
      bounds.onEvict?.(name, id);
    }
  }

  /** An ISO timestamp, strictly later than every one handed out before (so filters are exact). */
  now(): string {
    const t = Math.max(Date.now(), this.lastTime + 1);
    this.lastTime = t;
    return new Date(t).toISOString();
  }

  private collection(name: string): Map<string, Stored> {
    let c = this.collections.get(name);
    if (!c) this.collections.set(name, (c = new Map<string, Stored>()));
    return c;
  }

  /** Stores `entity` under its id and answers a copy of what was stored. */
  private put(name: string, entity: Entity): Entity {
    const stored = freeze(entity);
    this.collection(name).set(entity.id, stored);
    return thaw(stored);
  }

  insert(name: string, data: Record<string, unknown>): Entity {
    const time = this.now();
    const entity: Entity = {
      ...data,
      id: typeof data.id === 'string' && data.id ? data.id : uuid(),
      orgId: typeof data.orgId === 'string' ? data.orgId : this.orgId,
      createdAt: typeof data.createdAt === 'string' ? data.createdAt : time,
      updatedAt: typeof data.updatedAt === 'string' ? data.updatedAt : time,
    };
    const copy = this.put(name, entity);
    let times = this.storedAt.get(name);
    if (!times) this.storedAt.set(name, (times = new Map<string, number>()));
    times.delete(entity.id);
    times.set(entity.id, Date.now());
    this.prune(name);
    return copy;
  }

  get(name: string, id: string): Entity | undefined {
    const e = this.collection(name).get(id);
    return e ? thaw(e) : undefined;
  }

  has(name: string, id: string): boolean {
    return this.collection(name).has(id);
  }

  /** PATCH: a top-level merge (a nested object in the body replaces the stored one), like the platform. */
  update(name: string, id: string, patch: Record<string, unknown>): Entity | undefined {
    const e = this.get(name, id);
    if (!e) return undefined;
    const { id: _id, orgId: _org, createdAt: _created, updatedAt: _updated, ...rest } = patch;
    return this.put(name, { ...e, ...rest, updatedAt: this.now() });
  }

  /** PUT: the body replaces everything but the identity and creation fields. */
  replace(name: string, id: string, body: Record<string, unknown>): Entity | undefined {
    const e = this.get(name, id);
    if (!e) return undefined;
    const { id: _id, orgId: _org, createdAt: _created, updatedAt: _updated, ...rest } = body;
    return this.put(name, { ...rest, id: e.id, orgId: e.orgId, createdAt: e.createdAt, updatedAt: this.now() });
  }

  delete(name: string, id: string): Entity | undefined {
    const c = this.collection(name);
    const e = c.get(id);
    if (!e) return undefined;
    c.delete(id);
    this.storedAt.get(name)?.delete(id);
    return thaw(e);
  }

  /** Every entity of a collection, newest first, filtered by the platform's list query. */
  filter(name: string, query: Query = {}): Entity[] {
    let items = [...this.collection(name).values()].map(thaw);
    for (const [key, raw] of Object.entries(query)) {
      if (raw === undefined || CONTROL_KEYS.has(key)) continue;
      const values = Array.isArray(raw) ? raw : [raw];
      const date = DATE_FILTER.exec(key);
      if (date) {
        const field = date[1] as 'createdAt' | 'updatedAt';
        const bound = Date.parse(values[0] ?? '');
        if (Number.isNaN(bound)) continue;
        const op = date[2];
        items = items.filter((e) => {
          const t = Date.parse(e[field]);
          return op === 'Gt' ? t > bound : op === 'Lt' ? t < bound : op === 'Ge' ? t >= bound : t <= bound;
        });
        continue;
      }
      // `assistantIdAny=a,b` and `idAny=…`: any of the listed values.
      const any = key.endsWith('Any') ? key.slice(0, -3) : undefined;
      const field = any ?? key;
      const accepted = any ? values.flatMap((v) => v.split(',')) : values;
      // Only filter on fields that the stored objects use; unknown keys are ignored, like the platform's extras.
      if (!items.some((e) => field in e)) continue;
      items = items.filter((e) => accepted.includes(textOf(e[field])));
    }
    const sortBy = (typeof query.sortBy === 'string' && query.sortBy) || 'createdAt';
    const asc = query.sortOrder === 'ASC';
    items.sort((a, b) => {
      const x = textOf(a[sortBy]);
      const y = textOf(b[sortBy]);
      return asc ? x.localeCompare(y) : y.localeCompare(x);
    });
    return items;
  }

  /**
   * The platform's bare-array list: newest first, `limit` (default 100, at most 1000) from `page`
   * (default 1), which the document's newer bare-array lists take.
   */
  list(name: string, query: Query = {}): Entity[] {
    const limit = limitOf(query);
    const page = pageOf(query);
    return this.filter(name, query).slice((page - 1) * limit, page * limit);
  }

  /** The platform's paginated list: `{results, metadata}`, `page` from 1. */
  page(name: string, query: Query = {}): { results: Entity[]; metadata: Record<string, unknown> } {
    const all = this.filter(name, query);
    const itemsPerPage = limitOf(query);
    const currentPage = pageOf(query);
    const results = all.slice((currentPage - 1) * itemsPerPage, currentPage * itemsPerPage);
    const totalPages = Math.max(1, Math.ceil(all.length / itemsPerPage));
    return {
      results,
      metadata: {
        itemsPerPage,
        totalItems: all.length,
        currentPage,
        totalPages,
        hasNextPage: currentPage < totalPages,
        sortOrder: query.sortOrder === 'ASC' ? 'ASC' : 'DESC',
      },
    };
  }

  size(name: string): number {
    return this.collection(name).size;
  }

  clear(): void {
    this.collections.clear();
    this.storedAt.clear();
  }
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

const pageOf = (query: Query): number => Math.max(1, Number(first(query.page)) || 1);

function limitOf(query: Query): number {
  const n = Number(first(query.limit));
  if (!Number.isFinite(n) || n <= 0) return 100;
  return Math.min(Math.floor(n), 1000);
}
