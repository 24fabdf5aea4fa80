// @vitest-environment node
// A real Next.js app router build with @helena/react as an app installs it: the built package
// (react/dist) through its exports, a server page rendering <HelenaAssistant>, and a client
// component using useWebCall. The prerendered page must hold both.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const app = fileURLToPath(new URL('./next-app/', import.meta.url));
const reactDir = fileURLToPath(new URL('..', import.meta.url));
const next = createRequire(import.meta.url).resolve('next/dist/bin/next');

beforeAll(() => {
  // The package as published: build it when a fresh checkout has no dist yet.
  if (!existsSync(`${reactDir}dist/index.js`)) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: reactDir, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the @helena/react build failed:\n${built.stdout}${built.stderr}`);
  }
  rmSync(`${app}.next`, { recursive: true, force: true });
});

describe('a Next.js app using @helena/react', () => {
  it('builds, and its prerendered page has the element and the hook’s idle state', () => {
    const build = spawnSync(process.execPath, [next, 'build'], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: '1' },
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    const html = readFileSync(`${app}.next/server/app/index.html`, 'utf8');
    expect(html).toContain('<helena-assistant name="Helena" company="Nexia" chat-label="Chat" locale="es">');
    expect(html).toMatch(/Estado: (<!-- -->)?idle/);
  }, 300_000);
});
