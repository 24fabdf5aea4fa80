/**
 * The lead server's procedures as the widget uses them. The shapes follow `api/src/contract`
 * (tRPC v11, no transformer, no batching, under `${api-url}/api/trpc`).
 */
export type Id = string;

export interface CustomerInput {
  email: string;
  name?: string;
  cargo?: string;
  company?: string;
  /** The lead form's honeypot: rendered hidden, always sent empty by a person. */
  website?: string;
}

export interface CallInput {
  transaction: string;
  customer_id: Id;
  vapi_call_id?: Id;
  /** vapi_call.create's token; the server links the conversation only with it. */
  vapi_call_token?: string;
  status: 'completada' | 'enviada';
  summary?: string;
}

export interface VapiCallCreateInput {
  vapi_id: string;
  initial_data: Record<string, unknown>;
  status: string;
}

export interface VapiCallUpdateInput {
  id: Id;
  token: string;
  status: string;
  initial_data: Record<string, unknown>;
}

export interface LeadApi {
  upsertCustomer(input: CustomerInput): Promise<{ id: Id }>;
  createCall(input: CallInput): Promise<{ id: Id }>;
  createVapiCall(input: VapiCallCreateInput): Promise<{ id: Id; token: string }>;
  updateVapiCall(input: VapiCallUpdateInput): Promise<{ id: Id }>;
  getVapiCallByVapiId(input: { vapi_id: string }): Promise<{ id: Id } | null>;
  sendProposal(input: { callId: Id; token?: string }): Promise<{ queued: boolean }>;
}

export type LeadApiFactory = (apiUrl: string) => Promise<LeadApi>;
