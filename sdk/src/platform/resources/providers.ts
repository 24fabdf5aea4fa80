import { route } from '../route.js';

export const providers = {
  workflows: route('GET', '/{provider}/workflows', 'query'),
  workflowHooks: route('GET', '/{provider}/workflows/{workflowId}/hooks'),
  locations: route('GET', '/{provider}/locations'),
  searchVoices: route('GET', '/{provider}/voices/search', 'query'),
  searchVoice: route('GET', '/{provider}/voice/search', 'query'),
  addVoices: route('POST', '/{provider}/voices/add', 'json'),
  addVoice: route('POST', '/{provider}/voice/add', 'json'),
  cloneVoice: route('POST', '/11labs/voice/clone', 'multipart', { fileField: 'files' }),
};
