// A burst of requests read in one poll used to run all its handlers in one turn of the event loop,
// so connections waiting to be accepted waited for the whole batch. `takeTurns` starts one handler
// per turn, in arrival order, and is no lock: a handler that waits on another request never blocks it.
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, expect, it } from 'vitest';
import { takeTurns } from '../src/http/take-turns';

let server: ServerType | undefined;
let stopTicker = (): void => {};

afterEach(async () => {
  stopTicker();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Counts turns of the event loop: an immediate that re-queues itself runs once per turn. */
function turnCounter(): { readonly turn: number } {
  const counter = { turn: 0 };
  let running = true;
  const tick = (): void => {
    counter.turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  stopTicker = () => (running = false);
  return counter;
}

async function listen(app: Hono): Promise<string> {
  return new Promise((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
}

function get(url: string, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

it('starts one handler per turn of the event loop, in the order the requests arrived', async () => {
  const counter = turnCounter();
  const arrived: string[] = [];
  const started: { id: string; turn: number }[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    arrived.push(c.req.query('id')!);
    await next();
  });
  app.use('*', takeTurns());
  app.get('/work', (c) => {
    const id = c.req.query('id')!;
    started.push({ id, turn: counter.turn });
    // Synchronous work, as a better-sqlite3 query is.
    const until = performance.now() + 5;
    while (performance.now() < until);
    return c.text(id);
  });
  // Every connection is accepted first (one per turn), so the burst below is read in one poll.
  let connected = (): void => {};
  const allConnected = new Promise<void>((resolve) => (connected = resolve));
  let holding = 0;
  app.get('/hold', async (c) => {
    if (++holding === 12) connected();
    await allConnected;
    return c.text('held');
  });
  const url = await listen(app);
  const agent = new Agent({ keepAlive: true, maxSockets: 12 });
  await Promise.all(Array.from({ length: 12 }, () => get(`${url}/hold?id=hold`, agent)));
  arrived.length = 0;
  started.length = 0;

  const ids = Array.from({ length: 12 }, (_, i) => `r${i}`);
  const bodies = await Promise.all(ids.map((id) => get(`${url}/work?id=${id}`, agent)));
  agent.destroy();

  expect(bodies).toEqual(ids);
  expect(started.map((s) => s.id)).toEqual(arrived);
  for (let i = 1; i < started.length; i++) expect(started[i]!.turn).toBeGreaterThan(started[i - 1]!.turn);
});

it('is no lock: a handler that waits for a later request does not hold it back', async () => {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = new Hono();
  app.use('*', takeTurns());
  app.get('/first', async (c) => {
    await released;
    return c.text('first');
  });
  app.get('/second', (c) => {
    release();
    return c.text('second');
  });
  const url = await listen(app);
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });

  const first = get(`${url}/first`, agent);
  await expect(get(`${url}/second`, agent)).resolves.toBe('second');
  await expect(first).resolves.toBe('first');
  agent.destroy();
});

it('lets the next request start when a handler fails', async () => {
  const app = new Hono();
  app.use('*', takeTurns());
  app.get('/fails', () => {
    throw new Error('boom');
  });
  app.get('/ok', (c) => c.text('ok'));
  app.onError((_error, c) => c.text('failed', 500));
  const url = await listen(app);
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });

  const answers = await Promise.all([get(`${url}/fails`, agent), get(`${url}/ok`, agent), get(`${url}/fails`, agent), get(`${url}/ok`, agent)]);
  agent.destroy();
  expect(answers).toEqual(['failed', 'ok', 'failed', 'ok']);
});
