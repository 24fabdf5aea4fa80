// An IP address is personal data: no log line holds a whole one. Requests from IPv4, IPv6 and
// IPv4-mapped clients (through a trusted proxy's X-Forwarded-For) go to a real server, and every
// line it writes is read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { rpc, startTestServer, tempDir } from './helpers';
import { createLogger } from '../src/log';
import { loggedIp } from '../src/http/logged-ip';
import type { RunningServer } from '../src/server';

describe('loggedIp', () => {
  it('keeps an IPv4 address’s /24 and an IPv6 address’s /48', () => {
    expect(loggedIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(loggedIp('2001:db8:abcd:12:34::1')).toBe('2001:db8:abcd::/48');
    expect(loggedIp('2001:0db8:0001:ffff:ffff:ffff:ffff:ffff')).toBe('2001:db8:1::/48');
  });
  it('reads an IPv4 address seen through an IPv6 socket as IPv4', () => {
    expect(loggedIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });
  it('writes what is not an address as unknown, never as it came', () => {
    expect(loggedIp('unknown')).toBe('unknown');
    expect(loggedIp('lucia@example.com')).toBe('unknown');
  });
});

describe('the server’s log lines', () => {
  let srv: RunningServer;
  const lines: string[] = [];
  const tmp = tempDir();
  beforeAll(async () => {
    srv = await startTestServer(
      { DATABASE_PATH: join(tmp.dir, 'ip.db'), TRUST_PROXY: 'true' },
      { log: createLogger({ level: 'info', sink: { write: (line: string) => lines.push(line) } }) },
    );
  });
  afterAll(async () => {
    await srv?.close();
    tmp.cleanup();
  });

  const clients = [
    { ip: '203.0.113.77', network: '203.0.113.0/24' },
    { ip: '2001:db8:abcd:12:34::1', network: '2001:db8:abcd::/48' },
    { ip: '::ffff:198.51.100.9', network: '198.51.100.0/24' },
  ];

  it('write each client’s network, never its address, in the request line and in warnings', async () => {
    for (const [i, { ip }] of clients.entries()) {
      const headers = { 'x-forwarded-for': ip };
      const res = await fetch(`${srv.url}/healthz`, { headers });
      expect(res.status).toBe(200);
      // A wrong capability token is logged as a warning with the client's address.
      const created = await rpc(srv.url, 'vapi_call.create', { vapi_id: `call-ip-${i}`, initial_data: {}, status: 'active' }, { headers });
      expect(created.status).toBe(200);
      const { id, token } = created.body.result.data as { id: string; token: string };
      const wrong = await rpc(srv.url, 'vapi_call.update', { id, token: token.slice(1) + (token[0] === 'a' ? 'b' : 'a'), status: 'inactive' }, { headers });
      expect(wrong.status).toBe(403);
    }
    await expect.poll(() => lines.filter((l) => l.includes('with a wrong token')).length).toBe(clients.length);
    await expect.poll(() => lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(clients.length * 3);
    const all = lines.join('\n');
    for (const { ip, network } of clients) {
      expect(all).not.toContain(ip);
      expect(all).toContain(`"ip":"${network}"`);
    }
    expect(all).not.toContain('198.51.100.9');
  });
});
