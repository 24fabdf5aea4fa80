// The resource clients of @vapi-ai/server-sdk 2.0.1, method by method, as routes of the platform
// client's own table (each resource's module alone, so a bundle leaves the others out). Where
// 2.0.1 sends a request differently from the document, the entry says so.
import { analytics } from '../platform/resources/analytics.js';
import { assistants } from '../platform/resources/assistants.js';
import { calls } from '../platform/resources/calls.js';
import { campaigns } from '../platform/resources/campaigns.js';
import { chats } from '../platform/resources/chats.js';
import { evals } from '../platform/resources/evals.js';
import { files } from '../platform/resources/files.js';
import { observability } from '../platform/resources/observability.js';
import { phoneNumbers } from '../platform/resources/phone-numbers.js';
import { providerResources } from '../platform/resources/provider-resources.js';
import { reporting } from '../platform/resources/reporting.js';
import { sessions } from '../platform/resources/sessions.js';
import { squads } from '../platform/resources/squads.js';
import { structuredOutputs } from '../platform/resources/structured-outputs.js';
import { tools } from '../platform/resources/tools.js';
import { v2 } from '../platform/resources/v2.js';
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
    get: analytics.query,
  },
  assistants: {
    list: assistants.list,
    create: assistants.create,
    assistantControllerValidateBackgroundSoundUrl: validateBackgroundSound,
    get: assistants.get,
    delete: assistants.delete,
    update: assistants.update,
  },
  board: {
    boardControllerFindAll: reporting.boards.list,
    boardControllerCreate: reporting.boards.create,
    boardControllerMetricsOverviewEnsure: reporting.boards.metricsOverview,
    boardControllerFindOne: reporting.boards.get,
    boardControllerRemove: reporting.boards.delete,
    boardControllerUpdate: reporting.boards.update,
  },
  calls: {
    list: calls.list,
    create: calls.create,
    get: calls.get,
    delete: calls.delete,
    update: calls.update,
    callArtifactControllerMonoRecordingDownload: calls.monoRecording,
    callArtifactControllerStereoRecordingDownload: calls.stereoRecording,
    callArtifactControllerVideoRecordingDownload: calls.videoRecording,
    callArtifactControllerCustomerRecordingDownload: calls.customerRecording,
    callArtifactControllerAssistantRecordingDownload: calls.assistantRecording,
    callArtifactControllerPcapDownload: calls.pcap,
    callArtifactControllerCallLogsDownload: calls.callLogs,
  },
  campaigns: {
    campaignControllerFindAll: campaigns.list,
    campaignControllerCreate: campaigns.create,
    campaignControllerFindAllV2: v2.campaigns.list,
    campaignControllerCreateV2: v2.campaigns.create,
    campaignControllerFindOneV2: v2.campaigns.get,
    campaignControllerRemoveV2: v2.campaigns.delete,
    campaignControllerUpdateV2: op(v2.campaigns.update, { wrapped: true }),
    campaignControllerFindOne: campaigns.get,
    campaignControllerRemove: campaigns.delete,
    campaignControllerUpdate: op(campaigns.update, { wrapped: true }),
    campaignControllerGetCampaignV2Contacts: v2.campaigns.contacts,
  },
  chats: {
    list: chats.list,
    create: chats.create,
    get: chats.get,
    delete: chats.delete,
    createResponse: chats.respond,
  },
  eval: {
    evalControllerGetPaginated: evals.list,
    evalControllerCreate: evals.create,
    evalControllerGet: evals.get,
    evalControllerRemove: evals.delete,
    evalControllerUpdate: evals.update,
    evalControllerGetRun: evals.runs.get,
    evalControllerRemoveRun: evals.runs.delete,
    evalControllerGetRunsPaginated: evals.runs.list,
    evalControllerRun: evals.runs.create,
  },
  files: {
    list: files.list,
    create: files.create,
    get: files.get,
    delete: files.delete,
    update: files.update,
  },
  insight: {
    insightControllerFindAll: reporting.insights.list,
    insightControllerCreate: reporting.insights.create,
    insightControllerFindOne: reporting.insights.get,
    insightControllerRemove: reporting.insights.delete,
    insightControllerUpdate: op(reporting.insights.update, { wrapped: true }),
    insightControllerRun: reporting.insights.run,
    insightControllerPreview: reporting.insights.preview,
  },
  knowledgeBasesV2: {
    knowledgeBaseV2ControllerFindAll: v2.knowledgeBases.list,
    knowledgeBaseV2ControllerCreate: v2.knowledgeBases.create,
    knowledgeBaseV2ControllerFilesGet: v2.knowledgeBases.files.list,
    knowledgeBaseV2ControllerFileAttach: v2.knowledgeBases.files.attach,
    knowledgeBaseV2ControllerFileDetach: v2.knowledgeBases.files.detach,
    knowledgeBaseV2ControllerFileRetry: v2.knowledgeBases.files.retry,
    knowledgeBaseV2ControllerFindOne: v2.knowledgeBases.get,
    knowledgeBaseV2ControllerRemove: v2.knowledgeBases.delete,
    knowledgeBaseV2ControllerUpdate: v2.knowledgeBases.update,
  },
  observabilityScorecard: {
    scorecardControllerGet: observability.scorecards.get,
    scorecardControllerRemove: observability.scorecards.delete,
    scorecardControllerUpdate: observability.scorecards.update,
    scorecardControllerGetPaginated: observability.scorecards.list,
    scorecardControllerCreate: observability.scorecards.create,
  },
  phoneNumbers: {
    list: phoneNumbers.list,
    create: phoneNumbers.create,
    phoneNumberControllerFindAllPaginated: v2.phoneNumbers.list,
    get: phoneNumbers.get,
    delete: phoneNumbers.delete,
    update: op(phoneNumbers.update, { wrapped: true }),
  },
  providerResources: {
    providerResourceControllerGetProviderResourcesPaginated: providerResources.list,
    providerResourceControllerCreateProviderResource: op(providerResources.create, { bodiless: true }),
    providerResourceControllerGetProviderResource: providerResources.get,
    providerResourceControllerDeleteProviderResource: providerResources.delete,
    providerResourceControllerUpdateProviderResource: providerResources.update,
  },
  sessions: {
    list: sessions.list,
    create: sessions.create,
    get: sessions.get,
    delete: sessions.delete,
    update: sessions.update,
  },
  simulationPersonalities: {
    personalityControllerFindAll: evals.simulations.personalities.list,
    personalityControllerCreate: evals.simulations.personalities.create,
    personalityControllerFindOne: evals.simulations.personalities.get,
    personalityControllerRemove: evals.simulations.personalities.delete,
    personalityControllerUpdate: evals.simulations.personalities.update,
  },
  simulationRuns: {
    simulationRunControllerFindAll: evals.simulations.runs.list,
    simulationRunControllerCreate: evals.simulations.runs.create,
    simulationRunControllerFindOne: evals.simulations.runs.get,
    simulationRunControllerCancelGroup: evals.simulations.runs.cancel,
    simulationRunControllerFindItems: evals.simulations.runs.items.list,
    simulationRunControllerFindItem: evals.simulations.runs.items.get,
    simulationRunControllerCancelItem: evals.simulations.runs.items.cancel,
    simulationRunControllerGenerateSuggestions: evals.simulations.runs.items.generate,
  },
  simulationScenarios: {
    scenarioControllerFindAll: evals.simulations.scenarios.list,
    scenarioControllerCreate: evals.simulations.scenarios.create,
    scenarioControllerFindOne: evals.simulations.scenarios.get,
    scenarioControllerRemove: evals.simulations.scenarios.delete,
    scenarioControllerUpdate: evals.simulations.scenarios.update,
  },
  simulationSuites: {
    simulationSuiteControllerFindAll: evals.simulations.suites.list,
    simulationSuiteControllerCreate: evals.simulations.suites.create,
    simulationSuiteControllerDuplicate: suiteDuplicate,
    simulationSuiteControllerFindOne: evals.simulations.suites.get,
    simulationSuiteControllerRemove: evals.simulations.suites.delete,
    simulationSuiteControllerUpdate: evals.simulations.suites.update,
  },
  simulations: {
    simulationGenerateControllerGenerate: evals.simulations.scenarios.generate,
    simulationControllerFindAll: evals.simulations.list,
    simulationControllerCreate: evals.simulations.create,
    simulationControllerFindOne: evals.simulations.get,
    simulationControllerRemove: evals.simulations.delete,
    simulationControllerUpdate: evals.simulations.update,
    simulationControllerGetConcurrency: evals.simulations.concurrency,
  },
  squads: {
    list: squads.list,
    create: squads.create,
    get: squads.get,
    delete: squads.delete,
    update: squads.update,
  },
  structuredOutputs: {
    structuredOutputControllerFindAll: structuredOutputs.list,
    structuredOutputControllerCreate: structuredOutputs.create,
    structuredOutputControllerFindOne: structuredOutputs.get,
    structuredOutputControllerRemove: structuredOutputs.delete,
    structuredOutputControllerUpdate: op(structuredOutputs.update, { query: ['schemaOverride'] }),
    structuredOutputControllerRun: structuredOutputs.run,
  },
  tools: {
    list: tools.list,
    create: tools.create,
    get: tools.get,
    delete: tools.delete,
    update: op(tools.update, { wrapped: true }),
  },
};

/** The operation table's type, named so that derived types print short. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the name is the point
export interface Operations extends OperationsShape {}
type OperationsShape = typeof operations;
