// bench/widget: what an embedded assistant costs the page that embeds it.
//   node --import tsx bench/widget/index.mjs [--runs=5] [--md=FILE] [--only=ours,vapi]
//
// Chromium (playwright-core, /usr/bin/chromium), one run, the same host page for every widget:
//   baseline          the host page alone
//   ours              <helena-assistant> (facade loader; when idle, 2 s after load, the UI chunk is
//                     fetched and compiled, not run)
//   ours, on intent   <helena-assistant loading="intent"> (the UI chunk only on hover/focus/click)
//   ElevenLabs        @elevenlabs/convai-widget-embed (dist/index.js)
//   Vapi              @vapi-ai/client-sdk-react (dist/embed/widget.umd.js)
// Everything is served by one local server with gzip (level 9) and counted as it is written.
// Nothing leaves the machine: every non-loopback request is aborted by the browser context, except
// ElevenLabs' widget-config request, which is answered locally with a plausible config (without
// it their widget renders nothing). Our demo mode talks to the platform simulator and a small fake
// tRPC endpoint on the same local server.
//
// Measured per widget (median of --runs fresh contexts, CPU throttled 4× through CDP):
//   gzip bytes before interaction   JS/CSS/images/fonts loaded from navigation to load + 6 s
//   bytes on first interaction      loaded from the first hover until 3 s after the click
//   long tasks / added blocking time TBT (Σ over long tasks of duration − 50 ms) minus the baseline's,
//                                   in the page-load window (navigation → load + 1 s) and in the
//                                   idle window (load + 1 s → load + 6 s)
//   click → panel                   pointerdown → the first frame in which the widget's subtree
//                                   shows ≥ 5 more *visible* elements (Element.checkVisibility(),
//                                   counted the same way for every widget and the bare button), after
//                                   a hover that preloads (and a cold click for ours, on intent,
//                                   without a hover first). Visible, not merely present: a widget
//                                   may render its panel ahead, hidden, and only reveal it on click
//   bare host button                the same measure, on the same page just before, for a plain
//                                   <button> of the host page whose click handler adds 6 elements:
//                                   what any click costs there (input, frame); ours is read against it
//   phases, counted whole           ours: every file the browser downloads in a phase, whichever
//                                   chunk holds it. On intent: from the hover until the click (the
//                                   bench waits for the network to be quiet before clicking). A call's
//                                   start with its first answer: from the click until the call is
//                                   active (helena:call-start), the first answer is on screen and the
//                                   network is quiet, daily-js aside (demo mode never loads it).
//                                   Both are checked against the build's own count (widget/dist/manifest.json)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createPlatformSimulator } from '@helena/simulator/node';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Math.max(1, Number(arg('runs', 5)));
const MD = arg('md', null);
// --only=ours,vapi: those widgets' run lines only, no table (a quick look while working on one).
const ONLY = arg('only', null)?.split(',');
const THROTTLE = 4;

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'widget/dist');
if (!existsSync(join(dist, 'manifest.json'))) {
  const r = spawnSync(process.execPath, [join(root, 'widget/build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
const pkg = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const peers = {
  eleven: { file: join(root, 'node_modules/@elevenlabs/convai-widget-embed/dist/index.js'), version: pkg('@elevenlabs/convai-widget-embed') },
  vapi: { file: join(root, 'node_modules/@vapi-ai/client-sdk-react/dist/embed/widget.umd.js'), version: pkg('@vapi-ai/client-sdk-react') },
};

// ---- the host page ------------------------------------------------------------------------------
const CONTENT = Array.from({ length: 12 }, (_, i) => `<section><h2>Sección ${i + 1}</h2><p>${'Texto de ejemplo de un sitio de marketing. '.repeat(12)}</p></section>`).join('');
const SNIPPETS = {
  baseline: '',
  ours: (base) => `<helena-assistant name="Helena" company="Acme AI" api-url="${base}"></helena-assistant><script type="module" src="/ours/helena-assistant.js"></script>`,
  oursIntent: (base) =>
    `<helena-assistant name="Helena" company="Acme AI" api-url="${base}" loading="intent"></helena-assistant><script type="module" src="/ours/helena-assistant.js"></script>`,
  eleven: () => '<elevenlabs-convai agent-id="agent_bench"></elevenlabs-convai><script src="/peers/eleven.js" async type="text/javascript"></script>',
  vapi: () => '<vapi-widget public-key="pk_bench" assistant-id="asst_bench" mode="voice"></vapi-widget><script src="/peers/vapi.umd.js"></script>',
};
// A bare button of the host page: its click handler adds 6 elements, the reference for click → panel.
const HOST_BUTTON = `<button id="host-button" type="button">Ver horarios</button><div id="host-panel"></div>
<script>document.getElementById('host-button').addEventListener('click', () => {
  const panel = document.getElementById('host-panel');
  const list = document.createElement('ul');
  for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes']) list.append(Object.assign(document.createElement('li'), { textContent: day + ': 9–18 h' }));
  panel.replaceChildren(list);
});</script>`;
const hostPage = (variant, base) => `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Host</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:24px}</style></head>
<body><h1>Sitio de ejemplo</h1>${HOST_BUTTON}${CONTENT}${typeof SNIPPETS[variant] === 'function' ? SNIPPETS[variant](base) : ''}</body></html>`;

// ElevenLabs fetches its widget config from its API on load; answered locally.
const ELEVEN_CONFIG = {
  agent_id: 'agent_bench',
  widget_config: {
    variant: 'full', placement: 'bottom-right', avatar: { type: 'orb', color_1: '#4f46e5', color_2: '#818cf8' },
    feedback_mode: 'none', language: 'es', supported_language_overrides: [], text_input_enabled: true,
    transcript_enabled: true, default_expanded: false, always_expanded: false, text_contents: {}, styles: {},
    language_presets: {}, first_message: 'Hola', show_avatar_when_collapsed: true, disable_banner: true,
    mic_muting_enabled: false, text_only: false, supports_text_only: true, use_rtc: false,
  },
};

// ---- the local server (gzip, byte counting, simulator, fake tRPC) -------------------------------
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };
const gzCache = new Map();
let ledger = [];
let simulator;
const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const send = (status, type, body, count) => {
    const gz = gzCache.get(body) ?? gzipSync(body, { level: 9 });
    if (Buffer.isBuffer(body) && body.length > 1024) gzCache.set(body, gz);
    res.writeHead(status, { 'content-type': type, 'content-encoding': 'gzip', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    res.end(gz);
    if (count) ledger.push({ path: url.pathname, gzip: gz.length, at: Date.now() });
  };
  if (url.pathname.startsWith('/host/')) return send(200, TYPES['.html'], Buffer.from(hostPage(url.pathname.slice(6), base)), false);
  if (url.pathname.startsWith('/ours/')) {
    const file = normalize(join(dist, url.pathname.slice(6)));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) return send(404, 'text/plain', Buffer.from('404'), false);
    return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file), true);
  }
  if (url.pathname === '/peers/eleven.js') return send(200, TYPES['.js'], readFileSync(peers.eleven.file), true);
  if (url.pathname === '/peers/vapi.umd.js') return send(200, TYPES['.js'], readFileSync(peers.vapi.file), true);
  if (url.pathname.startsWith('/sim/')) {
    let body;
    for await (const chunk of req) body = body ? Buffer.concat([body, chunk]) : chunk;
    const r = await simulator.fetch(
      new Request(`${base}${url.pathname.slice(4)}${url.search}`, { method: req.method, headers: req.headers, body: body && req.method !== 'GET' ? body : undefined }),
    );
    res.writeHead(r.status, Object.fromEntries(r.headers));
    return res.end(Buffer.from(await r.arrayBuffer()));
  }
  if (url.pathname.startsWith('/api/trpc/')) {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET,POST' });
      return res.end();
    }
    for await (const _ of req);
    const data = url.pathname.endsWith('vapi_call.create') ? { id: '0190a000-0000-7000-8000-000000000001', token: 'bench-token-0123456789' } : { id: '0190a000-0000-7000-8000-000000000001' };
    return send(200, TYPES['.json'], Buffer.from(JSON.stringify({ result: { data } })), false);
  }
  send(404, 'text/plain', Buffer.from('404'), false);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
simulator = createPlatformSimulator({ publicUrl: `${base}/sim`, script: { speed: 20 } });
simulator.attachRooms(server, { prefix: '/sim' });

// ---- the browser ------------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // A fake microphone, granted without a prompt: the click starts the call, and the call goes live.
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});
const chromiumVersion = browser.version();

