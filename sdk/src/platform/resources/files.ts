import { crud, route } from '../route.js';

export const files = {
  ...crud('/file'),
  create: route('POST', '/file', 'multipart'),
  /** @deprecated The platform keeps `POST /file/upload` for old clients; use `files.create`. */
  upload: route('POST', '/file/upload', 'multipart'),
};
