// Nested unions of request bodies against the platform's document: for every distinct
// discriminated union the document's request bodies hold (voice, model and transcriber providers,
// tool types, …), a body that names no member is a 400 in the platform's shape, a body missing what
// its member requires is a 400 too, and a body with each member is accepted. The bodies are built
// from the document and judged by it (ajv) before the simulator sees them.
import { createPlatformSimulator } from '@helena/simulator/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { deref, lenientValidator as validator, operations, type Schema } from './conformance/document.js';
import { sample } from './conformance/samples.js';
import { bodyReaching, pathOf, unionSites, type UnionSite } from './conformance/unions.js';

const KEY = { authorization: 'Bearer demo-private-key', 'content-type': 'application/json' };
const sim = createPlatformSimulator();

interface Answer {
  status: number;
  body: { message?: string[]; error?: string; statusCode?: number; id?: string };
}
async function send(method: string, path: string, body: unknown): Promise<Answer> {
  const res = await sim.fetch(new Request(`http://sim.test${path}`, { method, headers: KEY, body: JSON.stringify(body) }));
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const bodySchema = (site: UnionSite): Schema => site.operation.requestBody!.content['application/json']!.schema;
const join = (path: string, name: string) => (path ? `${path}.${name}` : name);
const label = (site: UnionSite) => `${site.operation.method} ${site.operation.path} ${pathOf(site) || '(body)'}`;
const refuses = (site: UnionSite, body: unknown) => !validator(bodySchema(site))(body);

/**
 * The first way to the union where the document refuses the body `leaf` makes there, else the
 * first way: through a union without a discriminator, another shape may take any property.
 */
function judged(ways: UnionSite[], leaf: (site: UnionSite) => unknown) {
  const attempts = ways.map((site) => ({ site, body: bodyReaching(site, sample, leaf(site)) }));
  const found = attempts.find((a) => refuses(a.site, a.body));
  return { ...(found ?? attempts[0]!), refused: !!found };
}

const groups = unionSites();

/** Where each way's operation is sent: path parameters name what a create of the parent path made (PATCH /tool/{id}). */
const paths = new Map<UnionSite, string>();
beforeAll(async () => {
  const made = new Map<string, string>();
  for (const site of groups.flat()) {
    let path = site.operation.path;
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      const parent = site.operation.path.slice(0, site.operation.path.indexOf(`{${name}}`) - 1);
      if (!made.has(parent)) {
        const create = operations.find((o) => o.method === 'POST' && o.path === parent)?.requestBody?.content['application/json'];
        const created = await send('POST', parent, create ? sample(create.schema) : {});
        expect(created.status, `POST ${parent}`).toBeLessThan(300);
        made.set(parent, created.body.id!);
      }
      path = path.replace(`{${name}}`, made.get(parent)!);
    }
    paths.set(site, path);
  }
});

/** A 400 in the platform's shape carrying `message` when the document refuses the body, else a success. */
async function expectJudged({ site, body, refused }: ReturnType<typeof judged>, message: string) {
  const res = await send(site.operation.method, paths.get(site)!, body);
  if (!refused) return expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
  expect(res.body.message, JSON.stringify(res.body.message)).toContain(message);
}

describe('the document has the unions the brief is about', () => {
  it('finds voice, model and transcriber providers under POST /assistant', () => {
    const assistant = groups.flat().filter((s) => s.operation.method === 'POST' && s.operation.path === '/assistant').map(pathOf);
    expect(assistant).toEqual(expect.arrayContaining(['voice', 'model', 'transcriber']));
    expect(groups.length).toBeGreaterThan(30);
  });

  it("the measured case: a voice from no provider is a 400 in the platform's shape", async () => {
    const res = await send('POST', '/assistant', { voice: { provider: 'no-such-provider', voiceId: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
    expect(res.body.message?.[0]).toMatch(/^voice\.provider must be one of the following values: /);
  });
});

describe('every distinct discriminated union of a request body', () => {
  for (const ways of groups) {
    const first = ways[0]!;
    const { discriminator } = first;
    const values = first.members.flatMap((m) => m.values);

    const bogus = judged(ways, (site) => ({ ...(sample(site.members[0]!.schema) as object), [discriminator]: `no-such-${discriminator}` }));
    it(`${label(bogus.site)}: a ${discriminator} that names no member is ${bogus.refused ? 'a 400' : 'taken, as the document takes it'}`, async () => {
      await expectJudged(bogus, `${join(pathOf(bogus.site), discriminator)} must be one of the following values: ${values.join(', ')}`);
    });

    const othersRequired = (m: { schema: Schema }) => ((deref(m.schema).required ?? []) as string[]).filter((f) => f !== discriminator);
    const needy = first.members.findIndex((m) => othersRequired(m).length);
    if (needy >= 0) {
      const field = othersRequired(first.members[needy]!)[0]!;
      const lacking = judged(ways, (site) => {
        const { [field]: _dropped, ...rest } = sample(site.members[needy]!.schema) as Record<string, unknown>;
        return rest;
      });
      it(`${label(lacking.site)}: ${first.members[needy]!.values[0]} without its ${field} is ${lacking.refused ? 'a 400' : 'taken, as the document takes it'}`, async () => {
        await expectJudged(lacking, `${join(pathOf(lacking.site), field)} should not be empty`);
      });
    }

    // A member whose smallest body the document itself refuses (CreateAzureOpenAICredentialDTO's
    // `models` is an array that must equal a string) cannot be sent as valid; the title counts them.
    const bodies = first.members.map((m) => ({ tag: m.values[0]!, body: bodyReaching(first, sample, sample(m.schema)) }));
    const valid = bodies.filter((b) => !refuses(first, b.body));
    const refused = bodies.length - valid.length;
    it(`${label(first)}: each member is accepted (${valid.length} of ${bodies.length}${refused ? `; the document refuses ${refused}` : ''})`, async () => {
      expect(valid.length).toBeGreaterThan(0);
      for (const { tag, body } of valid) {
        const res = await send(first.operation.method, paths.get(first)!, body);
        expect(res.status, `${tag}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
    });
  }
});
