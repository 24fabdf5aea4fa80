// The discriminated unions of the document's request bodies, read from the document alone: every
// distinct union once, at the shortest way to it from some operation's body, with the way there,
// so a test can build a body that reaches it.
import { deref, operations, type Operation, type Schema } from './document.js';

/** One step from a value to the value inside it. */
export type Step = { prop: string; schema: Schema } | { items: Schema } | { member: Schema };

export interface UnionSite {
  operation: Operation;
  /** The steps from the body's schema to the union. */
  steps: Step[];
  union: Schema;
  /** The discriminating property and, per object member, its values. */
  discriminator: string;
  members: { schema: Schema; values: string[] }[];
}

const propsOf = (input: Schema): Record<string, Schema> => {
  const s = deref(input);
  return Object.assign({}, ...((s.allOf ?? []) as Schema[]).map(propsOf), s.properties ?? {}) as Record<string, Schema>;
};
const enumOf = (input: Schema | undefined): string[] | undefined => {
  const s = deref(input);
  const values: unknown = s.const !== undefined ? [s.const] : s.enum;
  return Array.isArray(values) && values.length && values.every((v) => typeof v === 'string') ? (values) : undefined;
};

/**
 * A union is discriminated when its document says so (`discriminator.propertyName`), or when its
 * object members all carry a `provider` or `type` enum and no value names two members.
 */
function discriminated(union: Schema): Pick<UnionSite, 'discriminator' | 'members'> | undefined {
  const branches = (union.oneOf ?? union.anyOf) as Schema[];
  const objects = branches.filter((b) => {
    const s = deref(b);
    return (s.properties || s.allOf) && !s.oneOf && !s.anyOf;
  });
  if (!objects.length) return undefined;
  const declared = (union.discriminator as { propertyName?: string } | undefined)?.propertyName;
  for (const name of [declared, 'provider', 'type']) {
    if (!name) continue;
    const values = objects.map((m) => enumOf(propsOf(m)[name]));
    if (values.some((v) => !v)) continue;
    const flat = values.flat();
    if (new Set(flat).size !== flat.length) continue;
    return { discriminator: name, members: objects.map((schema, i) => ({ schema, values: values[i]! })) };
  }
  return undefined;
}

const ORDER: Record<string, number> = { POST: 0, PUT: 1, PATCH: 1 };

/**
 * Every distinct discriminated union of a JSON request body, each with the ways to it: the
 * shortest from each operation's body (found breadth first), creates first.
 */
export function unionSites(): UnionSite[][] {
  const found = new Map<string, UnionSite[]>();
  const ops = operations
    .filter((op) => op.requestBody?.content['application/json'] && ORDER[op.method] !== undefined)
    .sort((a, b) => ORDER[a.method]! - ORDER[b.method]!);
  for (const operation of ops) {
    const queue: { schema: Schema; steps: Step[] }[] = [{ schema: operation.requestBody!.content['application/json']!.schema, steps: [] }];
    const visited = new Set<unknown>();
    while (queue.length) {
      const { schema, steps } = queue.shift()!;
      const s = deref(schema);
      if (visited.has(s)) continue;
      visited.add(s);
      const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
      if (branches) {
        const key = JSON.stringify(branches);
        const union = discriminated(s);
        if (union) found.set(key, [...(found.get(key) ?? []), { operation, steps, union: s, ...union }]);
        for (const member of branches) queue.push({ schema: member, steps: [...steps, { member }] });
      } else if (s.type === 'array' && s.items) {
        queue.push({ schema: s.items as Schema, steps: [...steps, { items: s.items as Schema }] });
      } else {
        for (const [prop, p] of Object.entries(propsOf(s))) queue.push({ schema: p, steps: [...steps, { prop, schema: p }] });
      }
    }
  }
  return [...found.values()];
}

/**
 * A body for `site`'s operation that the document's smallest values fill, with `leaf` where the
 * union is. Objects on the way are the smallest of their schema; arrays hold one item.
 */
export function bodyReaching(site: UnionSite, sample: (s: Schema) => unknown, leaf: unknown): unknown {
  const build = (schema: Schema, steps: Step[]): unknown => {
    const [step, ...rest] = steps;
    if (!step) return leaf;
    if ('items' in step) return [build(step.items, rest)];
    if ('member' in step) return build(step.member, rest);
    return { ...(sample(schema) as object), [step.prop]: build(step.schema, rest) };
  };
  return build(site.operation.requestBody!.content['application/json']!.schema, site.steps);
}

/** The class-validator path of the union in that body: `assistant.voice`, `members.0.assistant`. */
export const pathOf = (site: UnionSite): string =>
  site.steps
    .flatMap((s) => ('prop' in s ? [s.prop] : 'items' in s ? ['0'] : []))
    .join('.');
