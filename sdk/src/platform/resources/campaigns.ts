import { crud, route } from '../route.js';

export const campaigns = {
  ...crud('/campaign'),
  listPaginated: route('GET', '/campaign/paginated', 'query'),
};
