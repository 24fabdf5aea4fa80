// @vitest-environment node
/**
 * The budgets: loader ≤ 2 KB gz, UI chunk ≤ 85 KB gz, the voice layer a demo call's start loads
 * (daily-js aside) ≤ 25 KB gz, and what is in each. Runs on the
 * build output (`npm run build` writes widget/dist and its manifest; CI builds before testing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = dist + 'manifest.json';
const built = existsSync(manifestPath);

describe.skipIf(!built)('the built bundle', () => {
  const manifest = built ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
  const code = (name: string) => readFileSync(dist + name, 'utf8');

  it('the loader is at most 2 KB gzipped and has no React', () => {
    expect(manifest.files['helena-assistant.js'].gzip).toBeLessThanOrEqual(2048);
    expect(code('helena-assistant.js')).not.toMatch(/react\.(production|development)|__CLIENT_INTERNALS|useSyncExternalStore|jsx/);
  });

  it('the UI chunk is at most 85 KB gzipped, one file, with no static import', () => {
    expect(manifest.files[manifest.ui].gzip).toBeLessThanOrEqual(85 * 1024);
    expect(code(manifest.ui)).not.toMatch(/^import[\s{]/m);
  });

  it('sonner’s CSS is a string in a lazy chunk the UI chunk imports, and nothing writes into document.head', () => {
    const toasts = Object.keys(manifest.files).find((name) => /^chunks\/toasts-[\w-]+\.js$/.test(name));
    expect(toasts).toBeDefined();
    // A rule of sonner's stylesheet (the toaster's own selector followed by a declaration block).
    expect(code(toasts!)).toMatch(/\[data-sonner-toaster\]\{/);
    const ui = code(manifest.ui);
    expect(ui).not.toMatch(/\[data-sonner-toaster\]\{/);
    expect(ui).toContain(toasts!.slice('chunks/'.length));
    for (const name of ['helena-assistant.js', manifest.ui, toasts!]) {
      expect(code(name)).not.toMatch(/document\.head|getElementsByTagName\("head"\)/);
    }
  });

  it('the Markdown renderer is a lazy chunk of its own, not in the loader or the UI chunk', () => {
    const markdown = Object.keys(manifest.files).find((name) => /^chunks\/markdown-[\w-]+\.js$/.test(name));
    expect(markdown).toBeDefined();
    expect(code(markdown!)).toContain('noopener noreferrer nofollow');
    for (const name of ['helena-assistant.js', manifest.ui]) expect(code(name)).not.toContain('noopener noreferrer nofollow');
    expect(code(manifest.ui)).toContain(markdown!.slice('chunks/'.length));
  });

  it("the voice layer a demo call's start loads is at most 25 KB gzipped, without zod, the dialogs or the lead flow", () => {
    const { files, gzip } = manifest.voice as { files: string[]; gzip: number };
    expect(gzip).toBe(files.reduce((sum, f) => sum + manifest.files[f].gzip, 0));
    expect(gzip).toBeLessThanOrEqual(25 * 1024);
    const js = files.map(code).join('\n');
    // zod's class names ($ZodType…); the dialogs' and the lead flow's own strings.
    expect(js).not.toMatch(/\$Zod/);
    expect(js).not.toMatch(/aria-modal|propuesta-/);
    expect(js).toMatch(/vapi_call/);
  });

  it('neither the loader nor the UI chunk contains daily-js, the tRPC client or the SDK', () => {
    for (const name of ['helena-assistant.js', manifest.ui]) {
      const js = code(name);
      expect(js).not.toMatch(/daily-js|@daily-co|TRPCClientError|httpLink|WebCallClient|call\/web/);
    }
  });
});
