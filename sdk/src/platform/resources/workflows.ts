import { crud, route } from '../route.js';

export const workflows = {
  ...crud('/workflow'),
  generate: route('POST', '/workflow/generate', 'json'),
};
