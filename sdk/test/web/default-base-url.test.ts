// The web entry keeps its own copy of the platform host (importing the REST client's options
// module would load ky into it); this keeps the two from drifting apart.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL as web } from '@helena/sdk/web';
import { DEFAULT_BASE_URL as platform } from '../../src/platform/options';

describe('DEFAULT_BASE_URL', () => {
  it('is the REST client\'s default host', () => {
    expect(web).toBe(platform);
  });
});
