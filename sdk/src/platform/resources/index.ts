// The platform's route table: one entry per method, grouped as the client's namespaces.
import { analytics } from './analytics.js';
import { assistants } from './assistants.js';
import { calls } from './calls.js';
import { campaigns } from './campaigns.js';
import { chats } from './chats.js';
import { credentials } from './credentials.js';
import { evals } from './evals.js';
import { files } from './files.js';
import { knowledgeBases } from './knowledge-bases.js';
import { logs } from './logs.js';
import { observability } from './observability.js';
import { orgs } from './orgs.js';
import { phoneNumbers } from './phone-numbers.js';
import { providerResources } from './provider-resources.js';
import { providers } from './providers.js';
import { reporting } from './reporting.js';
import { sessions } from './sessions.js';
import { squads } from './squads.js';
import { structuredOutputs } from './structured-outputs.js';
import { support } from './support.js';
import { templates } from './templates.js';
import { testSuites } from './test-suites.js';
import { tokens } from './tokens.js';
import { tools } from './tools.js';
import { v2 } from './v2.js';
import { voiceLibrary } from './voice-library.js';
import { workflows } from './workflows.js';

export const platformRoutes = {
  calls,
  v2,
  chats,
  campaigns,
  sessions,
  support,
  assistants,
  phoneNumbers,
  tools,
  files,
  knowledgeBases,
  workflows,
  squads,
  testSuites,
  analytics,
  logs,
  orgs,
  tokens,
  credentials,
  templates,
  voiceLibrary,
  providers,
  structuredOutputs,
  evals,
  reporting,
  observability,
  providerResources,
};

type RouteTableShape = typeof platformRoutes;
/** The route table's type, named so that derived types print as `ClientOf<PlatformRoutes>`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the name is the point
export interface PlatformRoutes extends RouteTableShape {}
