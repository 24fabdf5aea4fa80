// Reads the OpenAPI document gen-types works from: a local path or an http(s) URL.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/** What gen-types needs, printed when the document cannot be read. */
export const USAGE =
  'usage: npm run gen:types -- <openapi.json path or http(s) URL> [output .ts path]\n' +
  'The platform OpenAPI document is not in this repository: pass its local path or URL.';

/**
 * Loads and parses the document named by `source`. A relative path is tried against the current
 * directory first, then the repository root (where `npm run` starts).
 * @param {string | undefined} source
 * @param {string} repoRoot
 * @returns {Promise<unknown>}
 */
export async function readDocument(source, repoRoot) {
  if (!source) throw new Error(`no OpenAPI document given\n${USAGE}`);
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`GET ${source} answered ${res.status}\n${USAGE}`);
    return res.json();
  }
  const candidates = isAbsolute(source) ? [source] : [resolve(source), resolve(repoRoot, source)];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`OpenAPI document not found: ${candidates.join(' or ')}\n${USAGE}`);
  return JSON.parse(readFileSync(found, 'utf8'));
}
