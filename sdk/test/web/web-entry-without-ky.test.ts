// The web entry shares the platform host and the web-call types with the REST client, but must
// not load the REST client, and so ky, at run time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '@helena/sdk/web';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the web entry', () => {
  it('bundles without ky', async () => {
    const out = await build({
      entryPoints: ['sdk/src/web/index.ts'],
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      packages: 'bundle',
      logLevel: 'error',
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs).toContain('sdk/src/platform/base-url.ts');
    expect(inputs.filter((path) => path.includes('node_modules/ky/') || path.startsWith('sdk/src/platform/request'))).toEqual([]);
  });

  it("exports the platform's public API host, the document's server", () => {
    const doc = JSON.parse(readFileSync(new URL('../../../../shared/spec/vapi-openapi.json', import.meta.url), 'utf8')) as { servers: { url: string }[] };
    expect([DEFAULT_BASE_URL]).toEqual(doc.servers.map((server) => server.url));
  });
});
