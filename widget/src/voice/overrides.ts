import type { Locale } from '../i18n';

/**
 * Inline assistant overrides the call starts with: transcriber nova-2 (Deepgram) in the
 * element's language (es by default), voice alloy with gpt-4o-mini-tts (OpenAI), model gpt-4o-mini
 * (OpenAI), and the greeting that introduces {name} as the virtual assistant of {company}.
 */
export function assistantOverrides(config: { name: string; company: string; locale: Locale; greeting: string }) {
  return {
    transcriber: { provider: 'deepgram', model: 'nova-2', language: config.locale },
    voice: { provider: 'openai', voiceId: 'alloy', model: 'gpt-4o-mini-tts' },
    model: { provider: 'openai', model: 'gpt-4o-mini' },
    firstMessage: config.greeting.replace('{name}', config.name).replace('{company}', config.company),
  } as const;
}
