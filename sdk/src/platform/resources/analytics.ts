import { route } from '../route.js';

export const analytics = {
  query: route('POST', '/analytics', 'json'),
};
