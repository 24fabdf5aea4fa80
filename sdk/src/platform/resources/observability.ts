import { pagedCrud } from '../route.js';

export const observability = {
  scorecards: pagedCrud('/observability/scorecard'),
};
