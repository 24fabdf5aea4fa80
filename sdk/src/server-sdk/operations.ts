// The resource clients of @vapi-ai/server-sdk 2.0.1, method by method, as routes of the platform
// client's own table. Where 2.0.1 sends a request differently from the document, the entry says so.
import { platformRoutes as r } from '../platform/resources/index.js';
import { route, type Route } from '../platform/route.js';

/** How a 2.0.1 request object differs from a plain split into path, query and body. */
export interface OperationFlags {
  /** 2.0.1 takes the JSON body as the request's `body` field; 2.0.0 took it as the other fields. Both are accepted. */
  readonly wrapped?: true;
  /** 2.0.1 sends no body here, whatever the document declares. */
  readonly bodiless?: true;
  /** Request fields sent in the query of a route whose other fields are the body. */
  readonly query?: readonly string[];
}

/** A route plus the flags above. */
export type Operation = Route & OperationFlags;

const op = <const R extends Route, const F extends OperationFlags>(base: R, flags: F): R & F => ({ ...base, ...flags });

// Two operations 2.0.1 has and the document lacks; their types are in `types.ts`.
const validateBackgroundSound = route('POST', '/assistant/background-sound/validate', 'json');
const suiteDuplicate = route('POST', '/eval/simulation/suite/{id}/duplicate');

