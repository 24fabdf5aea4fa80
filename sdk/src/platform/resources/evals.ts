import { pages, pagedCrud, route } from '../route.js';

const runsList = route('GET', '/eval/run', 'query');
const simulationRunsList = route('GET', '/eval/simulation/run', 'query');
const simulationRunItemsList = route('GET', '/eval/simulation/run/{id}/item', 'query');

export const evals = {
  ...pagedCrud('/eval'),
  runs: {
    create: route('POST', '/eval/run', 'json'),
    list: runsList,
    iterate: pages(runsList),
    get: route('GET', '/eval/run/{id}'),
    delete: route('DELETE', '/eval/run/{id}'),
  },
  simulations: {
    ...pagedCrud('/eval/simulation'),
    concurrency: route('GET', '/eval/simulation/concurrency'),
    personalities: pagedCrud('/eval/simulation/personality'),
    scenarios: {
      ...pagedCrud('/eval/simulation/scenario'),
      generate: route('POST', '/eval/simulation/scenario/generate', 'json'),
    },
    suites: pagedCrud('/eval/simulation/suite'),
    runs: {
      create: route('POST', '/eval/simulation/run', 'json'),
      list: simulationRunsList,
      iterate: pages(simulationRunsList),
      get: route('GET', '/eval/simulation/run/{id}'),
      cancel: route('PATCH', '/eval/simulation/run/{id}'),
      items: {
        list: simulationRunItemsList,
        iterate: pages(simulationRunItemsList),
        get: route('GET', '/eval/simulation/run/{id}/item/{itemId}'),
        cancel: route('PATCH', '/eval/simulation/run/{id}/item/{itemId}'),
        generate: route('POST', '/eval/simulation/run/{id}/item/{itemId}/generate', 'query'),
      },
    },
  },
};
