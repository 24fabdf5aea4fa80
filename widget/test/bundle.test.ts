// @vitest-environment node
/**
 * The budgets: loader ≤ 2 KB gz; on intent (hover, then the click) ≤ 85 KB gz; a demo call's start
 * with its first answer (daily-js aside) ≤ 25 KB gz; and what is in each. A budget counts its
 * phase whole: every file the browser downloads then, the files a phase's entries import
 * statically included, each gzipped here (level 9, as the bench's server sends them). Runs on the
 * build output (`npm run build` writes widget/dist and its manifest; CI builds before testing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = dist + 'manifest.json';
const built = existsSync(manifestPath);

describe.skipIf(!built)('the built bundle', () => {
  const manifest = built ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
  const code = (name: string) => readFileSync(dist + name, 'utf8');
  const gzip = (name: string) => gzipSync(readFileSync(dist + name), { level: 9 }).length;
  /** The one built file in chunks/ whose name starts with `entry-`. */
  const chunk = (entry: string) => {
    const hits = Object.keys(manifest.files).filter((name) => name.startsWith(`chunks/${entry}-`));
    expect(hits).toHaveLength(1);
    return hits[0]!;
  };
  /** `names` and every file they import statically (`import … from "./x.js"`, `export … from`), read from the code. */
  const phase = (names: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const m of code(name).matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*from\s*)?["']\.\/([\w.-]+\.js)["']/g)) visit(`chunks/${m[1]}`);
    };
    names.forEach(visit);
    return { files: [...seen].sort(), gzip: [...seen].reduce((sum, f) => sum + gzip(f), 0) };
  };

  it('the loader is at most 2 KB gzipped and has no React', () => {
    expect(manifest.files['helena-assistant.js'].gzip).toBeLessThanOrEqual(2048);
    expect(code('helena-assistant.js')).not.toMatch(/react\.(production|development)|__CLIENT_INTERNALS|useSyncExternalStore|jsx/);
  });

  it('what the intent loads is at most 85 KB gzipped in all: the UI chunk, one file with no static import', () => {
    const intent = phase([manifest.ui]);
    expect(intent.files).toEqual([manifest.ui]);
    expect(code(manifest.ui)).not.toMatch(/^import[\s{]/m);
    expect(intent.gzip).toBeLessThanOrEqual(85 * 1024);
    // The build's own count (bench/widget prints it beside the browser's) is the same phase.
    expect(manifest.intent).toEqual(intent);
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

  it("what a demo call's start and its first answer load is at most 25 KB gzipped in all, without zod, the dialogs or the lead flow", () => {
    // The call layer (call controller and voice client), the tRPC client (the vapi_call row) and
    // the Markdown renderer (the first answer), with every file they import statically.
    const voice = phase([chunk('call'), chunk('client'), chunk('markdown')]);
    expect(voice.gzip).toBeLessThanOrEqual(25 * 1024);
    expect({ ...manifest.voice, files: [...manifest.voice.files].sort() }).toEqual(voice);
    const js = voice.files.map(code).join('\n');
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
