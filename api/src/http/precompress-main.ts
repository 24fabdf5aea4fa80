// `npm run build -w @helena/api`: precompresses the directories the server serves statically.
//   node --import tsx src/http/precompress-main.ts <dir>…
import { existsSync } from 'node:fs';
import { precompressDir } from './precompress';

for (const dir of process.argv.slice(2)) {
  if (!existsSync(dir)) {
    process.stderr.write(`precompress: ${dir} does not exist (build it first); skipped\n`);
    continue;
  }
  const n = await precompressDir(dir);
  process.stdout.write(`precompress: ${dir}: ${n} file(s) written as .br and .gz\n`);
}
