// The drop-in at the type level: drop-in/usage.ts.tmpl is written against @vapi-ai/web 2.7.1's
// published types (every constructor form, start form, event payload and method, plus misspelt
// inline fields that must not compile). With only the import specifier swapped it must compile
// against @helena/sdk/web under bundler, node16 CommonJS and node16 ESM resolution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOLUTIONS, createScratch, type Scratch } from '../drop-in-typecheck';

let scratch: Scratch;
beforeAll(async () => {
  scratch = await createScratch({ entry: 'web', usage: new URL('./drop-in/usage.ts.tmpl', import.meta.url) });
}, 120_000);
afterAll(() => scratch?.dispose());

describe('the usage file compiles against both packages', () => {
  for (const resolution of RESOLUTIONS) {
    it(`@helena/sdk/web, ${resolution}`, async () => {
      expect(await scratch.check('@helena/sdk/web', resolution)).toEqual([]);
    }, 120_000);
  }

  for (const resolution of ['bundler', 'node16-cjs'] as const) {
    it(`@vapi-ai/web 2.7.1, ${resolution}`, async () => {
      expect(await scratch.check('@vapi-ai/web', resolution)).toEqual([]);
    }, 120_000);
  }

  // @vapi-ai/web ships CommonJS declarations only: from an ES module under node16 its default
  // import is the module object, so `new Vapi()` does not type-check there. Ours ships ESM
  // declarations for the import condition, which is why the row above compiles.
  it('@vapi-ai/web 2.7.1, node16-esm: its default import is not constructable (why ours ships .d.ts for import)', async () => {
    const errors = await scratch.check('@vapi-ai/web', 'node16-esm');
    expect(errors.some((line) => line.includes('error TS2351: This expression is not constructable.'))).toBe(true);
  }, 120_000);
});
