/**
 * What the published package declares about <helena-assistant> must match what widget/README.md
 * documents: every attribute and every helena:* event, in custom-elements.json and in the types.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTES } from '../src/attributes';

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), 'utf8');
const readme = read('../README.md');

/** First-column code names of the README table whose header starts with `| <first> |`. */
function tableNames(first: string): string[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  const names: string[] = [];
  for (const line of lines.slice(start + 2)) {
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (!m?.[1]) break;
    names.push(m[1]);
  }
  return names;
}

interface Manifest {
  modules: { declarations: { tagName?: string; attributes?: { name: string }[]; events?: { name: string }[] }[] }[];
}
const manifest = JSON.parse(read('../custom-elements.json')) as Manifest;
const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'helena-assistant');
const types = read('../types/index.d.ts');

describe('the package describes the element README documents', () => {
  const attributes = tableNames('attribute');
  const events = tableNames('event');

  it('README lists the attributes and events it is compared against', () => {
    expect(attributes).toContain('public-key');
    expect(events).toContain('helena:lead');
  });

  it('README documents exactly the attributes the element takes', () => {
    expect([...attributes].sort()).toEqual([...ATTRIBUTES].sort());
  });

  it('custom-elements.json declares exactly the README attributes and events', () => {
    expect(element?.attributes?.map((a) => a.name).sort()).toEqual([...attributes].sort());
    expect(element?.events?.map((e) => e.name).sort()).toEqual([...events].sort());
  });

  it('the types name every README attribute and event', () => {
    for (const name of [...attributes, ...events]) {
      expect(types).toMatch(new RegExp(`^\\s+'?${name}'?\\??:`, 'm'));
    }
  });
});
