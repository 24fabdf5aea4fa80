// Builds the widget into dist/: one folder the server serves statically at `/`.
//   dist/helena-assistant.js   the facade loader (vanilla, no React; short cache)
//   dist/chunks/*-[hash].js    the UI chunk and the lazy chunks (voice client, tRPC; long cache)
//   dist/manifest.json         file names and sizes (raw and gzip), and the voice layer's files
// sonner's CSS is read from its CSS file here and compiled into a lazy chunk of its own, as a string
// that the element adopts into its shadow root; sonner's own injection into document.head is removed.
import { readFile, rm, mkdir, writeFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const { build } = await import('esbuild');
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const outdir = join(here, 'dist');
const LOADER_BUDGET = 2048;
const UI_BUDGET = 85 * 1024;
const VOICE_BUDGET = 25 * 1024;
/**
 * The lazy entries a demo call's start loads: the call controller, the voice client (the SDK and
 * the simulated call object) and the tRPC client (the conversation's vapi_call row, created when
 * the call starts). With their static imports, this is the voice layer; daily-js, which only a
 * real call loads, is not part of it. bench/widget checks it against the browser's requests.
 */
const CALL_START_ENTRIES = ['call', 'load', 'client'];

const sonnerEntry = fileURLToPath(import.meta.resolve('sonner'));
const sonnerCssPath = join(dirname(sonnerEntry), 'styles.css');

// sonner selectors the element never uses: inverted toasts, the loading and promise spinners (no
// toast.loading / toast.promise), info and warning colours (only success and error toasts),
// positions other than top left and top right, action and cancel buttons, right-to-left layout
// (the toaster is given dir="ltr": its texts are Spanish or English whatever the host page's
// direction), and `html[dir]` (there is no <html> in a shadow root). A selector is dropped from its
// rule (the rule goes when none is left); everything else is kept, minus comments and spaces. The
// dark theme stays (theme="dark").
// sonner quotes attribute values ([data-x-position='left']): the patterns take either form.
// Also unused: descriptions (no toast has one), the disabled close button (loading toasts only),
// and the fade keyframes (only the spinner's rules use them).
const UNUSED_SONNER = [
  /\[data-invert='?true'?\]/,
  /sonner-(loading|spinner|loader|spin\b|fade)/,
  /\[data-promise='?true'?\]/,
  /\[data-type='?(info|warning)'?\]/,
  /\[data-x-position='?center'?\]/,
  /\[data-y-position='?bottom'?\]/,
  /\[data-(button|cancel|description)\]/,
  /\[data-disabled='?true'?\]/,
  /\[dir='?rtl'?\]/,
];

// sonner's custom properties nothing above reads any more: the info and warning colours, and the
// greys only the dropped spinner and inverted toasts use. Their declarations are dropped.
const UNUSED_SONNER_PROPERTIES = /^--(info|warning)-|^--gray(3|[6-9]|1[01]):/;

// sonner's light rich colours miss WCAG AA contrast for 13 px text (axe: the error toast's red
// on its pink is 4.3:1, the success green on its mint 4.3:1). Darker text, same hues: 5.3:1, 6:1.
const SONNER_CONTRAST = [
  ['--success-text:hsl(140,100%,27%)', '--success-text:hsl(140,100%,22%)'],
  ['--error-text:hsl(360,100%,45%)', '--error-text:hsl(360,100%,40%)'],
];

/**
 * Shorter CSS that means the same: no semicolon before a closing brace, no spaces around the
 * child combinator, and attribute values that are identifiers unquoted.
 */
export function compactCss(css) {
  return css
    .replace(/;}/g, '}')
    .replace(/\s*>\s*/g, '>')
    .replace(/='([a-zA-Z][\w-]*)'\]/g, '=$1]');
}

/** sonner's CSS with the text colours of `SONNER_CONTRAST`; each must be found (a new sonner may change them). */
function withContrast(css) {
  for (const [from, to] of SONNER_CONTRAST) {
    if (!css.includes(from)) throw new Error(`sonner: ${from} not found; check the contrast of its toasts`);
    css = css.split(from).join(to);
  }
  return css;
}

/** A rule's body without the declarations of `UNUSED_SONNER_PROPERTIES`. */
function trimDeclarations(body) {
  return body
    .split(';')
    .filter((d) => !UNUSED_SONNER_PROPERTIES.test(d.trim()))
    .join(';');
}

