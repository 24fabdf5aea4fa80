import { crud, route } from '../route.js';

export const phoneNumbers = {
  ...crud('/phone-number'),
  importTwilio: route('POST', '/phone-number/import/twilio', 'json'),
  importVonage: route('POST', '/phone-number/import/vonage', 'json'),
};
