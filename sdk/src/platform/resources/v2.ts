import { crud, pages, pagedCrud, route } from '../route.js';

const callsList = route('GET', '/v2/call', 'query');
const phoneNumbersList = route('GET', '/v2/phone-number', 'query');
const assistantsList = route('GET', '/v2/assistant', 'query');
const campaignContacts = route('GET', '/v2/campaign/{id}/contacts', 'query');

export const v2 = {
  calls: {
    export: route('GET', '/v2/call/export', 'query'),
    list: callsList,
    iterate: pages(callsList),
    metadata: route('GET', '/v2/call/metadata', 'query'),
  },
  assistants: {
    list: assistantsList,
    iterate: pages(assistantsList),
  },
  phoneNumbers: {
    list: phoneNumbersList,
    iterate: pages(phoneNumbersList),
  },
  campaigns: {
    ...pagedCrud('/v2/campaign'),
    get: route('GET', '/v2/campaign/{id}', 'query'),
    contacts: campaignContacts,
    iterateContacts: pages(campaignContacts),
  },
  knowledgeBases: {
    ...crud('/v2/knowledge-base'),
    files: {
      list: route('GET', '/v2/knowledge-base/{id}/file'),
      attach: route('POST', '/v2/knowledge-base/{id}/file', 'json'),
      detach: route('DELETE', '/v2/knowledge-base/{id}/file/{fileId}'),
      retry: route('POST', '/v2/knowledge-base/{id}/file/{fileId}/retry'),
    },
  },
};
