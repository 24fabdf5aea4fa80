// Static assets compressed once, at build, at the highest levels (brotli 11, gzip 9): a `.br` and
// a `.gz` beside each text file over 1 KB. serveStatic picks the one the client accepts, so no
// request pays for compression and the widget's chunks travel at their smallest.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

/** Writes missing or stale `.br` and `.gz` siblings under `dir`; answers how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE_EXTENSIONS.has(extname(entry.name).toLowerCase())) continue;
    const file = join(entry.parentPath, entry.name);
    const source = await stat(file);
    if (source.size < MIN_BYTES) continue;
    const fresh = async (sibling: string) => ((await stat(sibling).catch(() => null))?.mtimeMs ?? 0) >= source.mtimeMs;
    if ((await fresh(file + '.br')) && (await fresh(file + '.gz'))) continue;
    const data = await readFile(file);
    await writeFile(
      file + '.br',
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    );
    await writeFile(file + '.gz', gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}
