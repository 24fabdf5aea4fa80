// Makes the simulator's routes answer like the platform's OpenAPI document: bodies with a wrong
// JSON type or enum value, or a nested union that names no member, are a 400 in the platform's
// shape, answers never miss a field the document requires, operations the simulator has no logic
// for answer the document's smallest valid answer, and routes are tried most specific first.
import { BODY_FIELDS, RESPONSE_FIELDS, SAMPLES, type FieldType } from './conformance-tables';
import { httpError } from './errors';
import { reply, type Reply, type RouteContext, type RouteDef } from './context';
import { uuid } from './store';
import { unionProblems } from './unions';

/** `POST /assistant/:id` → `POST /assistant/:`, the key of the generated tables. */
export const routeKey = (method: string, path: string): string => `${method} ${path.replace(/:\w+/g, ':')}`;

const TYPE_NAMES: Record<string, string> = { s: 'a string', n: 'a number', i: 'an integer number', b: 'a boolean value', a: 'an array', o: 'an object' };

function matches(value: unknown, type: FieldType): boolean {
  if (Array.isArray(type)) return typeof value === 'string' && type.includes(value);
  switch (type) {
    case 's':
      return typeof value === 'string';
    case 'n':
      return typeof value === 'number' && Number.isFinite(value);
    case 'i':
      return Number.isInteger(value);
    case 'b':
      return typeof value === 'boolean';
    case 'a':
      return Array.isArray(value);
    default:
      return !!value && typeof value === 'object' && !Array.isArray(value);
  }
}

/**
 * The class-validator messages the platform answers for top-level properties of the wrong type
 * (`name must be a string`, `provider must be one of the following values: a, b`).
 */
export function typeProblems(key: string, body: unknown): string[] {
  const fields = BODY_FIELDS[key];
  if (!fields || !body || typeof body !== 'object' || Array.isArray(body)) return [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const type = fields[name];
    if (type === undefined || value === undefined || value === null || matches(value, type)) continue;
    problems.push(Array.isArray(type) ? `${name} must be one of the following values: ${type.join(', ')}` : `${name} must be ${TYPE_NAMES[type]}`);
  }
  return problems;
}

function fillValue(template: unknown, entity: Record<string, unknown>): unknown {
  if (template === '$uuid') return uuid();
  if (template === '$now') return entity.updatedAt ?? entity.createdAt ?? new Date().toISOString();
  return structuredClone(template);
}

/** Adds the document's required fields that `entity` lacks; keeps everything it has. */
function fill(fields: Record<string, unknown>, entity: unknown): unknown {
  if (!entity || typeof entity !== 'object' || Array.isArray(entity)) return entity;
  const record = entity as Record<string, unknown>;
  const out: Record<string, unknown> = { ...record };
  for (const [name, template] of Object.entries(fields)) {
    if (out[name] === undefined || out[name] === null) out[name] = fillValue(template, record);
  }
  return out;
}

/** Fills the entity of an answer: the object itself, a page's `results`, or an array's items. */
export function completeAnswer(key: string, body: unknown): unknown {
  const fields = RESPONSE_FIELDS[key];
  if (!fields) return body;
  if (Array.isArray(body)) return body.map((item) => fill(fields, item));
  const page = body as { results?: unknown[] } | null;
  if (page && Array.isArray(page.results) && 'metadata' in page) return { ...page, results: page.results.map((item) => fill(fields, item)) };
  return fill(fields, body);
}

function conforming(def: RouteDef): RouteDef {
  const key = routeKey(def.method, def.path);
  return {
    ...def,
    handler: async (ctx: RouteContext): Promise<Reply> => {
      const problems = [...new Set([...typeProblems(key, ctx.body), ...unionProblems(key, ctx.body)])];
      if (problems.length) throw httpError(400, problems);
      const out = await def.handler(ctx);
      if ((out.status ?? 200) >= 300 || out.type === 'text' || out.type === 'stream') return out;
      return { ...out, body: completeAnswer(key, out.body) };
    },
  };
}

/** Static segments before parameters, position by position; then more segments first. */
export function bySpecificity(a: RouteDef, b: RouteDef): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i]!.startsWith(':');
    const pb = sb[i]!.startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return sb.length - sa.length;
}

/**
 * Operations of the document that no route of the simulator serves: each answers its smallest
 * valid success answer (with a fresh id), after the same body checks.
 */
function sampleRoutes(served: Set<string>): RouteDef[] {
  return Object.entries(SAMPLES)
    .filter(([key]) => !served.has(key))
    .map(([key, sample]) => {
      const [method, path] = key.split(' ') as [RouteDef['method'], string];
      let n = 0;
      return {
        method,
        path: path.replace(/:/g, () => `:p${n++}`),
        auth: 'private',
        body: method === 'GET' || method === 'DELETE' ? 'none' : 'json',
        handler: () => {
          const body = structuredClone(sample.body) as Record<string, unknown>;
          if (body && typeof body === 'object' && 'id' in body) body.id = uuid();
          return reply(body, sample.status);
        },
      } satisfies RouteDef;
    });
}

/** The platform routes as the app registers them: conforming, completed from the document, most specific first. */
export function conformingRoutes(routes: RouteDef[]): RouteDef[] {
  const served = new Set(routes.map((r) => routeKey(r.method, r.path)));
  return [...routes, ...sampleRoutes(served)].map(conforming).sort(bySpecificity);
}
