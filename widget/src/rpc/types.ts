/**
 * The lead server's procedures as the widget uses them. Inputs and answers are inferred from the
 * server's contract router (tRPC v11, no transformer, no batching, under `${api-url}/api/trpc`),
 * so a change there is a compile error here.
 */
import type { LeadRouterInputs as In, LeadRouterOutputs as Out } from '@helena/contract';

export type Id = string;

export type CustomerInput = In['customer']['upsert'];
export type CallInput = In['calls']['createWithVerification'];
export type VapiCallCreateInput = In['vapi_call']['create'];
export type VapiCallUpdateInput = In['vapi_call']['update'];

export interface LeadApi {
  upsertCustomer(input: CustomerInput): Promise<Out['customer']['upsert']>;
  createCall(input: CallInput): Promise<Out['calls']['createWithVerification']>;
  createVapiCall(input: VapiCallCreateInput): Promise<Out['vapi_call']['create']>;
  updateVapiCall(input: VapiCallUpdateInput): Promise<Out['vapi_call']['update']>;
  /** The row of a platform call id, or null when there is none. */
  getVapiCallByVapiId(input: In['vapi_call']['getByVapiId']): Promise<Out['vapi_call']['getByVapiId'] | null>;
  sendProposal(input: In['proposal']['send']): Promise<Out['proposal']['send']>;
}

export type LeadApiFactory = (apiUrl: string) => Promise<LeadApi>;
