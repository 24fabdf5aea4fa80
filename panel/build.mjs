// Builds the panel into dist/, which the server serves to a signed-in owner:
//   dist/index.html              the page (no inline script or style: the CSP allows 'self' only)
//   dist/assets/*-[hash].{js,css} the app, its lazy views and its stylesheet (long cache)
//   dist/manifest.json           file names, sizes (raw and gzip) and what the first view loads
// The api's build writes the .br and .gz copies beside the assets (api/src/http/precompress.ts).
import { readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const { build } = await import('esbuild');
const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');
const assets = join(outdir, 'assets');
/** Where the server mounts dist/assets. */
const PUBLIC_ASSETS = '/panel/assets/';
/** Every byte of JavaScript the first view downloads, gzip. */
export const FIRST_VIEW_BUDGET = 120 * 1024;

await rm(outdir, { recursive: true, force: true });
await mkdir(assets, { recursive: true });

const result = await build({
  entryPoints: { index: join(here, 'src/main.tsx') },
  outdir: assets,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome94', 'firefox93', 'safari16'],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: join(here, '..', 'tsconfig.json'),
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: here,
});

/** dist-relative path of an esbuild output path. */
const distPath = (out) => relative(outdir, join(here, out)).split('\\').join('/');
const outputs = result.metafile.outputs;

// terser's two passes find what esbuild's one leaves, mostly in react-dom (the widget does the same).
const { minify } = await import('terser');
for (const out of Object.keys(outputs).filter((o) => o.endsWith('.js'))) {
  const path = join(here, out);
  const min = await minify(await readFile(path, 'utf8'), { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof min.code !== 'string') throw new Error(`terser gave no code for ${out}`);
  await writeFile(path, min.code);
}

const entryOut = Object.entries(outputs).find(([, o]) => o.entryPoint?.endsWith('src/main.tsx'));
if (!entryOut) throw new Error('the entry is not in the metafile');
const [entryFile, entryMeta] = entryOut;
const cssFile = entryMeta.cssBundle;
if (!cssFile) throw new Error('the entry has no stylesheet');

/** The entry and, transitively, its static imports: what the browser loads before the first view. */
const firstView = new Set();
const visit = (out) => {
  if (firstView.has(out)) return;
  firstView.add(out);
  for (const imp of outputs[out]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
};
visit(entryFile);

const files = {};
for (const out of Object.keys(outputs)) {
  const buf = await readFile(join(here, out));
  files[distPath(out)] = { bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}
const firstViewJs = [...firstView].filter((o) => o.endsWith('.js')).map(distPath);
const firstViewGzip = firstViewJs.reduce((sum, f) => sum + files[f].gzip, 0);

const src = (out) => PUBLIC_ASSETS + distPath(out).slice('assets/'.length);
const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>Panel</title>
<link rel="stylesheet" href="${src(cssFile)}">
${firstViewJs.filter((f) => f !== distPath(entryFile)).map((f) => `<link rel="modulepreload" href="${PUBLIC_ASSETS + f.slice('assets/'.length)}">`).join('\n')}
<script type="module" src="${src(entryFile)}"></script>
</head>
<body>
<div id="root"></div>
<noscript>El panel necesita JavaScript. / The panel needs JavaScript.</noscript>
</body>
</html>
`;
await writeFile(join(outdir, 'index.html'), html.replace(/\n\n/g, '\n'));
await writeFile(
  join(outdir, 'manifest.json'),
  JSON.stringify({ entry: distPath(entryFile), css: distPath(cssFile), firstView: { files: firstViewJs, gzip: firstViewGzip }, files }, null, 2) + '\n',
);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [name, f] of Object.entries(files)) console.log(`${name.padEnd(36)} ${kb(f.bytes).padStart(9)} ${kb(f.gzip).padStart(9)} gz`);
console.log(`first view: ${firstViewGzip} B gz of JavaScript in ${firstViewJs.length} file(s) (budget ${FIRST_VIEW_BUDGET})`);
// panel/test/bundle.test.ts enforces the budget; the build only warns.
if (firstViewGzip > FIRST_VIEW_BUDGET) console.warn(`panel budget exceeded: ${firstViewGzip} B gz > ${FIRST_VIEW_BUDGET}`);
