// The drop-in at the type level: drop-in/usage.ts.tmpl is written against @vapi-ai/server-sdk
// 2.0.1's published types (every resource the official wire tests call, request options,
// withRawResponse(), instanceof VapiError, Vapi.* annotations, and mistakes that must not
// compile). With only the import specifier swapped it must compile against
// @helena/sdk/server-sdk too, under bundler, node16 CommonJS and node16 ESM resolution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOLUTIONS, createScratch, type Scratch } from '../drop-in-typecheck';

let scratch: Scratch;
beforeAll(async () => {
  scratch = await createScratch({ entry: 'server-sdk', usage: new URL('./drop-in/usage.ts.tmpl', import.meta.url) });
}, 240_000);
afterAll(() => scratch?.dispose());

describe('the usage file compiles against both packages', () => {
  for (const specifier of ['@vapi-ai/server-sdk', '@helena/sdk/server-sdk']) {
    for (const resolution of RESOLUTIONS) {
      it(`${specifier}, ${resolution}`, async () => {
        expect(await scratch.check(specifier, resolution)).toEqual([]);
      }, 240_000);
    }
  }
});
