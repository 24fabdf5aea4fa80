// Embedded defaults and the hooks the lead wires: local Postmark sink at /dev, static roots,
// a mounted sub-app, onServer, and a graceful shutdown that drains requests.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { registerLead, rpc, startTestServer, tempDir, waitFor } from './helpers';
import type { RunningServer } from '../src/server';
import { INBOX_MESSAGE_HEAD } from '../src/mail/sink';

let tmp: ReturnType<typeof tempDir>;
let srv: RunningServer;
let hooked: Server | null = null;

beforeAll(async () => {
  tmp = tempDir();
  const site = join(tmp.dir, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Demo</title>');
  writeFileSync(join(site, 'helena-assistant.js'), 'export {};');
  writeFileSync(join(site, 'assets', 'chunk-AB12CD34.js'), 'export const x = 1;');
  const sim = new Hono();
  sim.get('/ping', (c) => c.json({ pong: true, path: c.req.path }));
  sim.get('/slow', async (c) => {
    await new Promise((r) => setTimeout(r, 400));
    return c.text('done');
  });
  srv = await startTestServer(
    { DATABASE_PATH: join(tmp.dir, 'hooks.db') },
    {
      staticRoots: [{ prefix: '/', dir: site }],
      mounts: [
        { prefix: '/sim', app: sim },
        { prefix: '/raw', app: { fetch: (req: Request) => Response.json({ path: new URL(req.url).pathname }) } },
      ],
      devMail: true,
      onServer: (s) => {
        hooked = s;
      },
    },
  );
});
afterAll(async () => {
  await srv?.close();
  tmp?.cleanup();
});

describe('embedded mail: no POSTMARK_SERVER_TOKEN', () => {
  it('the real client delivers to the local sink; in demo mode the inbox is at /dev/mail', async () => {
    const lead = await registerLead(srv.url, { email: 'demo@example.com', name: 'Demo <b>', company: 'Demo SA' });
    await rpc(srv.url, 'proposal.send', { callId: lead.callId, token: lead.token });
    const list = await waitFor(async () => {
      const l = await (await fetch(`${srv.url}/dev/mail.json`)).json();
      return l.length >= 2 && l;
    });
    expect(list.map((m: any) => m.to)).toEqual(['demo@example.com', 'demo@example.com']);
    expect(Object.keys(list[0]).sort()).toEqual(['from', 'html', 'id', 'receivedAt', 'subject', 'text', 'to']);
    const page = await fetch(`${srv.url}/dev/mail`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Demo SA');
    expect(text).not.toContain('<b>');
    const frame = await fetch(`${srv.url}/dev/mail/${list[0].id}`);
    // Sandboxed: no script, an opaque origin; only a link may open, in a tab of its own.
    const csp = frame.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin|allow-top-navigation/);
    const shown = await frame.text();
    expect(shown).toMatch(/<head>[^]*<base target="_blank">/);
    expect(shown.replace(INBOX_MESSAGE_HEAD, '')).toBe(list[0].html);
    expect((await fetch(`${srv.url}/dev/mail/nope`)).status).toBe(404);
    // The sink's API is not open to anyone: it needs the per-process token.
    const r = await fetch(`${srv.url}/dev/postmark/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(401);
  });
});

describe('static roots, mounts, onServer', () => {
  it('serves the site and the widget bundle with the right cache headers', async () => {
    const index = await fetch(`${srv.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    const loader = await fetch(`${srv.url}/helena-assistant.js`);
    expect(loader.headers.get('content-type')).toContain('javascript');
    expect(loader.headers.get('cache-control')).toBe('no-cache');
    expect(loader.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = loader.headers.get('etag')!;
    expect((await fetch(`${srv.url}/helena-assistant.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const chunk = await fetch(`${srv.url}/assets/chunk-AB12CD34.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${srv.url}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${srv.url}/nope.js`)).status).toBe(404);
  });

  it('mounts a Hono sub-app (routed: it sees the full path) or a fetch handler (prefix stripped), and calls onServer', async () => {
    const r = await fetch(`${srv.url}/sim/ping`);
    expect(await r.json()).toEqual({ pong: true, path: '/sim/ping' });
    const raw = await fetch(`${srv.url}/raw/a/b`);
    expect(await raw.json()).toEqual({ path: '/a/b' });
    expect(hooked).toBe(srv.server);
  });
});

describe('graceful shutdown', () => {
  it('drains the request in flight, then refuses new ones and closes the database', async () => {
    const t2 = tempDir();
    const sim = new Hono();
    // The handler says when it has the request and answers only when released, so the test
    // closes the server exactly while a request is in flight, however slow the machine.
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    sim.get('/slow', async (c) => {
      arrived();
      await released;
      return c.text('done');
    });
    const s = await startTestServer({ DATABASE_PATH: join(t2.dir, 'drain.db') }, { mounts: [{ prefix: '/sim', app: sim }] });
    try {
      const inFlight = fetch(`${s.url}/sim/slow`).then(async (r) => [r.status, await r.text()]);
      await inHandler;
      const closed = s.close();
      // New connections are refused while the one in flight is still being served.
      await vi.waitFor(() => expect(fetch(`${s.url}/healthz`)).rejects.toThrow());
      release();
      expect(await inFlight).toEqual([200, 'done']);
      await closed;
      await expect(s.db.ping()).rejects.toThrow();
    } finally {
      t2.cleanup();
    }
  });
});
