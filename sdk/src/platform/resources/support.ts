import { route } from '../route.js';

export const support = {
  createTicket: route('POST', '/support/ticket', 'json'),
};
