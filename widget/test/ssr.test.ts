// @vitest-environment node
/** Server rendering (Next.js, Nuxt…) imports the element's modules without a DOM: nothing may throw. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('import without a DOM', () => {
  it('the source entry, the loader and the UI chunk import cleanly and define nothing', async () => {
    expect(typeof window).toBe('undefined');
    const mod = await import('../src/index');
    expect(mod.TAG).toBe('helena-assistant');
    expect(mod.detectEmail('ana arroba acme punto com')).toBe('ana@acme.com');
    await expect(import('../src/ui/element')).resolves.toBeTruthy();
  });

  it('the built loader imports cleanly too', async () => {
    const built = fileURLToPath(new URL('../dist/helena-assistant.js', import.meta.url));
    if (!existsSync(built)) return; // `npm run build` first; CI builds before testing
    await expect(import(built)).resolves.toBeTruthy();
  });
});
