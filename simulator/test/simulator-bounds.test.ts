// The simulator keeps a bounded amount: entities per collection and rooms, by count and by age,
// oldest first, the seed always.
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformSimulator, type PlatformSimulator } from '@helena/simulator/node';

let sim: PlatformSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const webCall = (s: PlatformSimulator) =>
  s.fetch(
    new Request('http://sim.test/call/web', {
      method: 'POST',
      headers: { authorization: `Bearer ${s.publicKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: 'seeded' }),
    }),
  );

describe('simulator bounds', () => {
  it('past maxPerCollection the oldest calls go, with their rooms; the seed stays', async () => {
    sim = createPlatformSimulator({ seed: { assistant: [{ id: 'seeded', name: 'Helena' }] }, bounds: { maxPerCollection: 5, maxRooms: 3 } });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await webCall(sim);
      expect(r.status).toBe(201);
      ids.push(((await r.json()) as { id: string }).id);
    }
    expect(sim.store.size('call')).toBe(5);
    expect(ids.slice(0, 3).every((id) => !sim!.store.has('call', id))).toBe(true);
    expect(ids.slice(3).every((id) => sim!.store.has('call', id))).toBe(true);
    expect(sim.store.has('assistant', 'seeded')).toBe(true);
    // Rooms: at most three, the newest.
    expect(ids.slice(0, 5).some((id) => sim!.rooms.control(id, { type: 'say', content: 'hola' }))).toBe(false);
    expect(sim.rooms.control(ids[7]!, { type: 'say', content: 'hola' })).toBe(true);
  });

  it('past maxAgeMs everything but the seed is dropped, even with no new request', async () => {
    sim = createPlatformSimulator({ seed: { assistant: [{ id: 'seeded', name: 'Helena' }] }, bounds: { maxAgeMs: 1_000 } });
    const r = await webCall(sim);
    const { id } = (await r.json()) as { id: string };
    expect(sim.store.has('call', id)).toBe(true);
    await expect.poll(() => sim!.store.has('call', id), { timeout: 5_000, interval: 100 }).toBe(false);
    expect(sim.store.has('assistant', 'seeded')).toBe(true);
  });
});

describe('what the store keeps', () => {
  it('reads back what it was given, keys set to undefined included, and never shares it', () => {
    sim = createPlatformSimulator();
    const given = { name: 'Helena', model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: 'Hola' }] }, voice: undefined };
    const stored = sim.store.insert('assistant', given);
    expect(Object.keys(stored)).toEqual(expect.arrayContaining(['name', 'model', 'voice']));
    given.model.messages[0]!.content = 'changed outside';
    stored.model = 'changed too';
    const read = sim.store.get('assistant', stored.id)!;
    expect(read).toMatchObject({ name: 'Helena', model: { messages: [{ content: 'Hola' }] } });
    expect('voice' in read).toBe(true);
    const patched = sim.store.update('assistant', stored.id, { firstMessage: undefined, name: 'Lucía' })!;
    expect(patched).toMatchObject({ name: 'Lucía', model: { provider: 'openai' } });
    expect('firstMessage' in sim.store.get('assistant', stored.id)!).toBe(true);
  });
});
