import { crud, route } from '../route.js';

export const calls = {
  ...crud('/call'),
  createPhone: route('POST', '/call/phone', 'json'),
  createWeb: route('POST', '/call/web', 'json'),
};
