import { crud, route } from '../route.js';

export const credentials = {
  ...crud('/credential'),
  createSession: route('POST', '/credential/session', 'json'),
  /** Sent without the bearer token: the platform authenticates the webhook itself. */
  webhook: route('POST', '/credential/webhook', 'json', { auth: false }),
  trigger: route('POST', '/credential/trigger', 'json'),
};
