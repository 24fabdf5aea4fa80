// Builds the widget into dist/: one folder the server serves statically at `/`.
//   dist/helena-assistant.js   the facade loader (vanilla, no React; short cache)
//   dist/chunks/*-[hash].js    the UI chunk and the lazy chunks (voice client, tRPC; long cache)
//   dist/manifest.json         file names and sizes (raw and gzip), and each phase's files
// Every file is minified by esbuild, then by terser (see `minifyFurther`).
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
/**
 * The budgets count a phase whole: every file the browser downloads at that moment, whichever
 * chunk the code sits in. bench/widget checks each against the browser's requests.
 */
const INTENT_BUDGET = 85 * 1024;
const VOICE_BUDGET = 25 * 1024;
/**
 * What the intent (hover, then the click) loads: the UI chunk, the element it defines and, with
 * it, nothing else (sonner's stylesheet waits for the first toast, see `src/ui/element.tsx`).
 */
const INTENT_ENTRIES = [];
/**
 * The lazy entries a demo call's start loads: the call layer (the call controller with the voice
 * client: the SDK and the simulated call object), the tRPC client (the conversation's vapi_call
 * row, created when the call starts) and the Markdown renderer the first answer loads. With their
 * static imports, this is the voice layer; daily-js, which only a real call loads, is not part of it.
 */
const CALL_START_ENTRIES = ['call', 'client', 'markdown'];
/**
 * Modules the UI loads at the same moment, built as one entry: a call's start needs the call
 * controller and the voice client together, and a file each would cost gzip's dictionary over
 * again (measured: 0.6 KB gz more for the two). The UI's dynamic import of either resolves to it.
 */
const LAZY_GROUPS = { call: ['src/store/call.ts', 'src/voice/load.ts'] };

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

/**
 * `group:NAME` entries (`LAZY_GROUPS`): one module re-exporting every member's exports.
 * @type {import('esbuild').Plugin}
 */
