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
import {
  panelAuditListInput,
  panelCatalogueTryInput,
  panelEraseInput,
  panelFunnelInput,
  panelLeadIdInput,
  panelLeadsListInput,
  panelSetOutcomeInput,
  type PanelAuditPage,
  type PanelCatalogue,
  type PanelCatalogueTry,
  type PanelExport,
  type PanelFunnel,
  type PanelLeadDetail,
  type PanelLeadsPage,
  type PanelResendResult,
  type PanelSessionMe,
} from './panel';

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
  /** The site owner's panel: every procedure needs an owner's session (401 without one). */
  panel: t.router({
    leads: t.router({
      list: t.procedure.input(panelLeadsListInput).query(() => served<PanelLeadsPage>()),
      get: t.procedure.input(panelLeadIdInput).query(() => served<PanelLeadDetail>()),
      setOutcome: t.procedure.input(panelSetOutcomeInput).mutation(() => served<{ ok: true }>()),
      resend: t.procedure.input(panelLeadIdInput).mutation(() => served<PanelResendResult>()),
      export: t.procedure.input(panelLeadIdInput).mutation(() => served<PanelExport>()),
      erase: t.procedure.input(panelEraseInput).mutation(() => served<{ erased: boolean }>()),
    }),
    funnel: t.procedure.input(panelFunnelInput).query(() => served<PanelFunnel>()),
    audit: t.router({ list: t.procedure.input(panelAuditListInput).query(() => served<PanelAuditPage>()) }),
    catalogue: t.router({
      get: t.procedure.query(() => served<PanelCatalogue>()),
      try: t.procedure.input(panelCatalogueTryInput).query(() => served<PanelCatalogueTry>()),
    }),
    session: t.router({ me: t.procedure.query(() => served<PanelSessionMe>()) }),
  }),
});

/** The router type for `createTRPCClient<AppRouter>()`. */
export type AppRouter = typeof contractRouter;

/** Every procedure's input, as a client sends it (`LeadRouterInputs['customer']['upsert']`). */
export type LeadRouterInputs = inferRouterInputs<AppRouter>;
/** Every procedure's answer. */
export type LeadRouterOutputs = inferRouterOutputs<AppRouter>;
