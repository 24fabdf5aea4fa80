import { route } from '../route.js';

export const voiceLibrary = {
  list: route('GET', '/voice-library/{provider}', 'query'),
  accents: route('GET', '/voice-library/{provider}/accents'),
  /** `sync('11labs')` → `POST /voice-library/sync/11labs`; `sync()` → `POST /voice-library/sync`. */
  sync: route('POST', '/voice-library/sync/{provider?}'),
  createSesameVoice: route('POST', '/voice-library/create-sesame-voice', 'multipart'),
};
