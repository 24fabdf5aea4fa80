// Acceptance in Chromium: a page that bundles WebCallClient + createSimulatedCallObject (esbuild)
// completes a whole call against the platform simulator, over the browser's own WebSocket, from
// another origin (so CORS is exercised too). The record is read back through createPlatformClient.
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createPlatformClient } from '@helena/sdk';
import { DEMO_DIALOGUE } from '@helena/contract';
import { createPlatformSimulator, type ListeningSimulator, type PlatformSimulator } from '@helena/simulator/node';

const root = fileURLToPath(new URL('..', import.meta.url));

const PAGE_SCRIPT = `
import { WebCallClient } from '@helena/sdk/web';
import { createSimulatedCallObject } from '@helena/simulator';

const log = { events: [], messages: [], volumes: [], errors: [] };
let client = null;
const list = document.getElementById('transcript');
const show = (who, text) => {
  const li = document.createElement('li');
  li.textContent = who + ': ' + text;
  list.appendChild(li);
};

window.harness = {
  log,
  async start(baseUrl, publicKey, assistantId) {
    client = new WebCallClient({ token: publicKey, baseUrl, createCallObject: createSimulatedCallObject });
    for (const name of ['call-start', 'call-end', 'speech-start', 'speech-end', 'call-start-success', 'call-start-failed']) {
      client.on(name, () => {
        log.events.push(name);
        document.getElementById('status').textContent = name;
      });
    }
    client.on('error', (e) => log.errors.push(e));
    client.on('volume-level', (v) => log.volumes.push(v));
    client.on('message', (m) => {
      log.messages.push(m);
      if (m.type === 'transcript' && m.transcriptType === 'final') show(m.role === 'assistant' ? 'Helena' : 'Tú', m.transcript);
    });
    const call = await client.start(assistantId);
    return call && call.id;
  },
  send(content) {
    show('Tú', content);
    client.send({ type: 'add-message', message: { role: 'user', content } });
  },
  stop() {
    return client.stop();
  },
};
document.getElementById('status').textContent = 'ready';
`;

const PAGE_HTML = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>SDK + simulator</title></head>
<body><h1>WebCallClient + simulated call object</h1><p id="status">loading</p><ol id="transcript"></ol>
<script type="module" src="/bundle.js"></script></body></html>`;

async function bundle(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: root, loader: 'js' },
    absWorkingDir: root,
    tsconfig: 'tsconfig.json',
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    // Never loaded here: the page passes createSimulatedCallObject as createCallObject.
    external: ['@daily-co/daily-js'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

let simulator: PlatformSimulator;
let api: ListeningSimulator;
let pageServer: Server;
let pageUrl: string;

test.beforeAll(async () => {
  simulator = createPlatformSimulator({ dialogue: DEMO_DIALOGUE, script: { speed: 4 } });
  api = await simulator.listen();
  const js = await bundle();
  expect(js).not.toMatch(/from ["']ws["']|WebSocketServer|hono/);
  pageServer = createServer((req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(js);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE_HTML);
    }
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  const { port } = pageServer.address() as { port: number };
  // localhost, not 127.0.0.1: another origin than the simulator's.
  pageUrl = `http://localhost:${port}/`;
});

test.afterAll(async () => {
  await simulator?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
});

test('WebCallClient completes a whole call against the simulator in Chromium', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const platform = createPlatformClient({ token: simulator.privateKey, baseUrl: api.url, retry: 0 });
  const assistant = await platform.assistants.create({ name: 'Helena', firstMessage: '¡Hola! Soy Helena. ¿En qué puedo ayudarte?' });

  await page.goto(pageUrl);
  await expect(page.locator('#status')).toHaveText('ready');
  const callId = await page.evaluate(
    ([url, key, id]) => (window as any).harness.start(url, key, id) as Promise<string>,
    [api.url, simulator.publicKey, assistant.id] as const,
  );
  expect(callId).toMatch(/^[0-9a-f-]{36}$/);

  const log = () => page.evaluate(() => (window as any).harness.log as { events: string[]; messages: any[]; volumes: number[]; errors: unknown[] });
  const finals = async () => (await log()).messages.filter((m) => m.type === 'transcript' && m.role === 'assistant' && m.transcriptType === 'final').map((m) => m.transcript);

  await expect.poll(async () => (await log()).events).toContain('call-start');
  await expect.poll(finals).toEqual(['¡Hola! Soy Helena. ¿En qué puedo ayudarte?']);
  await expect(page.locator('#transcript li').first()).toHaveText('Helena: ¡Hola! Soy Helena. ¿En qué puedo ayudarte?');
  await expect.poll(async () => (await log()).events).toContain('speech-start');
  expect(Math.max(...(await log()).volumes)).toBeGreaterThan(0);

  await page.evaluate(() => (window as any).harness.send('Tengo una clínica dental en Sevilla'));
  await expect.poll(async () => (await finals()).length).toBe(2);
  expect((await finals())[1]).toMatch(/correo electrónico/);

  await page.evaluate(() => (window as any).harness.stop());
  await expect.poll(async () => (await log()).events).toContain('call-end');
  expect((await log()).errors).toEqual([]);

  const call = await platform.calls.get(callId);
  expect(call).toMatchObject({ id: callId, status: 'ended', endedReason: 'customer-ended-call' });
  expect((call.messages ?? []).some((m: any) => m.role === 'user' && m.message === 'Tengo una clínica dental en Sevilla')).toBe(true);
  expect(call.analysis?.summary).toBe('Negocio: una clínica dental en Sevilla. No dejó su correo.');
  expect(consoleErrors).toEqual([]);
});
