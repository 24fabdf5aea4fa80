import { pagedCrud, route } from '../route.js';

export const reporting = {
  insights: {
    ...pagedCrud('/reporting/insight'),
    run: route('POST', '/reporting/insight/{id}/run', 'json'),
    preview: route('POST', '/reporting/insight/preview', 'json'),
  },
  boards: {
    ...pagedCrud('/reporting/board'),
    metricsOverview: route('GET', '/reporting/board/default/metrics-overview'),
  },
};
