// The simulator against the platform's OpenAPI document, with ajv: every operation is sent a
// request the document calls valid and must answer a declared status whose body validates against
// the document's response schema; bodies the document calls invalid must be a 400 in the
// platform's shape.
import { createPlatformSimulator } from '@helena/simulator/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { deref, operations, validator } from './conformance/document.js';
import { runConformance, type Outcome } from './conformance/run.js';

let outcomes: Map<string, Outcome>;
beforeAll(async () => {
  outcomes = new Map((await runConformance()).map((o) => [o.operation, o]));
}, 60_000);

describe('every operation of the document, through the simulator', () => {
  for (const op of operations) {
    const label = `${op.method} ${op.path}`;
    it(label, () => {
      const outcome = outcomes.get(label)!;
      expect(outcome.problems).toEqual([]);
      expect(outcome.status, 'a success status').toBeLessThan(300);
    });
  }
});

const KEY = { authorization: 'Bearer demo-private-key', 'content-type': 'application/json' };
const requestSchema = (method: string, path: string) =>
  operations.find((o) => o.method === method && o.path === path)!.requestBody!.content['application/json']!.schema;

async function post(path: string, body: unknown) {
  const sim = createPlatformSimulator();
  const res = await sim.fetch(new Request(`http://sim.test${path}`, { method: 'POST', headers: KEY, body: JSON.stringify(body) }));
  return { status: res.status, body: (await res.json()) as { message: string[]; error: string; statusCode: number } };
}

describe('request bodies are checked against the document', () => {
  const bad: [string, unknown, RegExp][] = [
    ['/squad', { members: 'x' }, /^members must be an array$/],
    ['/assistant', { name: 42 }, /^name must be a string$/],
    ['/assistant', { firstMessageMode: 'shout-first' }, /^firstMessageMode must be one of the following values: assistant-speaks-first/],
    ['/assistant', { maxDurationSeconds: 'long' }, /^maxDurationSeconds must be a number$/],
  ];
  for (const [path, body, message] of bad) {
    it(`POST ${path} ${JSON.stringify(body)} is a 400`, async () => {
      // The document itself rejects the body …
      expect(validator(requestSchema('POST', path))(body)).toBe(false);
      // … and so does the simulator, in the platform's error shape.
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(res.body.message.some((m) => message.test(m)), JSON.stringify(res.body.message)).toBe(true);
    });
  }

  it('accepts what the document accepts', async () => {
    const body = { name: 'Helena', firstMessageMode: 'assistant-waits-for-user', maxDurationSeconds: 600 };
    expect(validator(requestSchema('POST', '/assistant'))(body)).toBe(true);
    expect((await post('/assistant', body)).status).toBe(201);
  });
});

describe('routes match most specific first', () => {
  it('GET /eval/simulation/concurrency is not taken for a simulation id', async () => {
    const sim = createPlatformSimulator();
    const res = await sim.fetch(new Request('http://sim.test/eval/simulation/concurrency', { headers: KEY }));
    expect(res.status).toBe(200);
    const schema = operations.find((o) => o.method === 'GET' && o.path === '/eval/simulation/concurrency')!.responses['200']!.content!['application/json']!.schema;
    expect(deref(schema).required?.length).toBeGreaterThan(0);
    expect(validator(schema)(await res.json())).toBe(true);
  });
});
