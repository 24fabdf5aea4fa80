/**
 * The tRPC client, loaded lazily (it is not on the UI chunk's critical path). tRPC v11,
 * `httpLink` (the server refuses batches), no transformer, `${apiUrl}/api/trpc`. Mutations are
 * POSTed as `application/json`; queries are GETs with `?input=`. The router type comes from the
 * server's contract, type-only: no server code is bundled.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@helena/contract';
import { toRpcError } from './errors';
import { trpcUrl } from './url';
import type { LeadApi } from './types';

/** NOT_FOUND in tRPC's JSON-RPC error codes. */
const NOT_FOUND = -32004;

export function createLeadApi(apiUrl: string, fetchImpl?: typeof fetch): LeadApi {
  const trpc = createTRPCClient<AppRouter>({
    links: [httpLink({ url: trpcUrl(apiUrl), ...(fetchImpl ? { fetch: fetchImpl } : {}) })],
  });
  /** Applies the RPC client's error rules (rpc/errors.ts) to every call. */
  const rules =
    <I, O>(fn: (input: I) => Promise<O>) =>
    async (input: I): Promise<O> => {
      try {
        return await fn(input);
      } catch (err) {
        throw toRpcError(err);
      }
    };
  return {
    upsertCustomer: rules((input) => trpc.customer.upsert.mutate(input)),
    createCall: rules((input) => trpc.calls.createWithVerification.mutate(input)),
    createVapiCall: rules((input) => trpc.vapi_call.create.mutate(input)),
    updateVapiCall: rules((input) => trpc.vapi_call.update.mutate(input)),
    // A query is retried once: a read is safe to repeat, a second failure is real. NOT_FOUND is an answer, not a failure.
    getVapiCallByVapiId: async (input) => {
      const query = rules((i: { vapi_id: string }) => trpc.vapi_call.getByVapiId.query(i));
      for (let attempt = 0; ; attempt++) {
        try {
          return await query(input);
        } catch (err) {
          if ((err as { code?: number }).code === NOT_FOUND) return null;
          if (attempt >= 1) throw err;
        }
      }
    },
    sendProposal: rules((input) => trpc.proposal.send.mutate(input)),
  };
}
