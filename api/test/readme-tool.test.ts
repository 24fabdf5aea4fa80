// The platform setup api/README.md tells operators to paste must declare the same tool the
// server answers and the demo's assistant carries: a drift would break lead capture only in
// production, where no test runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REGISTRAR_CONTACTO_TOOL } from '../src/vapi_events/registrar-contacto';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the Server URL setup in api/README.md', () => {
  it('shows the registrar_contacto tool exactly as the server defines it', () => {
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as { model?: { tools?: unknown[] }; server?: { url?: string } });
    const setup = blocks.find((b) => b.model?.tools);
    expect(setup, 'a JSON block with model.tools').toBeDefined();
    expect(setup!.model!.tools).toEqual([REGISTRAR_CONTACTO_TOOL]);
    expect(setup!.server!.url).toMatch(/\/api\/vapi\/events$/);
  });
});