/** Splits CSS into top-level blocks (`sel{…}` or `@media …{…}`), recursing into @media. */
export function trimCss(css, unused) {
  const out = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let j = open + 1;
    while (depth && j < css.length) {
      if (css[j] === '{') depth++;
      else if (css[j] === '}') depth--;
      j++;
    }
    const prelude = css.slice(i, open).trim();
    const body = css.slice(open + 1, j - 1);
    if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      const inner = trimCss(body, unused);
      if (inner) out.push(`${prelude}{${inner}}`);
    } else if (prelude.startsWith('@keyframes')) {
      if (!unused.some((re) => re.test(prelude))) out.push(`${prelude}{${body}}`);
    } else {
      const selectors = prelude.split(',').filter((sel) => !unused.some((re) => re.test(sel)) && !/^\s*html\[dir=/.test(sel));
      if (selectors.length) out.push(`${selectors.join(',')}{${trimDeclarations(body)}}`);
    }
    i = j;
  }
  return out.join('');
}

/**
 * sonner without its own `<head>` injection: the element adopts sonner's CSS (`sonnerCss`) into
 * its shadow root instead.
 * @type {import('esbuild').Plugin}
 */
const sonnerWithoutHeadCss = {
  name: 'sonner-without-head-css',
  setup(b) {
    b.onLoad({ filter: /[\\/]sonner[\\/]dist[\\/]index\.m?js$/ }, async (args) => {
      let code = await readFile(args.path, 'utf8');
      const call = code.indexOf('__insertCSS("');
      if (call < 0) throw new Error('sonner: __insertCSS call not found; check the sonner version');
      const end = code.indexOf('");', call);
      code = code.slice(0, call) + code.slice(end + 3);
      if (/__insertCSS\(["'`]/.test(code)) throw new Error('sonner: a second __insertCSS call remains');
      return { contents: code, loader: 'js' };
    });
  },
};

/**
 * `src/ui/sonner-css.ts` (empty in the sources) becomes sonner's CSS file, trimmed: a lazy chunk
 * holding one string.
 * @type {import('esbuild').Plugin}
 */
const sonnerCss = {
  name: 'sonner-css',
  setup(b) {
    b.onLoad({ filter: /[\\/]ui[\\/]sonner-css\.ts$/ }, async () => {
      const raw = (await readFile(sonnerCssPath, 'utf8')).replace(/\/\*.*?\*\//gs, '').replace(/\s+/g, ' ');
      const css = trimCss(raw.replace(/ ?([{};,]) ?/g, '$1').replace(/: /g, ':'), UNUSED_SONNER);
      return { contents: `export default ${JSON.stringify(compactCss(withContrast(css)))};`, loader: 'ts' };
    });
  },
};

/**
 * @trpc/client declares no `sideEffects`, so esbuild keeps every module its index imports, among
 * them the WebSocket link (2.7 KB) the widget never uses, for its `class … extends Error`
 * statements. None of its modules does anything when imported: declared side-effect free here,
 * the modules whose exports go unused are dropped.
 * @type {import('esbuild').Plugin}
 */
const trpcClientPure = {
  name: 'trpc-client-pure',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.trpcClientPure) return undefined;
      const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { trpcClientPure: true } });
      return /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]/.test(resolved.path) ? { ...resolved, sideEffects: false } : undefined;
    });
  },
};

const common = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome94', 'firefox93', 'safari16'],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  sourcemap: false,
  tsconfig: join(root, 'tsconfig.json'),
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: here,
};

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

// 1. The lazy chunks (voice client, tRPC client, session: dialogs and lead flow, email prompt,
//    sonner's CSS), built on their own so that nothing they use is hoisted into a chunk the UI must load first.
const lazyEntries = {
  load: join(here, 'src/voice/load.ts'),
  client: join(here, 'src/rpc/client.ts'),
  session: join(here, 'src/session.ts'),
  prompt: join(here, 'src/store/email-prompt.ts'),
  call: join(here, 'src/store/call.ts'),
  chat: join(here, 'src/store/chat.ts'),
  en: join(here, 'src/i18n-en.ts'),
  markdown: join(here, 'src/ui/markdown.ts'),
  consent: join(here, 'src/ui/consent-step.ts'),
  toasts: join(here, 'src/ui/sonner-css.ts'),
};
const lazy = await build({
  ...common,
  entryPoints: lazyEntries,
  outdir,
  splitting: true,
  entryNames: 'chunks/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [trpcClientPure, sonnerCss],
});
const lazyOut = {};
/** Entry name → its built file (relative to dist/). */
const lazyFiles = {};
for (const [out, meta] of Object.entries(lazy.metafile.outputs)) {
  const entry = Object.entries(lazyEntries).find(([, src]) => meta.entryPoint && join(here, meta.entryPoint) === src);
  if (entry) lazyOut[entry[1]] = './' + relative(join(outdir, 'chunks'), join(here, out)).split('\\').join('/');
  if (entry) lazyFiles[entry[0]] = relative(outdir, join(here, out)).split('\\').join('/');
}

