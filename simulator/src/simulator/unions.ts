// Nested unions of request bodies (an assistant's voice, model and transcriber providers, a
// model's tools, a squad member's assistant, …): a body whose union names no member, or leaves
// out what the member it names requires, is a 400 like the platform's validation pipe answers.
import { UNION_NODES, UNION_ROOTS, type UnionNode } from './union-tables';
import { isMissing } from './validate';

/** Routes the document lacks that take the body of a documented one. */
const SAME_BODY: Record<string, string> = {
  'POST /call/web': 'POST /call',
  'POST /chat/web': 'POST /chat',
  'POST /chat/web/responses': 'POST /chat/responses',
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** class-validator's property paths: `assistant.voice.provider`, `squad.members.0.assistant`. */
const join = (path: string, name: string | number): string => (path ? `${path}.${name}` : String(name));

/** Lexicographic order of problem counts: fewer of the first kind wins, then the next. */
function ranksBefore(a: number[], b: number[]): boolean {
  const k = a.findIndex((n, i) => n !== b[i]);
  return k >= 0 && a[k]! < b[k]!;
}

function walk(node: UnionNode | null | undefined, value: unknown, path: string, problems: string[]): void {
  if (!node || value === undefined || value === null) return;
  if ('i' in node) {
    if (Array.isArray(value)) value.forEach((item, n) => walk(UNION_NODES[node.i], item, join(path, n), problems));
    return;
  }
  if ('p' in node) {
    if (!isRecord(value)) return; // the type checks answer for a wrong type
    for (const [name, next] of Object.entries(node.p)) walk(UNION_NODES[next], value[name], join(path, name), problems);
    return;
  }
  if ('y' in node) {
    if (!isRecord(value)) return;
    // Without a discriminator the body may mean any member: it fits when it fits one of them.
    // When it fits none, the member it looks most like speaks: the one whose enums it matches and
    // whose required fields it has, and of those the one its enums name most precisely.
    const tries = node.y.map(([required, enums, next]) => {
      const wrong = Object.entries(enums)
        .filter(([name, values]) => !values.includes(value[name] as string))
        .map(([name, values]) => `${join(path, name)} must be one of the following values: ${values.join(', ')}`);
      const missing = required.filter((f) => !(f in enums) && isMissing(value[f])).map((f) => `${join(path, f)} should not be empty`);
      const below: string[] = [];
      walk(UNION_NODES[next], value, path, below);
      const named = Object.keys(enums).length - wrong.length;
      return { problems: [...wrong, ...missing, ...below], rank: [wrong.length, missing.length, -named, below.length] };
    });
    if (tries.some((t) => !t.problems.length)) return;
    const closest = tries.reduce((a, b) => (ranksBefore(b.rank, a.rank) ? b : a));
    problems.push(...closest.problems);
    return;
  }
  if (!isRecord(value)) {
    if (node.o) problems.push(`${path || 'body'} must be an object`);
    return;
  }
  const tag = value[node.d];
  if (isMissing(tag) && !node.r) return;
  const member = node.m.find(([values]) => typeof tag === 'string' && values.includes(tag));
  if (!member) {
    problems.push(`${join(path, node.d)} must be one of the following values: ${node.m.flatMap(([values]) => values).join(', ')}`);
    return;
  }
  const [, required, below] = member;
  for (const field of required) if (isMissing(value[field])) problems.push(`${join(path, field)} should not be empty`);
  walk(UNION_NODES[below], value, path, problems);
}

/**
 * The problems of `body`'s discriminated unions for the route `key` (`METHOD /path/:`), in the
 * platform's message style; empty when there is none or the route's body has no union.
 */
export function unionProblems(key: string, body: unknown): string[] {
  const root = UNION_ROOTS[SAME_BODY[key] ?? key];
  if (root === undefined) return [];
  const problems: string[] = [];
  walk(UNION_NODES[root], body, '', problems);
  return problems;
}
