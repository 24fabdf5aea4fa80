// A few hundred malformed inputs, from a small seeded generator: the server never answers 5xx,
// on SQLite and on PostgreSQL (TEST_DATABASE_URL). And a lone UTF-16 surrogate in any text field
// is a 400 on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSchema, registerLead, rpc, suiteServer, PG_URL } from './helpers';

/** encodeURIComponent throws on lone surrogates; a browser would have sent U+FFFD. */
const enc = (s: string) => encodeURIComponent((s as any).toWellFormed());
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const EMAIL_API_KEY = 'fuzz-test-email-api-key';

/** mulberry32 */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed: number) {
  const r = rng(seed);
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const deep = (d: number, kind: 'a' | 'o'): unknown => (d === 0 ? 1 : kind === 'a' ? [deep(d - 1, kind)] : { x: deep(d - 1, kind) });
  const strings = [
    '',
    ' ',
    'a',
    '\u0000',
    'nul\u0000inside',
    '<script>alert(1)</script>',
    "'; drop table customer; --",
    '💥'.repeat(50),
    '\ud800',
    'x'.repeat(300),
    'x'.repeat(20_000),
    'a@b',
    'a@b.c',
    'ANA@ACME.COM',
    ' @example.com',
    'user@@example.com',
    '01900000-0000-7000-8000-000000000000',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'completada',
    'enviada',
    'active',
    'inactive',
    '__proto__',
    'constructor',
    '{"a":1}',
    '%00',
    '../../etc/passwd',
  ];
  const scalar = (): unknown =>
    pick<() => unknown>([
      () => pick(strings),
      () => int(2) === 0,
      () => null,
      () => pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER]),
      () => String.fromCharCode(...Array.from({ length: int(40) }, () => int(0xffff))),
    ])();
  const value = (depth = 0): unknown => {
    const k = int(10);
    if (depth > 3 || k < 6) return scalar();
    if (k === 6) return Array.from({ length: int(5) }, () => value(depth + 1));
    if (k === 7) return deep(50 + int(3000), int(2) ? 'a' : 'o');
    const o: Record<string, unknown> = {};
    for (let i = 0; i < int(6); i++) o[pick([...strings.slice(0, 6), 'email', 'id', 'token', 'status', 'initial_data', 'a'])] = value(depth + 1);
    return o;
  };
  const fields: Record<string, string[]> = {
    'customer.create': ['email', 'name', 'cargo', 'company', 'pag_web', 'website'],
    'customer.upsert': ['email', 'name', 'cargo', 'company', 'website'],
    'calls.createWithVerification': ['transaction', 'customer_id', 'vapi_call_id', 'vapi_call_token', 'status', 'summary'],
    'vapi_call.create': ['vapi_id', 'initial_data', 'status'],
    'vapi_call.update': ['id', 'token', 'status', 'initial_data'],
    'vapi_call.getByVapiId': ['vapi_id'],
    'proposal.send': ['callId', 'token'],
  };
  const input = (proc: string): unknown => {
    const k = int(10);
    if (k === 0) return value(3);
    if (k === 1) return pick([[], 'x', 1, null, true]);
    const o: Record<string, unknown> = {};
    for (const f of fields[proc]!) if (int(4) !== 0) o[f] = value(1);
    if (int(5) === 0) o[pick(strings)] = value(2);
    return o;
  };
  return { r, int, pick, value, input, procedures: Object.keys(fields), strings };
}

