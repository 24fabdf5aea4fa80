import { route } from '../route.js';

export const v2 = {
  calls: {
    export: route('GET', '/v2/call/export', 'query'),
    list: route('GET', '/v2/call', 'query'),
    metadata: route('GET', '/v2/call/metadata', 'query'),
  },
  assistants: {
    list: route('GET', '/v2/assistant', 'query'),
  },
  phoneNumbers: {
    list: route('GET', '/v2/phone-number', 'query'),
  },
};
