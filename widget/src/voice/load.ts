/**
 * Loaded lazily, at the first call start, so the voice client is not on the UI chunk's critical
 * path. daily-js itself is loaded by the SDK on its first real `start()`; demo mode never loads it.
 */
// The core client: the widget passes no daily-js call-object options, so their checks (and zod) stay out.
import { WebCallClientCore } from '@helena/sdk/web';
import { createSimulatedCallObject } from '@helena/simulator';
import { platformEndpoint } from './endpoint';
import type { VoiceClient, VoiceOptions } from './types';

export { DEMO_PUBLIC_KEY } from './endpoint';

export function createVoiceClient(options: VoiceOptions): VoiceClient {
  const endpoint = platformEndpoint(options);
  if (options.demo) {
    return new WebCallClientCore({
      ...endpoint,
      // The demo assistant speaks with the browser's voice and hears the visitor with its speech
      // recognition, where the browser has them (Spanish, or English for locale="en").
      createCallObject: (o) => {
        const lang = options.locale === 'en' ? 'en-US' : 'es-ES';
        return createSimulatedCallObject({ ...o, speak: { lang }, listen: { lang } });
      },
    });
  }
  return new WebCallClientCore(endpoint.token);
}
