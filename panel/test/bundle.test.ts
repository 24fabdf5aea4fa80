// @vitest-environment node
/**
 * The panel's first view downloads at most 120 KB gzip of JavaScript, and its page runs under a
 * CSP that allows no inline script or style. Read from the built page itself (what a browser
 * would fetch), not from the build's own manifest. Runs on the build output (`npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const built = existsSync(dist + 'index.html');

describe.skipIf(!built)('the built panel', () => {
  const html = built ? readFileSync(dist + 'index.html', 'utf8') : '';
  const asset = (url: string) => dist + 'assets/' + url.replace(/^\/panel\/assets\//, '').replace(/^\.\//, '');

  it('references its script and stylesheet as files under /panel/assets/, with nothing inline', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/panel\/assets\/[\w-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toMatch(/<link rel="stylesheet" href="\/panel\/assets\/[\w-]+\.css">/);
  });

  it('downloads at most 120 KB gzip of JavaScript for the first view', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      // Static imports between chunks (`import … from "./x.js"`); dynamic ones load later.
      for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*from\s*)?["'](\.\/[\w.-]+\.js)["']/g)) visit(asset(m[1]!));
    };
    for (const m of html.matchAll(/(?:src|href)="(\/panel\/assets\/[\w-]+\.js)"/g)) visit(asset(m[1]!));
    const gzip = [...seen].reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    expect(seen.size).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(120 * 1024);
  });

  it('sets no inline style attribute from its code (React style props need unsafe-inline)', () => {
    for (const m of html.matchAll(/src="(\/panel\/assets\/[\w-]+\.js)"/g)) {
      expect(readFileSync(asset(m[1]!), 'utf8')).not.toMatch(/\bstyle:\s*\{/);
    }
  });
});
