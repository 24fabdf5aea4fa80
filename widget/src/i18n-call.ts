/**
 * The texts only the conversation's lazily loaded parts show (the call, the chat, the lead
 * flow): errors, the farewell, the greeting, the proposal toasts. They live in those parts' chunks,
 * not in the UI chunk every page loads. Spanish texts are the specification's, word for word.
 */
import type { Locale } from './i18n';

const es = {
  toastSending: 'Enviando propuesta personalizada...',
  toastSendError: 'Error al enviar correo',
  farewell: 'Gracias por la conversación. ¡Hasta luego!',
  errUnknown: 'Error desconocido',
  errStart: 'Error desconocido al iniciar la llamada',
  errStop: 'Error desconocido al detener la llamada',
  errEvents: 'Error al configurar los eventos del proveedor de voz',
  greeting: '¡Hola! Soy {name}, la asistente virtual de {company}. ¿En qué puedo ayudarte hoy?',
};

/** The conversation's texts of one locale. */
export type CallTexts = typeof es;

const en: CallTexts = {
  toastSending: 'Sending your personalised proposal...',
  toastSendError: 'Error sending the email',
  farewell: 'Thank you for the conversation. Goodbye!',
  errUnknown: 'Unknown error',
  errStart: 'Unknown error while starting the call',
  errStop: 'Unknown error while stopping the call',
  errEvents: 'Error setting up the voice provider events',
  greeting: "Hi! I'm {name}, the virtual assistant of {company}. How can I help you today?",
};

/** The conversation's texts of `locale`. */
export function callTextsFor(locale: Locale): CallTexts {
  return locale === 'en' ? en : es;
}