/** The files `names` load: themselves and, transitively, their static imports (dist/-relative). */
function staticClosure(metafile, names) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of metafile.outputs[relative(here, join(outdir, file)).split('\\').join('/')]?.imports ?? []) {
      if (imp.kind === 'import-statement') visit(relative(outdir, join(here, imp.path)).split('\\').join('/'));
    }
  };
  for (const name of names) visit(lazyFiles[name]);
  return [...seen];
}

/** The UI's dynamic imports of the lazy modules become imports of their built files. */
const lazyImports = {
  name: 'lazy-chunks',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const target = join(args.resolveDir, args.path);
      const hit = Object.keys(lazyOut).find((src) => src === target || src === target + '.ts');
      return hit ? { path: lazyOut[hit], external: true } : undefined;
    });
  },
};

// 2. The UI chunk.
const ui = await build({
  ...common,
  entryPoints: { ui: join(here, 'src/ui/element.tsx') },
  outdir,
  splitting: false,
  entryNames: 'chunks/[name]-[hash]',
  plugins: [sonnerWithoutHeadCss, lazyImports],
});
const uiFile = Object.entries(ui.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith('src/ui/element.tsx'))?.[0];
if (!uiFile) throw new Error('UI chunk not found in the metafile');
const uiRel = './' + relative(outdir, join(here, uiFile)).split('\\').join('/');
const uiCode = await readFile(join(here, uiFile), 'utf8');
for (const [src, rel] of Object.entries(lazyOut)) {
  if (!uiCode.includes(rel.slice(2))) throw new Error(`the UI chunk does not import ${rel} (${src})`);
}
if (/^import\s|\bfrom\s*["']/.test(uiCode.slice(0, 200))) throw new Error('the UI chunk has a static import');

// 3. The loader, with the UI chunk's hashed name resolved against its own URL at run time.
const loader = await build({
  ...common,
  entryPoints: { 'helena-assistant': join(here, 'src/entry/loader.ts') },
  outdir,
  splitting: false,
  define: { ...common.define, __HELENA_UI__: JSON.stringify(uiRel) },
});

// The attribute list on its own (`@helena/widget/attributes`), for @helena/react to bundle: code
// and declarations from the one source the loader and the element use.
{
  const source = await readFile(join(here, 'src/attributes.ts'), 'utf8');
  const { transform } = await import('esbuild');
  const ts = (await import('typescript')).default;
  await writeFile(join(outdir, 'attributes.js'), (await transform(source, { loader: 'ts', format: 'esm', target: 'es2022' })).code);
  await writeFile(join(outdir, 'attributes.d.ts'), ts.transpileDeclaration(source, { compilerOptions: {} }).outputText);
}

// 4. Sizes.
const files = {};
for (const out of [...Object.keys(ui.metafile.outputs), ...Object.keys(lazy.metafile.outputs), ...Object.keys(loader.metafile.outputs)]) {
  const abs = join(here, out);
  const buf = await readFile(abs);
  files[relative(outdir, abs).split('\\').join('/')] = { bytes: (await stat(abs)).size, gzip: gzipSync(buf, { level: 9 }).length };
}
if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(ui.metafile));
  console.log(await analyzeMetafile(lazy.metafile));
  console.log(await analyzeMetafile(loader.metafile));
}
const voiceFiles = staticClosure(lazy.metafile, CALL_START_ENTRIES);
const voice = { files: voiceFiles, gzip: voiceFiles.reduce((sum, f) => sum + files[f].gzip, 0) };
const manifest = { loader: 'helena-assistant.js', ui: uiRel.slice(2), voice, files };
await writeFile(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [name, f] of Object.entries(files)) console.log(`${name.padEnd(40)} ${kb(f.bytes).padStart(10)} ${kb(f.gzip).padStart(10)} gz`);
const loaderGz = files['helena-assistant.js'].gzip;
const uiGz = files[manifest.ui].gzip;
console.log(`voice layer (what a demo call's start loads, daily-js aside): ${voice.gzip} B gz in ${voice.files.length} files (budget ${VOICE_BUDGET})`);
const over = [];
if (loaderGz > LOADER_BUDGET) over.push(`loader ${loaderGz} B gz > ${LOADER_BUDGET}`);
if (uiGz > UI_BUDGET) over.push(`UI chunk ${uiGz} B gz > ${UI_BUDGET}`);
if (voice.gzip > VOICE_BUDGET) over.push(`voice layer ${voice.gzip} B gz > ${VOICE_BUDGET}`);
// widget/test/bundle.test.ts enforces the budgets; the build only warns.
if (over.length) console.warn('widget budget exceeded: ' + over.join('; '));
