// Types for the routes that the platform's OpenAPI document lacks (88 of the 225), and for the
// few it lists without an answer or body schema (file downloads, provider resources). Where the
// document still defines the schema (Org, Token, TestSuite, …) it is reused; where the platform
// publishes no field list at all, the type is a loose object.
import type { FreeForm } from './free-form.js';
import type { components } from './generated/openapi.js';

type S = components['schemas'];
type Stored = 'id' | 'orgId' | 'createdAt' | 'updatedAt';

/** A loose JSON object, for payloads whose fields the platform does not publish. */
export interface JsonObject {
  [key: string]: unknown;
}

export type QueryScalar = string | number | boolean | Date;
/** Query values: arrays are sent as repeated keys; null and undefined are left out. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

/** The filters the platform's list routes share. */
export interface ListQuery {
  limit?: number;
  createdAtGt?: string;
  createdAtLt?: string;
  createdAtGe?: string;
  createdAtLe?: string;
  updatedAtGt?: string;
  updatedAtLt?: string;
  updatedAtGe?: string;
  updatedAtLe?: string;
  [key: string]: QueryValue;
}

/** The filters of paginated list routes. */
export interface PaginatedQuery extends ListQuery {
  page?: number;
  sortOrder?: 'ASC' | 'DESC';
  sortBy?: string;
}

export interface Paginated<T> {
  results: T[];
  metadata: S['PaginationMeta'];
}

/**
 * `POST /call/web` body, as the document declares it (`CreateWebCallDTO`): an object is sent
 * inline, an id in the `…Id` field. The web client sends the same type.
 */
export type CreateWebCallBody = FreeForm<S['CreateWebCallDTO']>;

/**
 * `POST /call/web` answer: the platform's `Call`, plus the room URL this route adds (the document
 * does not describe this route's answer; the platform always sends the URL).
 */
export type WebCall = FreeForm<S['Call']> & { webCallUrl: string };

export interface SupportTicketBody extends JsonObject {
  subject?: string;
  description?: string;
  email?: string;
}

export interface GenerateWorkflowBody extends JsonObject {
  /** Call transcripts to build the workflow from. */
  transcripts?: string[];
  callIds?: string[];
}

export interface LogsQuery extends PaginatedQuery {
  type?: string;
  assistantId?: string;
  phoneNumberId?: string;
  customerId?: string;
  squadId?: string;
  callId?: string;
}

export type KnowledgeBaseRecord = S['CustomKnowledgeBase'];
export type CreateCredentialBody = S[Extract<keyof S, `Create${string}CredentialDTO`>];
export type UpdateCredentialBody = S[Extract<keyof S, `Update${string}CredentialDTO`>];
export type Credential = S[Exclude<Extract<keyof S, `${string}Credential`>, `Create${string}` | `Update${string}`>];
export type TemplateBody = Partial<Omit<S['Template'], Stored>>;
export type TestSuiteTest = S['TestSuiteTestVoice'] | S['TestSuiteTestChat'];

export interface VoiceLibraryQuery extends PaginatedQuery {
  name?: string;
  language?: string;
  accent?: string;
  gender?: string;
}

export interface VoiceSearchQuery {
  name?: string;
  [key: string]: QueryValue;
}

/** Hand-written request and response types, keyed by `"<VERB> <path template>"`. */
export interface HandWritten {
  'POST /call/phone': { body: S['CreateOutboundCallDTO']; response: S['Call'] | S['CallBatchResponse'] };
  'POST /call/web': { body: CreateWebCallBody; response: WebCall };

  // The document answers these with a file (or a redirect to one) and declares no content type.
  'GET /call/{id}/mono-recording': { response: Blob };
  'GET /call/{id}/stereo-recording': { response: Blob };
  'GET /call/{id}/video-recording': { response: Blob };
  'GET /call/{id}/customer-recording': { response: Blob };
  'GET /call/{id}/assistant-recording': { response: Blob };
  'GET /call/{id}/pcap': { response: Blob };
  'GET /call/{id}/call-logs': { response: Blob };

  // The document requires a JSON content type here but publishes no body schema.
  'POST /provider/{provider}/{resourceName}': { body: JsonObject; response: S['ProviderResource'] };

