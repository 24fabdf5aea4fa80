/**
 * The repository's tools as a fresh clone runs them: gen:types says what it needs when the
 * document is missing instead of failing with a bare ENOENT.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

function run(cmd: string, args: string[]) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
  children.push(child);
  const out = { text: '', code: null as number | null };
  child.stdout.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.text += d.toString()));
  child.on('exit', (code) => (out.code = code));
  return out;
}

describe('tools on a clone', () => {
  it('gen:types names the missing document and how to pass one', async () => {
    const out = run('node', ['sdk/scripts/gen-types.mjs', 'no/such/openapi.json']);
    await vi.waitFor(() => expect(out.code).not.toBeNull(), { timeout: 20_000 });
    expect(out.code).toBe(1);
    expect(out.text).toContain('OpenAPI document not found');
    expect(out.text).toContain('npm run gen:types -- <openapi.json path or http(s) URL>');
  }, 30_000);
});
