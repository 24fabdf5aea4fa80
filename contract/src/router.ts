// The lead server's router as its clients see it: every procedure with its input schema and its
// answer, and no implementation. The server builds its own router over the same schemas and a
// type test there proves the two agree, so the widget can depend on this package alone and
// bundle no server code.
import { initTRPC, type inferRouterInputs, type inferRouterOutputs } from '@trpc/server';
import { callsCreateWithVerificationInput } from './calls';
import { customerCreateInput, customerUpsertInput } from './customer';
import { formatLeadError } from './errors';
import type { IdResult, VapiCallCreated, VapiCallRecord } from './outputs';
import { proposalSendInput, type ProposalSendOutput } from './proposal';
import { vapiCallCreateInput, vapiCallGetByVapiIdInput, vapiCallUpdateInput } from './vapi_call';

const t = initTRPC.create({ errorFormatter: formatLeadError });

/** The contract declares; only the server answers. */
const served = <T>(): Promise<T> => Promise.reject(new Error('The contract router is a type; the lead server serves it.'));

// Only its type is exported: a value that merely rejects is no use to anyone at run time.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const contractRouter = t.router({
  customer: t.router({
    create: t.procedure.input(customerCreateInput).mutation(() => served<IdResult>()),
    upsert: t.procedure.input(customerUpsertInput).mutation(() => served<IdResult>()),
  }),
  calls: t.router({
    createWithVerification: t.procedure.input(callsCreateWithVerificationInput).mutation(() => served<IdResult>()),
  }),
  vapi_call: t.router({
    create: t.procedure.input(vapiCallCreateInput).mutation(() => served<VapiCallCreated>()),
    update: t.procedure.input(vapiCallUpdateInput).mutation(() => served<IdResult>()),
    getByVapiId: t.procedure.input(vapiCallGetByVapiIdInput).query(() => served<VapiCallRecord>()),
  }),
  proposal: t.router({
    send: t.procedure.input(proposalSendInput).mutation(() => served<ProposalSendOutput>()),
  }),
});

/** The router type for `createTRPCClient<AppRouter>()`. */
export type AppRouter = typeof contractRouter;

/** Every procedure's input, as a client sends it (`LeadRouterInputs['customer']['upsert']`). */
export type LeadRouterInputs = inferRouterInputs<AppRouter>;
/** Every procedure's answer. */
export type LeadRouterOutputs = inferRouterOutputs<AppRouter>;