const HOSTS = { ours: 'helena-assistant', oursIntent: 'helena-assistant', eleven: 'elevenlabs-convai', vapi: 'vapi-widget' };
/** The launcher each widget shows, as a Playwright locator (locators pierce open shadow roots). */
const launcher = (page, variant) =>
  variant === 'eleven'
    ? page.locator('elevenlabs-convai').getByRole('button', { name: 'Start a call' })
    : variant === 'vapi'
      ? page.locator('vapi-widget .vapi-widget-wrapper > div > div').first()
      : page.locator('helena-assistant').getByRole('button', { name: 'Hablar con Helena' });

const INIT = () => {
  window.__lt = [];
  window.__callStart = null;
  addEventListener('helena:call-start', () => (window.__callStart ??= performance.now()), { capture: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lt.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
};

const tbt = (tasks, from, to) =>
  tasks.filter((t) => t.start >= from && t.start < to).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => {
  const s = xs.filter((x) => x != null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const blocked = [];
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.hostname === '127.0.0.1') return route.continue();
    if (u.pathname.startsWith('/v1/convai/agents/') && u.pathname.endsWith('/widget')) {
      return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(ELEVEN_CONFIG) });
    }
    blocked.push(u.origin);
    return route.abort();
  });
  const page = await context.newPage();
  await page.addInitScript(INIT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return { context, page, blocked };
}

