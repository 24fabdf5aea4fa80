import { describe, expect, it } from 'vitest';

// Server-side rendering must be able to import every entry point: no DOM globals here.
describe('entry points', () => {
  it('import in plain Node with no DOM', async () => {
    expect(typeof (globalThis as any).window).toBe('undefined');
    const mods = await Promise.all([import('@helena/sdk'), import('@helena/sdk/web')]);
    for (const m of mods) expect(m).toBeTypeOf('object');
  });
});
