/** The tRPC client against a fake server on loopback, and the client's error rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadApi } from '../src/rpc/client';
import { RpcError, toRpcError } from '../src/rpc/errors';
import { startFakeTrpcServer } from './helpers/trpc-server';

let server: Awaited<ReturnType<typeof startFakeTrpcServer>>;
let flaky = 0;

beforeAll(async () => {
  server = await startFakeTrpcServer({
    'customer.upsert': (input) => ({ data: { id: `cust-for-${input.email}` } }),
    'calls.createWithVerification': () => ({ error: { message: 'Cliente no encontrado', code: -32600, httpStatus: 400 } }),
    'vapi_call.getByVapiId': (input) =>
      input.vapi_id === 'known'
        ? { data: { id: 'row-1', vapi_id: 'known' } }
        : input.vapi_id === 'flaky' && flaky++ === 0
          ? { error: { message: 'Internal server error', code: -32603, httpStatus: 500 } }
          : input.vapi_id === 'flaky'
            ? { data: { id: 'row-2', vapi_id: 'flaky' } }
            : input.vapi_id === 'down'
              ? { error: { message: 'Internal server error', code: -32603, httpStatus: 500 } }
              : { error: { message: 'No encontrado', code: -32004, httpStatus: 404 } },
    'vapi_call.create': () => ({ raw: '<html>502 Bad Gateway</html>', status: 502 }),
    'vapi_call.update': () => ({ raw: JSON.stringify({ unexpected: true }), contentType: 'application/json' }),
  });
});

afterAll(() => server.close());

describe('the tRPC client', () => {
  it('POSTs mutations as JSON to ${api-url}/api/trpc/<procedure>, unbatched', async () => {
    const api = createLeadApi(server.url + '/');
    await expect(api.upsertCustomer({ email: 'ana@acme.com', website: '' })).resolves.toEqual({ id: 'cust-for-ana@acme.com' });
    const req = server.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: 'customer.upsert', input: { email: 'ana@acme.com', website: '' } });
    expect(req.contentType).toBe('application/json');
  });

  it('GETs queries with ?input=', async () => {
    const api = createLeadApi(server.url);
    await expect(api.getVapiCallByVapiId({ vapi_id: 'known' })).resolves.toMatchObject({ id: 'row-1' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: 'vapi_call.getByVapiId', input: { vapi_id: 'known' } });
  });

  it('retries a failed query once, and no more', async () => {
    await expect(createLeadApi(server.url).getVapiCallByVapiId({ vapi_id: 'flaky' })).resolves.toMatchObject({ id: 'row-2' });
    const before = server.requests.length;
    await expect(createLeadApi(server.url).getVapiCallByVapiId({ vapi_id: 'down' })).rejects.toThrow('Internal server error');
    expect(server.requests.length - before).toBe(2);
  });

  it('answers null for NOT_FOUND on getByVapiId', async () => {
    await expect(createLeadApi(server.url).getVapiCallByVapiId({ vapi_id: 'nope' })).resolves.toBeNull();
  });
});

describe('the RPC client error rules', () => {
  it('a server error with a numeric code and a message becomes an error with that message', async () => {
    const err = await createLeadApi(server.url)
      .createCall({ transaction: 'propuesta-1', customer_id: 'x', status: 'completada' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err.message).toBe('Cliente no encontrado');
    expect(err.code).toBe(-32600);
  });

  it("an unparseable response gives 'Unable to transform response from server'", async () => {
    const err = await createLeadApi(server.url)
      .createVapiCall({ vapi_id: 'v', initial_data: {}, status: 'active' })
      .catch((e) => e);
    expect(err.message).toBe('Unable to transform response from server');
  });

  it("a JSON answer that is neither result nor error is unparseable too", async () => {
    const err = await createLeadApi(server.url)
      .updateVapiCall({ id: 'x', token: 't'.repeat(16), status: 'inactive', initial_data: {} })
      .catch((e) => e);
    expect(err.message).toBe('Unable to transform response from server');
  });

  it("anything else (no server at all) gives 'Unknown error'", async () => {
    const err = await createLeadApi('http://127.0.0.1:9').sendProposal({ callId: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err.message).toBe('Unknown error');
  });

  it('toRpcError on raw shapes', () => {
    expect(toRpcError({ error: { code: -32603, message: 'Boom' } }).message).toBe('Boom');
    expect(toRpcError({ error: { code: 'X', message: 'Boom' } }).message).toBe('Unknown error');
    expect(toRpcError(new SyntaxError('Unexpected token <')).message).toBe('Unable to transform response from server');
    expect(toRpcError('weird').message).toBe('Unknown error');
  });
});