  'GET /v2/call/export': { query: PaginatedQuery & { format?: 'csv' | 'json' }; response: JsonObject };
  'GET /v2/call': { query: PaginatedQuery; response: S['CallPaginatedResponse'] };
  'GET /v2/call/metadata': { query: PaginatedQuery; response: JsonObject };
  'GET /v2/assistant': { query: PaginatedQuery; response: S['AssistantPaginatedResponse'] };

  'POST /chat/web': { body: S['CreateWebChatDTO']; response: S['WebChat'] };
  'POST /chat/web/responses': { body: S['OpenAIWebChatRequest']; response: S['ResponseObject'] };

  'GET /campaign/paginated': { query: PaginatedQuery; response: S['CampaignPaginatedResponse'] };
  'POST /support/ticket': { body: SupportTicketBody; response: JsonObject };

  'PUT /assistant/{id}': { body: S['CreateAssistantDTO']; response: S['Assistant'] };
  'GET /assistant/{id}/version': { query: PaginatedQuery; response: S['AssistantVersionPaginatedResponse'] };

  'POST /phone-number/import/twilio': { body: S['ImportTwilioPhoneNumberDTO']; response: S['TwilioPhoneNumber'] };
  'POST /phone-number/import/vonage': { body: S['ImportVonagePhoneNumberDTO']; response: S['VonagePhoneNumber'] };

  'POST /file/upload': { fields: Record<string, never>; response: S['File'] };

  'POST /knowledge-base': { body: S['CreateCustomKnowledgeBaseDTO']; response: KnowledgeBaseRecord };
  'GET /knowledge-base': { query: ListQuery; response: KnowledgeBaseRecord[] };
  'GET /knowledge-base/{id}': { response: KnowledgeBaseRecord };
  'PATCH /knowledge-base/{id}': { body: S['UpdateCustomKnowledgeBaseDTO']; response: KnowledgeBaseRecord };
  'DELETE /knowledge-base/{id}': { response: KnowledgeBaseRecord };

  'POST /workflow': { body: S['CreateWorkflowDTO']; response: S['Workflow'] };
  'GET /workflow': { query: ListQuery; response: S['Workflow'][] };
  'GET /workflow/{id}': { response: S['Workflow'] };
  'PATCH /workflow/{id}': { body: S['UpdateWorkflowDTO']; response: S['Workflow'] };
  'DELETE /workflow/{id}': { response: S['Workflow'] };
  'POST /workflow/generate': { body: GenerateWorkflowBody; response: S['Workflow'] };

  'POST /test-suite': { body: S['CreateTestSuiteDto']; response: S['TestSuite'] };
  'GET /test-suite': { query: PaginatedQuery; response: S['TestSuitesPaginatedResponse'] };
  'GET /test-suite/{id}': { response: S['TestSuite'] };
  'PATCH /test-suite/{id}': { body: S['UpdateTestSuiteDto']; response: S['TestSuite'] };
  'DELETE /test-suite/{id}': { response: S['TestSuite'] };

  'POST /test-suite/{suiteId}/test': {
    body: S['CreateTestSuiteTestVoiceDto'] | S['CreateTestSuiteTestChatDto'];
    response: TestSuiteTest;
  };
  'GET /test-suite/{suiteId}/test': { query: PaginatedQuery; response: S['TestSuiteTestsPaginatedResponse'] };
  'GET /test-suite/{suiteId}/test/{id}': { response: TestSuiteTest };
  'PATCH /test-suite/{suiteId}/test/{id}': {
    body: S['UpdateTestSuiteTestVoiceDto'] | S['UpdateTestSuiteTestChatDto'];
    response: TestSuiteTest;
  };
  'DELETE /test-suite/{suiteId}/test/{id}': { response: TestSuiteTest };

  'POST /test-suite/{suiteId}/run': { body: S['CreateTestSuiteRunDto']; response: S['TestSuiteRun'] };
  'GET /test-suite/{suiteId}/run': { query: PaginatedQuery; response: S['TestSuiteRunsPaginatedResponse'] };
  'GET /test-suite/{suiteId}/run/{id}': { response: S['TestSuiteRun'] };
  'PATCH /test-suite/{suiteId}/run/{id}': { body: S['UpdateTestSuiteRunDto']; response: S['TestSuiteRun'] };
  'DELETE /test-suite/{suiteId}/run/{id}': { response: S['TestSuiteRun'] };

