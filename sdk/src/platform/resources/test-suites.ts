import { pagedCrud } from '../route.js';

export const testSuites = {
  ...pagedCrud('/test-suite'),
  tests: pagedCrud('/test-suite/{suiteId}/test'),
  runs: pagedCrud('/test-suite/{suiteId}/run'),
};
