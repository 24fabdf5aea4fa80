import { crud, pages, route } from '../route.js';

const { list, create, get, delete: remove } = crud('/chat');

export const chats = {
  list,
  iterate: pages(list),
  create,
  get,
  delete: remove,
  respond: route('POST', '/chat/responses', 'json'),
  createWeb: route('POST', '/chat/web', 'json'),
  respondWeb: route('POST', '/chat/web/responses', 'json'),
};
