// The contract between the server and the widget: the router type, the pure zod input schemas
// and the answers. Nothing here runs server code, so the browser can import it:
//
//   import type { AppRouter } from '@helena/contract';
//   import { customerUpsertInput, HONEYPOT_FIELD } from '@helena/contract';
//
// Transport (api.md): tRPC v11 at `${apiUrl}/api/trpc`, httpLink (NOT httpBatchLink: batched
// calls are refused with 400), no transformer. Queries are GET ?input=<json>, mutations POST JSON.
//
// Honeypot: the lead form carries a field named HONEYPOT_FIELD ('website') that people never
// see: render it visually hidden (not display:none alone), with tabindex="-1",
// autocomplete="off" and aria-hidden="true", and send it empty in customer.upsert. When it is
// filled the server answers with a fake id and stores nothing.
export type { AppRouter, LeadRouterInputs, LeadRouterOutputs } from './router';
export type { IdResult, VapiCallCreated, VapiCallRecord } from './outputs';
export { formatLeadError, type InputIssue, type LeadErrorShape } from './errors';

export { HONEYPOT_FIELD, customerCreateInput, customerUpsertInput } from './customer';
export type { CustomerCreateInput, CustomerUpsertInput } from './customer';
export { CALL_STATUSES, callsCreateWithVerificationInput } from './calls';
export type { CallsCreateWithVerificationInput } from './calls';
export {
  VAPI_CALL_STATUSES,
  VISITOR_LOCALES,
  visitorLocale,
  vapiCallCreateInput,
  vapiCallGetByVapiIdInput,
  vapiCallUpdateInput,
} from './vapi_call';
export type { VapiCallCreateInput, VapiCallUpdateInput, VisitorLocale } from './vapi_call';
export { proposalSendInput, proposalSendOutput } from './proposal';
export type { ProposalSendInput, ProposalSendOutput, ProposalSendStatus } from './proposal';
export { sendEmailInput, emailAttachment } from './email';
export type { SendEmailInput } from './email';
export { MAX_JSON_BYTES, MAX_JSON_DEPTH, type JsonValue } from './primitives';
export { LEAD_TOOL_NAME } from './lead-tool';
export { DEMO_DIALOGUE, DEMO_LINES, DEMO_LINES_EN } from './demo-dialogue';

/** Paths, relative to the server's base URL. */
export const API_PATHS = {
  trpc: '/api/trpc',
  email: '/api/email',
  proposalPage: (callId: string) => `/propuesta/${encodeURIComponent(callId)}`,
} as const;
export { textOf } from './text';
export * from './panel';
