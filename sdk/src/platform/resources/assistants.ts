import { crud, route } from '../route.js';

export const assistants = {
  ...crud('/assistant'),
  replace: route('PUT', '/assistant/{id}', 'json'),
  versions: route('GET', '/assistant/{id}/version', 'query'),
};
