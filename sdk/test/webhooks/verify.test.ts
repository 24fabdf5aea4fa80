// The Server URL verifier, with every signature computed here by node:crypto (not by the code
// under test), through Fetch Requests and through a real Node HTTP server's IncomingMessage.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signServerMessage, verifyServerRequest, type ServerRequestVerification } from '@helena/sdk';

const SECRET = 'whsec-helena-test-1';
const body = JSON.stringify({ message: { type: 'status-update', status: 'in-progress', call: { id: 'call_1' } } });
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

const post = (headers: Record<string, string>, data = body) => new Request('http://127.0.0.1/api/vapi/events', { method: 'POST', headers, body: data });

describe('verifyServerRequest with a Fetch Request', () => {
  it('accepts an HMAC-SHA256 hex signature of the raw body, with or without a sha256= prefix, any case', async () => {
    const sig = hmac(SECRET, body);
    for (const value of [sig, `sha256=${sig}`, sig.toUpperCase()]) {
      expect(await verifyServerRequest(post({ 'x-vapi-signature': value }), { secret: SECRET })).toEqual({ ok: true, method: 'hmac', body });
    }
  });

  it('refuses a signature of other bytes, under another secret, or truncated', async () => {
    const cases = [hmac(SECRET, body + ' '), hmac('other-secret', body), hmac(SECRET, body).slice(0, 63), ''];
    for (const value of cases) {
      expect(await verifyServerRequest(post({ 'x-vapi-signature': value }), { secret: SECRET })).toEqual({ ok: false, reason: 'bad-signature' });
    }
  });

  it('a present signature is authoritative: a right bearer does not rescue a wrong signature', async () => {
    const r = await verifyServerRequest(post({ 'x-vapi-signature': hmac('x', body), authorization: `Bearer ${SECRET}` }), { secret: SECRET });
    expect(r).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('accepts the bearer token and the X-Vapi-Secret header, and refuses wrong ones', async () => {
    expect(await verifyServerRequest(post({ authorization: `Bearer ${SECRET}` }), { secret: SECRET })).toMatchObject({ ok: true, method: 'bearer' });
    expect(await verifyServerRequest(post({ 'x-vapi-secret': SECRET }), { secret: SECRET })).toMatchObject({ ok: true, method: 'secret-header' });
    for (const headers of <Record<string, string>[]>[{ authorization: `Bearer ${SECRET}x` }, { authorization: 'Bearer ' + SECRET.slice(1) }, { 'x-vapi-secret': 'nope' }]) {
      expect(await verifyServerRequest(post(headers), { secret: SECRET })).toEqual({ ok: false, reason: 'bad-credential' });
    }
  });

  it('refuses a request with no credential, or a Basic one', async () => {
    expect(await verifyServerRequest(post({}), { secret: SECRET })).toEqual({ ok: false, reason: 'no-credential' });
    expect(await verifyServerRequest(post({ authorization: `Basic ${btoa('a:b')}` }), { secret: SECRET })).toEqual({ ok: false, reason: 'no-credential' });
  });

  it('accepts any secret of a rotation list', async () => {
    const r = await verifyServerRequest(post({ 'x-vapi-signature': hmac('new-secret', body) }), { secret: [SECRET, 'new-secret'] });
    expect(r).toMatchObject({ ok: true, method: 'hmac' });
  });

  it('refuses a body over the limit before hashing it, and an empty secret outright', async () => {
    const big = 'x'.repeat(2048);
    expect(await verifyServerRequest(post({ 'x-vapi-signature': hmac(SECRET, big) }, big), { secret: SECRET, maxBodyBytes: 1024 })).toEqual({
      ok: false,
      reason: 'body-too-large',
    });
    await expect(verifyServerRequest(post({ 'x-vapi-secret': '' }), { secret: '' })).rejects.toThrow(TypeError);
  });

  it('verifies a raw body a framework already read', async () => {
    const req = post({ 'x-vapi-signature': hmac(SECRET, body) }, 'ignored');
    expect(await verifyServerRequest(req, { secret: SECRET, rawBody: body })).toEqual({ ok: true, method: 'hmac', body });
  });

  it('signServerMessage agrees with node:crypto (for simulators and tests that send messages)', async () => {
    expect(await signServerMessage(SECRET, body)).toBe(hmac(SECRET, body));
    const utf8 = JSON.stringify({ message: { type: 'transcript', transcript: 'Quiero una propuesta, ¿cuánto cuesta? 😀' } });
    expect(await signServerMessage(SECRET, utf8)).toBe(hmac(SECRET, utf8));
  });

  it('keeps each secret apart, however many secrets come and go, in any order', async () => {
    const secrets = Array.from({ length: 20 }, (_, i) => `whsec-rotation-${i}`);
    for (const secret of [...secrets, ...secrets.reverse(), SECRET, secrets[3]!, SECRET]) {
      expect(await signServerMessage(secret, body)).toBe(hmac(secret, body));
      expect(await verifyServerRequest(post({ 'x-vapi-signature': hmac(secret, body) }), { secret: [secret] })).toEqual({ ok: true, method: 'hmac', body });
      expect((await verifyServerRequest(post({ 'x-vapi-signature': hmac(secret, body) }), { secret: `${secret}-other` })).ok).toBe(false);
    }
    const concurrent = await Promise.all(secrets.map((secret) => signServerMessage(secret, body)));
    expect(concurrent).toEqual(secrets.map((secret) => hmac(secret, body)));
  });
});

describe('verifyServerRequest with a Node IncomingMessage', () => {
  let url = '';
  const seen: ServerRequestVerification[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    void verifyServerRequest(req, { secret: SECRET, maxBodyBytes: 64 * 1024 }).then((r) => {
      seen.push(r);
      res.writeHead(r.ok ? 200 : 401).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the streamed body and checks each credential form', async () => {
    const multiByte = JSON.stringify({ message: { type: 'transcript', transcript: 'señal ñ '.repeat(2000) } });
    const send = (headers: Record<string, string>, data: string) => fetch(url, { method: 'POST', headers, body: data });
    expect((await send({ 'x-vapi-signature': hmac(SECRET, multiByte) }, multiByte)).status).toBe(200);
    expect(seen.at(-1)).toEqual({ ok: true, method: 'hmac', body: multiByte });
    expect((await send({ authorization: `Bearer ${SECRET}` }, body)).status).toBe(200);
    expect((await send({ 'x-vapi-secret': SECRET }, body)).status).toBe(200);
    expect((await send({ 'x-vapi-signature': hmac(SECRET, body) }, body + '\n')).status).toBe(401);
    expect(seen.at(-1)).toEqual({ ok: false, reason: 'bad-signature' });
    expect((await send({}, body)).status).toBe(401);
    const huge = 'y'.repeat(70 * 1024);
    expect((await send({ 'x-vapi-signature': hmac(SECRET, huge) }, huge)).status).toBe(401);
    expect(seen.at(-1)).toEqual({ ok: false, reason: 'body-too-large' });
  });
});
