import { pagedCrud, route } from '../route.js';

export const campaigns = {
  ...pagedCrud('/campaign'),
  listPaginated: route('GET', '/campaign/paginated', 'query'),
};
