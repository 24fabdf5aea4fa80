import { pagedCrud, route } from '../route.js';

export const structuredOutputs = {
  ...pagedCrud('/structured-output'),
  // The document requires a `schemaOverride` query parameter beside the body.
  update: route('PATCH', '/structured-output/{id}', 'json-query'),
  run: route('POST', '/structured-output/run', 'json'),
};
