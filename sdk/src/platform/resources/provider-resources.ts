import { pagedCrud, route } from '../route.js';

/** Resources the platform keeps at a voice provider (for example an 11labs pronunciation dictionary). */
export const providerResources = {
  ...pagedCrud('/provider/{provider}/{resourceName}'),
  // The document declares no body for this PATCH, so none is sent.
  update: route('PATCH', '/provider/{provider}/{resourceName}/{id}'),
};
