import { crud } from '../route.js';

export const testSuites = {
  ...crud('/test-suite'),
  tests: crud('/test-suite/{suiteId}/test'),
  runs: crud('/test-suite/{suiteId}/run'),
};