const lazyGroups = {
  name: 'lazy-groups',
  setup(b) {
    b.onResolve({ filter: /^group:/ }, (args) => ({ path: args.path, namespace: 'group' }));
    b.onLoad({ filter: /.*/, namespace: 'group' }, (args) => ({
      contents: LAZY_GROUPS[args.path.slice('group:'.length)].map((m) => `export * from ${JSON.stringify('./' + m)};`).join('\n'),
      resolveDir: here,
      loader: 'ts',
    }));
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

/** Dynamic imports of the lazy modules (the UI's, the call layer's) become imports of their built files. */
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

// 1. The lazy chunks, built on their own so that nothing they use is hoisted into a chunk the UI
//    must load first. Two builds, because esbuild splits out every module shared by a different
//    set of entries: one build for what a conversation loads (the call layer, the text chat, the
//    Markdown renderer), so that what a call's start loads is a few files, not one per set; one
//    for the rest (tRPC client, session: dialogs and lead flow, rejoin flow, email prompt, English
//    texts, consent step, sonner's CSS). A module both use (a stateless helper: texts, e-mail
//    detection, the tRPC URL) is in each build, in different phases.
const laterEntries = {
  client: join(here, 'src/rpc/client.ts'),
  session: join(here, 'src/session.ts'),
  prompt: join(here, 'src/store/email-prompt.ts'),
  'rejoin-flow': join(here, 'src/store/rejoin-flow.ts'),
  en: join(here, 'src/i18n-en.ts'),
  consent: join(here, 'src/ui/consent-step.ts'),
  toasts: join(here, 'src/ui/sonner-css.ts'),
};
const conversationEntries = {
  call: 'group:call',
  chat: join(here, 'src/store/chat.ts'),
  markdown: join(here, 'src/ui/markdown.ts'),
};
/** Source module → its built file, relative to the chunks folder (every member of a group maps to the group's file). */
const lazyOut = {};
/** Entry name → its built file (relative to dist/). */
const lazyFiles = {};
/** Every lazy build's outputs, as one metafile. */
const lazy = { metafile: { inputs: {}, outputs: {} } };
for (const entries of [laterEntries, conversationEntries]) {
  const result = await build({
    ...common,
    entryPoints: entries,
    outdir,
    splitting: true,
    entryNames: 'chunks/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    // The conversation build imports the other's files (the call layer loads the rejoin flow).
    plugins: [trpcClientPure, sonnerCss, lazyGroups, lazyImports],
  });
  Object.assign(lazy.metafile.inputs, result.metafile.inputs);
  Object.assign(lazy.metafile.outputs, result.metafile.outputs);
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const entry = Object.entries(entries).find(([, src]) => (src.startsWith('group:') ? meta.entryPoint === `group:${src}` : join(here, meta.entryPoint) === src));
    if (!entry) continue;
    const rel = './' + relative(join(outdir, 'chunks'), join(here, out)).split('\\').join('/');
    const members = entry[1].startsWith('group:') ? LAZY_GROUPS[entry[0]].map((m) => join(here, m)) : [entry[1]];
    for (const m of members) lazyOut[m] = rel;
    lazyFiles[entry[0]] = relative(outdir, join(here, out)).split('\\').join('/');
  }
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
  if (src === laterEntries['rejoin-flow']) continue; // the call layer's import, not the UI's
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

// 4. A second minifier over esbuild's output. terser's compressor (two passes) finds what esbuild's
//    single pass leaves, above all in react-dom: about 1.4 KB gz less on the UI chunk (86.8 → 85.5 KB).
//    Only its safe options: the code keeps its meaning. daily-js ships minified and is no budget's,
//    so it is left as its authors tested it.
const outputs = [...Object.keys(ui.metafile.outputs), ...Object.keys(lazy.metafile.outputs), ...Object.keys(loader.metafile.outputs)];
await minifyFurther(outputs.filter((out) => out.endsWith('.js') && !/[\\/]daily-esm-/.test(out)).map((out) => join(here, out)));

/** Rewrites each file with terser's output (ES modules, two compress passes, names mangled, no comments). */
async function minifyFurther(paths) {
  const { minify } = await import('terser');
  for (const path of paths) {
    const result = await minify(await readFile(path, 'utf8'), { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    if (typeof result.code !== 'string') throw new Error(`terser gave no code for ${path}`);
    await writeFile(path, result.code);
  }
}

// 5. Sizes.
const files = {};
for (const out of outputs) {
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
/** A phase: its files and their gzip bytes added up. */
const phase = (names) => {
  const list = [...new Set(names)];
  return { files: list, gzip: list.reduce((sum, f) => sum + files[f].gzip, 0) };
};
const intent = phase([uiRel.slice(2), ...staticClosure(lazy.metafile, INTENT_ENTRIES)]);
const voice = phase(staticClosure(lazy.metafile, CALL_START_ENTRIES));
const manifest = { loader: 'helena-assistant.js', ui: uiRel.slice(2), intent, voice, files };
await writeFile(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [name, f] of Object.entries(files)) console.log(`${name.padEnd(40)} ${kb(f.bytes).padStart(10)} ${kb(f.gzip).padStart(10)} gz`);
const loaderGz = files['helena-assistant.js'].gzip;
console.log(`on intent (hover, then the click): ${intent.gzip} B gz in ${intent.files.length} file(s) (budget ${INTENT_BUDGET})`);
console.log(`voice layer (what a demo call's start loads with its first answer, daily-js aside): ${voice.gzip} B gz in ${voice.files.length} files (budget ${VOICE_BUDGET})`);
const over = [];
if (loaderGz > LOADER_BUDGET) over.push(`loader ${loaderGz} B gz > ${LOADER_BUDGET}`);
if (intent.gzip > INTENT_BUDGET) over.push(`on intent ${intent.gzip} B gz > ${INTENT_BUDGET}`);
if (voice.gzip > VOICE_BUDGET) over.push(`voice layer ${voice.gzip} B gz > ${VOICE_BUDGET}`);
// widget/test/bundle.test.ts enforces the budgets; the build only warns.
if (over.length) console.warn('widget budget exceeded: ' + over.join('; '));