/** Resource name → 2.0.1 method name → the route it sends. */
export const operations = {
  analytics: {
    get: r.analytics.query,
  },
  assistants: {
    list: r.assistants.list,
    create: r.assistants.create,
    assistantControllerValidateBackgroundSoundUrl: validateBackgroundSound,
    get: r.assistants.get,
    delete: r.assistants.delete,
    update: r.assistants.update,
  },
  board: {
    boardControllerFindAll: r.reporting.boards.list,
    boardControllerCreate: r.reporting.boards.create,
    boardControllerMetricsOverviewEnsure: r.reporting.boards.metricsOverview,
    boardControllerFindOne: r.reporting.boards.get,
    boardControllerRemove: r.reporting.boards.delete,
    boardControllerUpdate: r.reporting.boards.update,
  },
  calls: {
    list: r.calls.list,
    create: r.calls.create,
    get: r.calls.get,
    delete: r.calls.delete,
    update: r.calls.update,
    callArtifactControllerMonoRecordingDownload: r.calls.monoRecording,
    callArtifactControllerStereoRecordingDownload: r.calls.stereoRecording,
    callArtifactControllerVideoRecordingDownload: r.calls.videoRecording,
    callArtifactControllerCustomerRecordingDownload: r.calls.customerRecording,
    callArtifactControllerAssistantRecordingDownload: r.calls.assistantRecording,
    callArtifactControllerPcapDownload: r.calls.pcap,
    callArtifactControllerCallLogsDownload: r.calls.callLogs,
  },
  campaigns: {
    campaignControllerFindAll: r.campaigns.list,
    campaignControllerCreate: r.campaigns.create,
    campaignControllerFindAllV2: r.v2.campaigns.list,
    campaignControllerCreateV2: r.v2.campaigns.create,
    campaignControllerFindOneV2: r.v2.campaigns.get,
    campaignControllerRemoveV2: r.v2.campaigns.delete,
    campaignControllerUpdateV2: op(r.v2.campaigns.update, { wrapped: true }),
    campaignControllerFindOne: r.campaigns.get,
    campaignControllerRemove: r.campaigns.delete,
    campaignControllerUpdate: op(r.campaigns.update, { wrapped: true }),
    campaignControllerGetCampaignV2Contacts: r.v2.campaigns.contacts,
  },
  chats: {
    list: r.chats.list,
    create: r.chats.create,
    get: r.chats.get,
    delete: r.chats.delete,
    createResponse: r.chats.respond,
  },
  eval: {
    evalControllerGetPaginated: r.evals.list,
    evalControllerCreate: r.evals.create,
    evalControllerGet: r.evals.get,
    evalControllerRemove: r.evals.delete,
    evalControllerUpdate: r.evals.update,
    evalControllerGetRun: r.evals.runs.get,
    evalControllerRemoveRun: r.evals.runs.delete,
    evalControllerGetRunsPaginated: r.evals.runs.list,
    evalControllerRun: r.evals.runs.create,
  },
  files: {
    list: r.files.list,
    create: r.files.create,
    get: r.files.get,
    delete: r.files.delete,
    update: r.files.update,
  },
  insight: {
    insightControllerFindAll: r.reporting.insights.list,
    insightControllerCreate: r.reporting.insights.create,
    insightControllerFindOne: r.reporting.insights.get,
    insightControllerRemove: r.reporting.insights.delete,
    insightControllerUpdate: op(r.reporting.insights.update, { wrapped: true }),
    insightControllerRun: r.reporting.insights.run,
    insightControllerPreview: r.reporting.insights.preview,
  },
  knowledgeBasesV2: {
    knowledgeBaseV2ControllerFindAll: r.v2.knowledgeBases.list,
    knowledgeBaseV2ControllerCreate: r.v2.knowledgeBases.create,
    knowledgeBaseV2ControllerFilesGet: r.v2.knowledgeBases.files.list,
    knowledgeBaseV2ControllerFileAttach: r.v2.knowledgeBases.files.attach,
    knowledgeBaseV2ControllerFileDetach: r.v2.knowledgeBases.files.detach,
    knowledgeBaseV2ControllerFileRetry: r.v2.knowledgeBases.files.retry,
    knowledgeBaseV2ControllerFindOne: r.v2.knowledgeBases.get,
    knowledgeBaseV2ControllerRemove: r.v2.knowledgeBases.delete,
    knowledgeBaseV2ControllerUpdate: r.v2.knowledgeBases.update,
  },
  observabilityScorecard: {
    scorecardControllerGet: r.observability.scorecards.get,
    scorecardControllerRemove: r.observability.scorecards.delete,
    scorecardControllerUpdate: r.observability.scorecards.update,
    scorecardControllerGetPaginated: r.observability.scorecards.list,
    scorecardControllerCreate: r.observability.scorecards.create,
  },
  phoneNumbers: {
    list: r.phoneNumbers.list,
    create: r.phoneNumbers.create,
    phoneNumberControllerFindAllPaginated: r.v2.phoneNumbers.list,
    get: r.phoneNumbers.get,
    delete: r.phoneNumbers.delete,
    update: op(r.phoneNumbers.update, { wrapped: true }),
  },
  providerResources: {
    providerResourceControllerGetProviderResourcesPaginated: r.providerResources.list,
    providerResourceControllerCreateProviderResource: op(r.providerResources.create, { bodiless: true }),
    providerResourceControllerGetProviderResource: r.providerResources.get,
    providerResourceControllerDeleteProviderResource: r.providerResources.delete,
    providerResourceControllerUpdateProviderResource: r.providerResources.update,
  },
  sessions: {
    list: r.sessions.list,
    create: r.sessions.create,
    get: r.sessions.get,
    delete: r.sessions.delete,
    update: r.sessions.update,
  },
  simulationPersonalities: {
    personalityControllerFindAll: r.evals.simulations.personalities.list,
    personalityControllerCreate: r.evals.simulations.personalities.create,
    personalityControllerFindOne: r.evals.simulations.personalities.get,
    personalityControllerRemove: r.evals.simulations.personalities.delete,
    personalityControllerUpdate: r.evals.simulations.personalities.update,
  },
  simulationRuns: {
    simulationRunControllerFindAll: r.evals.simulations.runs.list,
    simulationRunControllerCreate: r.evals.simulations.runs.create,
    simulationRunControllerFindOne: r.evals.simulations.runs.get,
    simulationRunControllerCancelGroup: r.evals.simulations.runs.cancel,
    simulationRunControllerFindItems: r.evals.simulations.runs.items.list,
    simulationRunControllerFindItem: r.evals.simulations.runs.items.get,
    simulationRunControllerCancelItem: r.evals.simulations.runs.items.cancel,
    simulationRunControllerGenerateSuggestions: r.evals.simulations.runs.items.generate,
  },
  simulationScenarios: {
    scenarioControllerFindAll: r.evals.simulations.scenarios.list,
    scenarioControllerCreate: r.evals.simulations.scenarios.create,
    scenarioControllerFindOne: r.evals.simulations.scenarios.get,
    scenarioControllerRemove: r.evals.simulations.scenarios.delete,
    scenarioControllerUpdate: r.evals.simulations.scenarios.update,
  },
  simulationSuites: {
    simulationSuiteControllerFindAll: r.evals.simulations.suites.list,
    simulationSuiteControllerCreate: r.evals.simulations.suites.create,
    simulationSuiteControllerDuplicate: suiteDuplicate,
    simulationSuiteControllerFindOne: r.evals.simulations.suites.get,
    simulationSuiteControllerRemove: r.evals.simulations.suites.delete,
    simulationSuiteControllerUpdate: r.evals.simulations.suites.update,
  },
  simulations: {
    simulationGenerateControllerGenerate: r.evals.simulations.scenarios.generate,
    simulationControllerFindAll: r.evals.simulations.list,
    simulationControllerCreate: r.evals.simulations.create,
    simulationControllerFindOne: r.evals.simulations.get,
    simulationControllerRemove: r.evals.simulations.delete,
    simulationControllerUpdate: r.evals.simulations.update,
    simulationControllerGetConcurrency: r.evals.simulations.concurrency,
  },
  squads: {
    list: r.squads.list,
    create: r.squads.create,
    get: r.squads.get,
    delete: r.squads.delete,
    update: r.squads.update,
  },
  structuredOutputs: {
    structuredOutputControllerFindAll: r.structuredOutputs.list,
    structuredOutputControllerCreate: r.structuredOutputs.create,
    structuredOutputControllerFindOne: r.structuredOutputs.get,
    structuredOutputControllerRemove: r.structuredOutputs.delete,
    structuredOutputControllerUpdate: op(r.structuredOutputs.update, { query: ['schemaOverride'] }),
    structuredOutputControllerRun: r.structuredOutputs.run,
  },
  tools: {
    list: r.tools.list,
    create: r.tools.create,
    get: r.tools.get,
    delete: r.tools.delete,
    update: op(r.tools.update, { wrapped: true }),
  },};

/** The operation table's type, named so that derived types print short. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the name is the point
export interface Operations extends OperationsShape {}
type OperationsShape = typeof operations;
