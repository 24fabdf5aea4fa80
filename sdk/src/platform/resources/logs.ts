import { route } from '../route.js';

export const logs = {
  list: route('GET', '/log', 'query'),
  delete: route('DELETE', '/log', 'query'),
  query: route('GET', '/logs', 'query'),
  deleteQuery: route('DELETE', '/logs', 'query'),
};
