// What a demo call says when the browser lacks the voice it was asked for: the conversation goes
// on in text, and the visitor learns why there is no voice instead of talking to silence.
import { voiceSupport, type VoiceHost } from './listen';

const NOTICES = {
  es: {
    none: 'Aviso: este navegador no puede hablar ni escuchar en la demostración; la voz necesita la plataforma real. Puedes escribir tus mensajes.',
    speak: 'Aviso: este navegador no puede leer las respuestas en voz alta en la demostración; la voz necesita la plataforma real. Las verás escritas aquí.',
    listen: 'Aviso: este navegador no puede escucharte en la demostración; la voz necesita la plataforma real. Puedes escribir tus mensajes.',
  },
  en: {
    none: 'Note: this browser cannot speak or listen in the demo; voice needs the real platform. You can type your messages.',
    speak: 'Note: this browser cannot read the answers aloud in the demo; voice needs the real platform. You will see them written here.',
    listen: 'Note: this browser cannot hear you in the demo; voice needs the real platform. You can type your messages.',
  },
} as const;

/**
 * The notice for a call that asked to `speak` and/or `listen` (each with its language) in a
 * browser that cannot; undefined when it can do all it was asked, or was asked nothing.
 */
export function voiceNotice(options: { speak?: { lang: string }; listen?: { lang: string } }, host?: VoiceHost): string | undefined {
  const support = voiceSupport(host);
  const noSpeech = !!options.speak && !support.speaks;
  const noListening = !!options.listen && !support.listens;
  if (!noSpeech && !noListening) return undefined;
  const lang = (options.speak ?? options.listen)!.lang.toLowerCase().startsWith('en') ? 'en' : 'es';
  return NOTICES[lang][noSpeech && noListening ? 'none' : noSpeech ? 'speak' : 'listen'];
}
