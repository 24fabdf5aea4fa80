// The contract between the server and the widget. Import it type-only for the router type,
// or for the pure zod input schemas (no server code comes along):
//
//   import type { AppRouter } from '../../api/src/contract';
//   import { customerUpsertInput, HONEYPOT_FIELD } from '../../api/src/contract';
//
// Transport (api.md): tRPC v11 at `${apiUrl}/api/trpc`, httpLink (NOT httpBatchLink: batched
// calls are refused with 400), no transformer. Queries are GET ?input=<json>, mutations POST JSON.
//
// Honeypot: the lead form carries a field named HONEYPOT_FIELD ('website') that people never
// see: render it visually hidden (not display:none alone), with tabindex="-1",
// autocomplete="off" and aria-hidden="true", and send it empty in customer.upsert. When it is
// filled the server answers with a fake id and stores nothing.
export type { AppRouter } from '../router';

export { HONEYPOT_FIELD, customerCreateInput, customerUpsertInput } from '../customer/schemas';
export type { CustomerCreateInput, CustomerUpsertInput } from '../customer/schemas';
export { CALL_STATUSES, callsCreateWithVerificationInput } from '../calls/schemas';
export type { CallsCreateWithVerificationInput } from '../calls/schemas';
export {
  VAPI_CALL_STATUSES,
  vapiCallCreateInput,
  vapiCallGetByVapiIdInput,
  vapiCallUpdateInput,
} from '../vapi_call/schemas';
export type { VapiCallCreateInput, VapiCallUpdateInput } from '../vapi_call/schemas';
export { proposalSendInput } from '../proposal/schemas';
export type { ProposalSendInput } from '../proposal/schemas';
export { sendEmailInput, emailAttachment } from '../email/schemas';
export type { SendEmailInput } from '../email/schemas';
export { MAX_JSON_BYTES, MAX_JSON_DEPTH } from './primitives';

/** Paths, relative to the server's base URL. */
export const API_PATHS = {
  trpc: '/api/trpc',
  email: '/api/email',
  proposalPage: (callId: string) => `/propuesta/${encodeURIComponent(callId)}`,
} as const;
