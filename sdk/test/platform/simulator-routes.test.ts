// Our REST client's route cases (route-cases.ts), run against the simulator (@helena/simulator):
// every route of the client reaches a simulator route (no "Cannot GET …"), arrives as the case
// expects, and is answered with data or with an error in the platform's shape.
import { describe, expect, it } from 'vitest';
import { createPlatformClient, PlatformApiError } from '@helena/sdk';
import { createPlatformSimulator } from '@helena/simulator/node';
import { routeCases, TOKEN, type SentRequest } from './route-cases';

describe('the REST client route cases against the simulator', () => {
  const sim = createPlatformSimulator({ privateKey: TOKEN });
  const sent: SentRequest[] = [];
  const capture: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      body: Buffer.from(await request.clone().arrayBuffer()),
    });
    return sim.fetch(request);
  };
  const client = createPlatformClient({ token: TOKEN, baseUrl: 'http://sim.test', retry: 0, fetch: capture });
  const outcomes: Record<string, number> = {};

  for (const c of routeCases()) {
    it(c.label, async () => {
      sent.length = 0;
      let status = 200;
      try {
        await c.call(client);
      } catch (error) {
        expect(error).toBeInstanceOf(PlatformApiError);
        const e = error as PlatformApiError;
        status = e.status;
        // An entity that does not exist (the cases use made-up ids) or a body the document refuses.
        expect([400, 404]).toContain(e.status);
        expect(e.body).toMatchObject({ statusCode: e.status, error: expect.any(String), message: expect.anything() });
        expect(String((e.body as { message: unknown }).message)).not.toMatch(/^Cannot (GET|POST|PUT|PATCH|DELETE) /);
      }
      outcomes[status] = (outcomes[status] ?? 0) + 1;
      expect(sent).toHaveLength(1);
      await c.check(sent[0]!);
    });
  }

  it('answered most routes with data', () => {
    expect(outcomes[200]).toBeGreaterThan(50);
  });
});

describe('iterate() against the simulator', () => {
  it('walks every page of a collection the simulator pages', async () => {
    const sim = createPlatformSimulator({ privateKey: TOKEN });
    const client = createPlatformClient({ token: TOKEN, baseUrl: 'http://sim.test', retry: 0, fetch: (input, init) => sim.fetch(new Request(input, init)) });
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await client.evals.create({ name: `eval ${i}`, type: 'chat.mockConversation', messages: [] })).id);
    const seen: string[] = [];
    for await (const item of client.evals.iterate({ limit: 3 })) seen.push(item.id);
    expect(seen.sort()).toEqual([...created].sort());
  });
});
