// Acceptance: the platform's official server SDK, used unchanged, against the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VapiClient, VapiError } from '@vapi-ai/server-sdk';
import { createPlatformSimulator, type ListeningSimulator } from '@helena/simulator/node';

describe('@vapi-ai/server-sdk v2 against the simulator', () => {
  const sim = createPlatformSimulator();
  let server: ListeningSimulator;
  beforeAll(async () => {
    server = await sim.listen();
  });
  afterAll(() => server.close());

  it('creates, lists, gets, updates and deletes an assistant', async () => {
    const vapi = new VapiClient({ token: 'demo-private-key', baseUrl: server.url });
    const created = await vapi.assistants.create({ name: 'Helena', firstMessage: '¡Hola! Soy Helena.' });
    expect(created).toMatchObject({ id: expect.any(String), orgId: sim.orgId, name: 'Helena', firstMessage: '¡Hola! Soy Helena.' });

    const listed = await vapi.assistants.list({ limit: 10 });
    expect(listed.map((a) => a.id)).toEqual([created.id]);

    expect(await vapi.assistants.get({ id: created.id })).toEqual(created);

    const updated = await vapi.assistants.update({ id: created.id, name: 'Helena 2' });
    expect(updated).toMatchObject({ id: created.id, name: 'Helena 2', firstMessage: '¡Hola! Soy Helena.' });

    const deleted = await vapi.assistants.delete({ id: created.id });
    expect(deleted.id).toBe(created.id);
    expect(await vapi.assistants.list()).toEqual([]);
    await expect(vapi.assistants.get({ id: created.id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('works through `environment` too', async () => {
    const vapi = new VapiClient({ token: 'demo-private-key', environment: server.url });
    expect(await vapi.assistants.list()).toEqual([]);
  });

  it('gets 401 with a wrong token', async () => {
    const vapi = new VapiClient({ token: 'wrong-key', baseUrl: server.url, maxRetries: 0 });
    const error = await vapi.assistants.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiError);
    expect(error).toMatchObject({ statusCode: 401, body: { error: 'Unauthorized', statusCode: 401, message: expect.stringContaining('Invalid Key') } });
  });

  // Every listing method the official SDK has, found by name on each of its namespaces (list,
  // …FindAll, …GetPaginated, …FindAllPaginated), plus its two parameterless reads. Each must
  // answer data the SDK accepts: the simulator serves every operation of the document.
  it('every listing method of every namespace answers', async () => {
    const vapi = new VapiClient({ token: 'demo-private-key', baseUrl: server.url });
    const listing = /^(list|\w+FindAll|\w+GetPaginated|\w+FindAllPaginated|\w+GetRunsPaginated)$/;
    const failures: string[] = [];
    const called: string[] = [];
    const client = vapi as unknown as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(Object.getPrototypeOf(vapi))) {
      const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(vapi), key);
      if (!descriptor?.get) continue;
      const namespace = client[key] as Record<string, (...args: unknown[]) => Promise<unknown>>;
      for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(namespace))) {
        const paged = /FindItems$/.test(name);
        if (!listing.test(name) || paged) continue;
        // Provider resources are listed under a provider and a resource name.
        const args = key === 'providerResources' ? { provider: 'cartesia', resourceName: 'pronunciation-dictionary' } : {};
        called.push(`${key}.${name}`);
        await namespace[name]!.call(namespace, args).catch((error: unknown) => failures.push(`${key}.${name}: ${String(error)}`));
      }
    }
    await vapi.simulations.simulationControllerGetConcurrency().catch((e: unknown) => failures.push(`concurrency: ${String(e)}`));
    await vapi.board.boardControllerMetricsOverviewEnsure().catch((e: unknown) => failures.push(`metrics overview: ${String(e)}`));
    expect(called.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
