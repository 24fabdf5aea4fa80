/**
 * Payloads that survive `structuredClone` and `postMessage`: consumers forward events to workers,
 * iframes and devtools, and one live `MediaStreamTrack`, function or cycle in a payload makes that
 * throw a `DataCloneError`. daily-js hands over participants with their tracks attached, and a
 * caller's `audioSource` can be a track, so every payload is copied through this.
 */

const MAX_DEPTH = 32;

/** A media track reduced to what identifies it (`MediaStreamTrack` itself cannot be cloned). */
export interface CloneSafeTrack {
  kind: string;
  id: string;
  label?: string;
  readyState?: string;
}

function isTrackLike(value: object): value is CloneSafeTrack & { stop(): void } {
  const v = value as Record<string, unknown>;
  return typeof v.kind === 'string' && typeof v.id === 'string' && typeof v.stop === 'function';
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/**
 * A copy of `value` that `structuredClone` accepts: functions and symbols are dropped, cycles
 * become '[Circular]', errors become their plain fields, media tracks their identity, DOM nodes
 * their tag name, and other class instances their own enumerable fields. Plain data is copied
 * unchanged (so `toEqual` against the original holds for plain payloads).
 */
export function toCloneSafe<T>(value: T): T {
  return copy(value, new WeakSet(), 0) as T;
}

function copy(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Too deep]';
  if (value instanceof Date || value instanceof RegExp) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
  if (isTrackLike(value)) {
    const { kind, id, label, readyState } = value;
    return { kind, id, ...(label !== undefined ? { label } : {}), ...(readyState !== undefined ? { readyState } : {}) };
  }
  if (typeof (value as { nodeName?: unknown }).nodeName === 'string' && typeof (value as { nodeType?: unknown }).nodeType === 'number') {
    return `<${String((value as { nodeName: string }).nodeName).toLowerCase()}>`;
  }
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => copy(item, seen, depth + 1) ?? null);
    if (value instanceof Map) return new Map([...value].map(([k, v]) => [copy(k, seen, depth + 1), copy(v, seen, depth + 1)]));
    if (value instanceof Set) return new Set([...value].map((v) => copy(v, seen, depth + 1)));
    const out: Record<string, unknown> = {};
    if (value instanceof Error) {
      out.message = value.message;
      out.name = value.name;
      if (value.stack !== undefined) out.stack = value.stack;
    } else if (!isPlain(value) && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      return copy((value as { toJSON(): unknown }).toJSON(), seen, depth + 1);
    }
    for (const [key, item] of Object.entries(value)) {
      const safe = copy(item, seen, depth + 1);
      if (safe !== undefined || item === undefined) out[key] = safe;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
