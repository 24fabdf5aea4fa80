/**
 * A page left during a live call closes its vapi_call row with a request that outlives the page:
 * a POST to the tRPC mutation with `keepalive`, sent on `pagehide`. A real HTTP server on
 * 127.0.0.1 receives it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore, settle, type Harness } from './helpers/doubles';

let h: Harness | undefined;
const closers: Array<() => unknown> = [];
afterEach(async () => {
  h?.store.getState().detach();
  while (closers.length) await closers.pop()!();
});

async function recordingServer() {
  const received: Array<{ method?: string; url?: string; body: any }> = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (req.method !== 'OPTIONS') received.push({ method: req.method, url: req.url, body: text ? JSON.parse(text) : undefined });
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
      });
      res.end(JSON.stringify({ result: { data: { id: 'vapi-row-1' } } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('pagehide during a call', () => {
  it('posts vapi_call.update to inactive, with the row token, once', async () => {
    const { url, received } = await recordingServer();
    h = makeStore({ apiUrl: url });
    await h.store.getState().startCall();
    await settle();
    expect(h.store.getState().status).toBe('active');
    await expect.poll(() => h!.api.named('createVapiCall').length).toBe(1);
    await settle();

    window.dispatchEvent(new Event('pagehide'));
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/api/trpc/vapi_call.update',
      body: { id: 'vapi-row-1', token: 'tok-0123456789abcdef', status: 'inactive' },
    });
    expect(typeof received[0]!.body.initial_data.end_time).toBe('string');

    // The call's own end does not close the row a second time.
    h.voice.emit('call-end');
    await settle();
    expect(h.api.named('updateVapiCall')).toHaveLength(0);
  });

  it('does nothing when no call is live', async () => {
    const { url, received } = await recordingServer();
    h = makeStore({ apiUrl: url });
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(received).toEqual([]);
  });
});