/** Resolves when no request has been in flight for `quietMs` (or after `maxMs`). */
async function networkQuiet(page, quietMs = 1000, maxMs = 15000) {
  let inflight = 0;
  let last = Date.now();
  const up = () => {
    inflight++;
    last = Date.now();
  };
  const down = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  const start = Date.now();
  while (Date.now() - start < maxMs && (inflight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
  page.off('request', up);
  page.off('requestfinished', down);
  page.off('requestfailed', down);
}

/**
 * pointerdown on `target` → the first frame in which the subtree of `root` (a selector; shadow
 * roots included) shows ≥ 5 more visible elements (checkVisibility(): rendered, not inside
 * display:none or content-visibility:hidden); null if it never does.
 */
async function clickToGrowth(page, target, root) {
  const box = await target.boundingBox();
  await page.evaluate((tag) => {
    const host = document.querySelector(tag);
    const count = () => {
      let n = 0;
      const walk = (node) => {
        for (const el of node.children) {
          if (el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) n++;
          if (el.shadowRoot) walk(el.shadowRoot);
          walk(el);
        }
      };
      if (host.shadowRoot) walk(host.shadowRoot);
      walk(host);
      return n;
    };
    window.__click = { t0: null, t1: null, base: count() };
    addEventListener(
      'pointerdown',
      (e) => {
        if (window.__click.t0 != null) return;
        window.__click.t0 = e.timeStamp;
        const tick = () => {
          if (count() >= window.__click.base + 5) window.__click.t1 = performance.now();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      // Once: the next measurement on this page (the widget after the bare button) adds its own.
      { capture: true, once: true },
    );
  }, root);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  try {
    await page.waitForFunction(() => window.__click.t1 != null, null, { timeout: 20000 });
  } catch {
    return null;
  }
  return page.evaluate(() => window.__click.t1 - window.__click.t0);
}

/** The host page's own button (see HOST_BUTTON): click → its 6 elements painted. */
async function bareClick(page) {
  await page.evaluate(() => document.getElementById('host-panel').replaceChildren());
  return clickToGrowth(page, page.locator('#host-button'), '#host-panel');
}

/** Hover (when asked), then the click; `clicked` is when the click went out (Date.now(), as the ledger's). */
async function clickToPanel(page, variant, { hover }) {
  const target = launcher(page, variant);
  await target.waitFor({ state: 'visible', timeout: 20000 });
  if (hover) {
    await target.hover();
    await networkQuiet(page, 1000);
    await target.waitFor({ state: 'visible' }); // ours: the real button has replaced the placeholder
  }
  const clicked = Date.now();
  return { ms: await clickToGrowth(page, target, HOSTS[variant]), clicked };
}

/** The files of the ledger in [from, to) (ms since the epoch), daily-js aside: their gzip bytes in all. */
const DAILY = /\/daily-esm-[^/]*$/;
function phaseOf(entries, from, to = Infinity) {
  const files = entries.filter((r) => r.at >= from && r.at < to && !DAILY.test(r.path));
  return { gzip: files.reduce((s, r) => s + r.gzip, 0), files: files.map((r) => r.path) };
}

async function measure(variant) {
  const { context, page, blocked } = await newPage();
  ledger = [];
  await page.goto(`${base}/host/${variant}`, { waitUntil: 'load' });
  const loadEnd = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
  await page.waitForTimeout(6000 * 1); // the idle window
  const tasks = await page.evaluate(() => window.__lt);
  const before = ledger.reduce((s, r) => s + r.gzip, 0);
  const beforeFiles = ledger.map((r) => r.path);
  let clickMs = null;
  let bareMs = null;
  let during = null;
  let duringFiles = [];
  let voice = null;
  let intent = null;
  let callStarted = null;
  let answered = null;
  if (variant !== 'baseline') {
    bareMs = await bareClick(page);
    ledger = [];
    const hovered = Date.now();
    const click = await clickToPanel(page, variant, { hover: true });
    clickMs = click.ms;
    await page.waitForTimeout(3000);
    during = ledger.reduce((s, r) => s + r.gzip, 0);
    duringFiles = ledger.map((r) => r.path);
    if (variant === 'ours' || variant === 'oursIntent') {
      callStarted = await page
        .waitForFunction(() => window.__callStart != null, null, { timeout: 20000 })
        .then(() => true)
        .catch(() => false);
      // The first answer: the demo assistant's greeting on screen (its Markdown renderer loaded).
      answered = await page
        .locator('helena-assistant [part~="message-bot"]')
        .first()
        .waitFor({ state: 'visible', timeout: 20000 })
        .then(() => true)
        .catch(() => false);
      await networkQuiet(page, 1000);
      intent = phaseOf(ledger, hovered, click.clicked);
      voice = phaseOf(ledger, click.clicked);
    }
  }
  await context.close();
  return {
    loadTbt: tbt(tasks, 0, loadEnd + 1000),
    idleTbt: tbt(tasks, loadEnd + 1000, loadEnd + 6000),
    loadTasks: tasks.filter((t) => t.start < loadEnd + 1000).length,
    before,
    beforeFiles,
    during,
    duringFiles,
    clickMs,
    bareMs,
    voice,
    intent,
    callStarted,
    answered,
    blocked: [...new Set(blocked)],
  };
}

async function coldClick(variant) {
  const { context, page } = await newPage();
  await page.goto(`${base}/host/${variant}`, { waitUntil: 'load' });
  const { ms } = await clickToPanel(page, variant, { hover: false });
  await context.close();
  return ms;
}

const VARIANTS = ['baseline', 'ours', 'oursIntent', 'eleven', 'vapi'];
const NAMES = {
  baseline: 'host page alone',
  ours: 'ours, idle prefetch (default)',
  oursIntent: 'ours, `loading="intent"`',
  eleven: `@elevenlabs/convai-widget-embed ${peers.eleven.version}`,
  vapi: `@vapi-ai/client-sdk-react ${peers.vapi.version} UMD`,
};
const results = Object.fromEntries(VARIANTS.map((v) => [v, []]));
console.log(`Chromium ${chromiumVersion}, CPU ${THROTTLE}× throttled, ${RUNS} run(s) per widget, interleaved`);
for (let run = 0; run < RUNS; run++) {
  for (const v of VARIANTS) {
    if (ONLY && !ONLY.includes(v)) continue;
    const r = await measure(v);
    results[v].push(r);
    console.log(
      `  run ${run + 1} ${v.padEnd(10)} before ${kb(r.before).padStart(9)}  interaction ${r.during == null ? '       -' : kb(r.during).padStart(9)}  TBT load ${r.loadTbt.toFixed(0).padStart(4)} ms  idle ${r.idleTbt.toFixed(0).padStart(4)} ms  click→panel ${r.clickMs == null ? '-' : r.clickMs.toFixed(0) + ' ms'} (bare button ${r.bareMs == null ? '-' : r.bareMs.toFixed(0) + ' ms'})${r.voice ? `  on intent ${kb(r.intent.gzip)}  call start + first answer ${kb(r.voice.gzip)}${r.callStarted ? '' : ' (call not active)'}${r.answered ? '' : ' (no answer)'}` : ''}`,
    );
  }
}
if (ONLY) {
  await browser.close();
  await simulator.close();
  server.close();
  process.exit(0);
}
const cold = [];
for (let run = 0; run < RUNS; run++) cold.push(await coldClick('oursIntent'));
console.log(`  cold click → panel (ours, on intent, no hover first): ${cold.map((x) => (x == null ? '-' : x.toFixed(0))).join(', ')} ms`);

await browser.close();
await simulator.close();
server.close();

// ---- the table --------------------------------------------------------------------------------
const base0 = { load: median(results.baseline.map((r) => r.loadTbt)), idle: median(results.baseline.map((r) => r.idleTbt)) };
const row = (v) => {
  const rs = results[v];
  const m = (f) => median(rs.map(f));
  return {
    before: m((r) => r.before),
    during: m((r) => r.during),
    addedLoad: m((r) => r.loadTbt) - base0.load,
    addedIdle: m((r) => r.idleTbt) - base0.idle,
    tasks: m((r) => r.loadTasks),
    click: m((r) => r.clickMs),
    bare: m((r) => r.bareMs),
    // Each run's difference, so that the figure is ours against the same page at the same moment.
    overBare: m((r) => (r.clickMs == null || r.bareMs == null ? null : r.clickMs - r.bareMs)),
    voice: rs[0].voice ? m((r) => r.voice?.gzip) : null,
    voiceMax: rs[0].voice ? Math.max(...rs.map((r) => r.voice?.gzip ?? 0)) : null,
    voiceFiles: rs[0].voice?.files ?? [],
    intent: rs[0].intent ? m((r) => r.intent?.gzip) : null,
    intentMax: rs[0].intent ? Math.max(...rs.map((r) => r.intent?.gzip ?? 0)) : null,
    intentFiles: rs[0].intent?.files ?? [],
    callStarted: rs.filter((r) => r.callStarted).length,
    answered: rs.filter((r) => r.answered).length,
    files: rs[0].beforeFiles,
    duringFiles: rs[0].duringFiles,
    blocked: rs[0].blocked,
  };
};
const rows = Object.fromEntries(VARIANTS.filter((v) => v !== 'baseline').map((v) => [v, row(v)]));
const ms = (x) => (x == null ? 'n/a' : `${Math.round(x)} ms`);
const date = new Date().toISOString().slice(0, 10);
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const lines = [];
lines.push(`## widget (${date}, ${commit}, Chromium ${chromiumVersion}, CPU ${THROTTLE}× throttled, median of ${RUNS})`);
lines.push('');
lines.push(
  'One host page (a static marketing page), served with every widget file by one local server with gzip level 9; sizes are the gzip bytes written. ' +
    `Baseline blocking time of the page alone: ${ms(base0.load)} during load, ${ms(base0.idle)} idle. ` +
    'Nothing left the machine: non-loopback requests were aborted; ElevenLabs\u2019 widget-config request was answered locally. ' +
    'Our demo mode talked to the platform simulator and a fake tRPC endpoint on the same server.',
);
lines.push('');
lines.push(`| measure | ${['ours', 'oursIntent', 'eleven', 'vapi'].map((v) => NAMES[v]).join(' | ')} |`);
lines.push('|---|---:|---:|---:|---:|');
const cols = ['ours', 'oursIntent', 'eleven', 'vapi'];
const cell = (f) => cols.map((v) => f(rows[v])).join(' | ');
lines.push(`| gzip bytes before interaction (load + 6 s) | ${cell((r) => kb(r.before))} |`);
lines.push(`| gzip bytes on first interaction (hover, click, 3 s) | ${cell((r) => kb(r.during ?? 0))} |`);
lines.push(`| added blocking time, page load (nav → load + 1 s) | ${cell((r) => ms(Math.max(0, r.addedLoad)))} |`);
lines.push(`| added blocking time, idle (load + 1 s → + 6 s) | ${cell((r) => ms(Math.max(0, r.addedIdle)))} |`);
lines.push(`| long tasks during page load (incl. the page's own) | ${cell((r) => String(r.tasks))} |`);
lines.push(`| click → panel, preloaded on hover | ${cell((r) => ms(r.click))} |`);
lines.push(`| click → 6 elements, a bare host button on the same page | ${cell((r) => ms(r.bare))} |`);
lines.push(`| click → panel minus the bare button's (median of each run's difference) | ${cell((r) => (r.overBare == null ? 'n/a' : `${r.overBare >= 0 ? '+' : ''}${Math.round(r.overBare)} ms`))} |`);
lines.push(`| on intent, every file (hover until the click, gz) | ${cell((r) => (r.intent == null ? 'in the bundle above' : kb(r.intent)))} |`);
lines.push(`| a call's start with its first answer, every file (gz, daily-js aside) | ${cell((r) => (r.voice == null ? 'in the bundle above' : kb(r.voice)))} |`);
lines.push('');
lines.push(`Cold click → panel (ours, on intent, the click itself loads the UI chunk): median ${ms(median(cold))} (${cold.map((x) => (x == null ? '-' : Math.round(x))).join(', ')} ms).`);
lines.push('');
const runs = (f) => cols.map((v) => `${NAMES[v]} ${results[v].map((r) => (f(r) == null ? '-' : Math.round(f(r)))).join(', ')}`).join('; ');
lines.push(`Every run, blocking time during page load (ms; the page alone: ${results.baseline.map((r) => Math.round(r.loadTbt)).join(', ')}): ${runs((r) => r.loadTbt)}.`);
lines.push(`Every run, click → panel (ms): ${runs((r) => r.clickMs)}.`);
lines.push(`Every run, the bare host button (ms): ${runs((r) => r.bareMs)}.`);
lines.push(
  `The call was active (helena:call-start) after the click in ${rows.ours.callStarted} of ${RUNS} runs (idle prefetch) and ${rows.oursIntent.callStarted} of ${RUNS} (on intent); the first answer was on screen in ${rows.ours.answered} and ${rows.oursIntent.answered}. ` +
    `On intent, files (on intent): ${rows.oursIntent.intentFiles.join(', ') || 'none'}; the build counts ${manifest.intent.gzip} B gz in ${manifest.intent.files.length} file(s). ` +
    `A call's start with its first answer, files: ${rows.ours.voiceFiles.join(', ')}; the build counts ${manifest.voice.gzip} B gz in ${manifest.voice.files.length} files (widget/dist/manifest.json).`,
);
const daily = Object.entries(manifest.files).find(([name]) => /daily/.test(name));
if (daily) {
  lines.push(
    `Demo mode never loads daily-js; with a \`public-key\` (a real call) the SDK also loads it at the first call: ${kb(daily[1].gzip)} more on first interaction (${daily[0]}). The two peers ship their call stack in the bundle they load up front.`,
  );
}
lines.push('');
lines.push(`Files before interaction: ours ${rows.ours.files.join(', ')}; on intent ${rows.oursIntent.files.join(', ')}; ElevenLabs ${rows.eleven.files.join(', ')}; Vapi ${rows.vapi.files.join(', ')}.`);
lines.push(`Files on first interaction: ours ${rows.ours.duringFiles.join(', ') || 'none'}; on intent ${rows.oursIntent.duringFiles.join(', ') || 'none'}; ElevenLabs ${rows.eleven.duringFiles.join(', ') || 'none'}; Vapi ${rows.vapi.duringFiles.join(', ') || 'none'}.`);
const blockedAll = [...new Set(cols.flatMap((v) => rows[v].blocked))];
if (blockedAll.length) lines.push(`Requests aborted (would have left the machine): ${cols.map((v) => `${v}: ${rows[v].blocked.join(', ') || 'none'}`).join('; ')}.`);
lines.push('');
const loaderGz = manifest.files['helena-assistant.js'].gzip;
const uiGz = manifest.files[manifest.ui].gzip;
const goal = (ok) => (ok ? 'met' : 'NOT met');
lines.push(`- loader ≤ 2 KB gz: ${goal(loaderGz <= 2048)} (${loaderGz} B)`);
// A phase counts whole: every file downloaded in it, in the browser (the largest of the runs) and by the build's count.
const intentSeen = Math.max(rows.ours.intentMax ?? 0, rows.oursIntent.intentMax ?? 0);
lines.push(
  `- on intent (hover, then the click) ≤ 85 KB gz in all: ${goal(intentSeen <= 85 * 1024 && manifest.intent.gzip <= 85 * 1024)} (${kb(rows.oursIntent.intentMax)} at most in the browser, on intent; ${kb(manifest.intent.gzip)} by the build's count: the UI chunk ${kb(uiGz)}, React 19 + react-dom, sonner, r2wc, zustand, our UI; sonner's stylesheet comes with the first toast)`,
);
// What the lead server sends: the brotli copy written at build (quality 11), to browsers that accept br.
const uiBr = brotliCompressSync(readFileSync(join(dist, manifest.ui)), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
lines.push(`- UI chunk ≤ 75 KB on the wire from our server (brotli 11, precompressed at build): ${goal(uiBr <= 75 * 1024)} (${kb(uiBr)})`);
lines.push(`- no long task from the widget during page load, ≤ 25 ms added blocking time at 4×: ${goal(rows.oursIntent.addedLoad <= 25 && rows.ours.addedLoad <= 25)} (${ms(Math.max(0, rows.ours.addedLoad))} / ${ms(Math.max(0, rows.oursIntent.addedLoad))}; idle prefetch ${ms(Math.max(0, rows.ours.addedIdle))} after load)`);
lines.push(`- click → panel ≤ 100 ms when preloaded on hover: ${goal(rows.ours.click != null && rows.ours.click <= 100)} (${ms(rows.ours.click)})`);
lines.push(
  `- click → panel within 50 ms of a bare host button's click, with the call starting: ${goal(rows.ours.overBare != null && rows.ours.overBare <= 50 && rows.ours.callStarted === RUNS)} (${ms(rows.ours.click)} against ${ms(rows.ours.bare)}: ${ms(rows.ours.overBare)} more; call active in ${rows.ours.callStarted}/${RUNS} runs)`,
);
const voiceSeen = Math.max(rows.ours.voiceMax ?? 0, rows.oursIntent.voiceMax ?? 0);
lines.push(
  `- a demo call's start with its first answer ≤ 25 KB gz in all (daily-js aside): ${goal(voiceSeen <= 25 * 1024 && manifest.voice.gzip <= 25 * 1024 && rows.ours.answered === RUNS)} (${kb(voiceSeen)} at most in the browser; ${kb(manifest.voice.gzip)} by the build's count: call layer, tRPC client, Markdown renderer)`,
);
const md = lines.join('\n');
console.log('\n' + md);
if (MD) writeFileSync(MD, md + '\n');