function fuzzSuite(dialect: 'sqlite' | 'postgres') {
  const env: Record<string, string> = { EMAIL_API_KEY };
  let drop: (() => Promise<void>) | undefined;
  if (dialect === 'postgres') {
    beforeAll(async () => {
      const schema = await pgSchema('helena_fuzz_');
      env.DATABASE_URL = schema.url;
      drop = () => schema.drop();
    });
    afterAll(async () => drop?.());
  }
  const suite = suiteServer(env, 'fuzz.db');

  it('a lone surrogate in any text field is a 400, never a 500', async () => {
    const lead = await registerLead(suite.base, { email: 'surrogate@example.com' });
    const lone = ['\ud800', 'a\udc00b', 'x\ud83d'];
    const cases: [string, Record<string, unknown>][] = [
      ['customer.upsert', { email: 'ana@example.com', name: '' }],
      ['customer.upsert', { email: 'ana@example.com', company: '' }],
      ['customer.create', { email: 'ana@example.com', pag_web: '' }],
      ['calls.createWithVerification', { transaction: '', customer_id: lead.customerId, status: 'completada' }],
      ['calls.createWithVerification', { transaction: 'propuesta-1', customer_id: lead.customerId, status: 'completada', summary: '' }],
      ['vapi_call.create', { vapi_id: '', initial_data: {}, status: 'active' }],
      ['vapi_call.create', { vapi_id: 'v-lone', initial_data: { nested: { deep: [''] } }, status: 'active' }],
      ['vapi_call.create', { vapi_id: 'v-lone-key', initial_data: { '': 1 }, status: 'active' }],
      ['vapi_call.update', { id: lead.vapiCallId, token: lead.token, status: 'inactive', initial_data: { note: '' } }],
    ];
    for (const surrogate of lone) {
      for (const [proc, input] of cases) {
        // Put the surrogate where the empty string (or empty key) is.
        const json = JSON.stringify(input).replace(/""/, JSON.stringify(surrogate));
        const res = await fetch(`${suite.base}/api/trpc/${proc}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
        expect(res.status, `${proc} ${json}`).toBe(400);
      }
      const email = await rpc(suite.base, 'customer.upsert', { email: `a${surrogate}@example.com` });
      expect(email.status).toBe(400);
    }
  });

  it(`never produce a 5xx (seed ${SEED})`, async () => {
    const g = generator(SEED);
    // Some real rows, so ids in the fuzz sometimes exist.
    const lead = await registerLead(suite.base, { email: 'fuzz@example.com', name: 'Fuzz' });
    g.strings.push(lead.callId, lead.customerId, lead.vapiCallId, lead.token);
    const failures: string[] = [];
    let count = 0;
    const check = async (label: string, url: string, init: RequestInit) => {
      count++;
      let status: number;
      try {
        const res = await fetch(url, init);
        status = res.status;
        const text = await res.text();
        if (/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/.test(text)) failures.push(`${label}: stack trace in body`);
      } catch (err) {
        failures.push(`${label}: ${(err as Error).message}`);
        return;
      }
      if (status >= 500) failures.push(`${label}: HTTP ${status} ${(typeof init.body === 'string' ? init.body : '').slice(0, 200)}`);
    };

    // 1) procedure inputs, over the right transport
    for (let i = 0; i < 300; i++) {
      const proc = g.pick(g.procedures);
      const input = g.input(proc);
      const query = proc === 'vapi_call.getByVapiId';
      const json = JSON.stringify(input) ?? 'null';
      if (query) await check(`GET ${proc}`, `${suite.base}/api/trpc/${proc}?input=${enc(json)}`, {});
      else await check(`POST ${proc}`, `${suite.base}/api/trpc/${proc}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
    }

    // 2) broken transport: bodies, methods, content types, paths, query strings
    const bodies = ['', '{', 'null', '[]', '{"0":{}}', 'not json', '\u0000', '{"email":', '"x"', '{"json":{"email":"a@b.co"}}', '1e309'];
    for (let i = 0; i < 120; i++) {
      const proc = g.int(6) === 0 ? g.pick(['nope', 'customer', 'customer.upsert.x', '__proto__.x', 'a,b', '%E0%A4%A', '..%2F..%2Fetc']) : g.pick(g.procedures);
      const method = g.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
      const ctype = g.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', '']);
      const qs = g.pick(['', '?input=', '?input=%7B', `?input=${enc(JSON.stringify(g.value(2)) ?? '')}`, '?batch=1', '?batch=1&input=%7B%220%22%3A1%7D', `?input=${'x'.repeat(6000)}`]);
      const body = method === 'GET' || method === 'HEAD' ? undefined : g.int(3) === 0 ? JSON.stringify(g.value(2)) ?? '' : g.pick(bodies);
      await check(`${method} ${proc}${qs.slice(0, 40)}`, `${suite.base}/api/trpc/${proc}${qs}`, { method, headers: ctype ? { 'content-type': ctype } : {}, body });
    }

    // 3) /api/email with the key, fuzzed bodies
    for (let i = 0; i < 40; i++) {
      const body = g.int(2) ? JSON.stringify({ to: g.value(1), subject: g.value(1), html: g.value(1), attachments: g.value(2) }) : g.pick(bodies);
      await check('POST /api/email', `${suite.base}/api/email`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${EMAIL_API_KEY}` }, body });
    }

    // 4) the page with odd ids
    for (let i = 0; i < 20; i++) {
      await check('GET /propuesta', `${suite.base}/propuesta/${enc(String(g.pick(g.strings)).slice(0, 200)) || 'x'}`, {});
    }

    expect(failures, failures.join('\n')).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(450);
  }, 60_000);
}

describe('fuzzed inputs: sqlite', () => fuzzSuite('sqlite'));
describe.runIf(!!PG_URL)('fuzzed inputs: postgres (TEST_DATABASE_URL)', () => fuzzSuite('postgres'));
