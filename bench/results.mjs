// Writes one benchmark's section of bench/RESULTS.md in place: a rerun replaces its own section
// instead of appending a second copy.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('./RESULTS.md', import.meta.url).pathname;

/** Replaces (or adds) the section headed `## <name> …` with `section`, which starts with that heading. */
export function writeResultsSection(name, section) {
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmark results\n';
  const start = text.search(new RegExp(`^## ${name}\\b.*$`, 'm'));
  if (start < 0) {
    text = text.replace(/\n*$/, '\n\n') + section;
  } else {
    const rest = text.slice(start + 1);
    const next = rest.search(/^## /m);
    const end = next >= 0 ? start + 1 + next : text.length;
    text = text.slice(0, start) + section.replace(/\n*$/, '\n') + (next >= 0 ? '\n' : '') + text.slice(end);
  }
  writeFileSync(FILE, text);
}