  'GET /log': { query: LogsQuery; response: Paginated<JsonObject> };
  'DELETE /log': { query: LogsQuery; response: void };
  'GET /logs': { query: LogsQuery; response: Paginated<JsonObject> };
  'DELETE /logs': { query: LogsQuery; response: void };

  'POST /org': { body: S['CreateOrgDTO']; response: S['Org'] };
  'GET /org': { query: ListQuery; response: S['Org'][] };
  'GET /org/{id}': { response: S['Org'] };
  'PATCH /org/{id}': { body: S['UpdateOrgDTO']; response: S['Org'] };
  'DELETE /org/{id}': { response: S['Org'] };
  'GET /org/{id}/user': { response: S['User'][] };
  'DELETE /org/{id}/leave': { response: void };
  'DELETE /org/{id}/member/{memberId}/leave': { response: void };
  'POST /org/{id}/invite': { body: S['InviteUserDTO']; response: void };
  'PATCH /org/{id}/role': { body: S['UpdateUserRoleDTO']; response: void };
  'GET /org/{id}/auth': { response: S['JwtResponse'] };

  'POST /token': { body: S['CreateTokenDTO']; response: S['Token'] };
  'GET /token': { query: ListQuery; response: S['Token'][] };
  'GET /token/{id}': { response: S['Token'] };
  'PATCH /token/{id}': { body: S['UpdateTokenDTO']; response: S['Token'] };
  'DELETE /token/{id}': { response: S['Token'] };

  'POST /credential': { body: CreateCredentialBody; response: Credential };
  'GET /credential': { query: ListQuery; response: Credential[] };
  'GET /credential/{id}': { response: Credential };
  'PATCH /credential/{id}': { body: UpdateCredentialBody; response: Credential };
  'DELETE /credential/{id}': { response: Credential };
  'POST /credential/session': { body: { provider: string; [key: string]: unknown }; response: JsonObject };
  'POST /credential/webhook': { body: JsonObject; response: JsonObject };
  'POST /credential/trigger': { body: JsonObject; response: JsonObject };

  'POST /template': { body: TemplateBody; response: S['Template'] };
  'GET /template': { query: ListQuery; response: S['Template'][] };
  'GET /template/{id}': { response: S['Template'] };
  'PATCH /template/{id}': { body: TemplateBody; response: S['Template'] };
  'DELETE /template/{id}': { response: S['Template'] };
  'GET /template/pinned': { response: S['Template'][] };

  'GET /voice-library/{provider}': { query: VoiceLibraryQuery; response: S['VoiceLibrary'][] };
  'GET /voice-library/{provider}/accents': { response: string[] };
  'POST /voice-library/sync/{provider?}': { response: S['VoiceLibrary'][] };
  'POST /voice-library/create-sesame-voice': { fields: Omit<S['CreateSesameVoiceDTO'], 'file'>; response: S['VoiceLibrary'] };

  'GET /{provider}/workflows': { query: { locationId?: string; [key: string]: QueryValue }; response: JsonObject[] };
  'GET /{provider}/workflows/{workflowId}/hooks': { response: JsonObject[] };
  'GET /{provider}/locations': { response: JsonObject[] };
  'GET /{provider}/voices/search': { query: VoiceSearchQuery; response: S['VoiceLibraryVoiceResponse'][] };
  'GET /{provider}/voice/search': { query: VoiceSearchQuery; response: S['VoiceLibraryVoiceResponse'][] };
  'POST /{provider}/voices/add': { body: S['AddVoiceToProviderDTO']; response: S['VoiceLibrary'] };
  'POST /{provider}/voice/add': { body: S['AddVoiceToProviderDTO']; response: S['VoiceLibrary'] };
  'POST /11labs/voice/clone': { fields: Omit<S['CloneVoiceDTO'], 'files'>; response: S['VoiceLibrary'] };
}
