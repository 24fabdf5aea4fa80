import { crud, route } from '../route.js';

export const templates = {
  ...crud('/template'),
  pinned: route('GET', '/template/pinned'),
};
