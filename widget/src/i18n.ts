/**
 * Every text the element shows. Spanish texts are the specification's, word for word;
 * `locale="en"` switches every one of them (./i18n-en.ts).
 */
export type Locale = 'es' | 'en';

const es = {
  talkTo: 'Hablar con {name}',
  panelTitle: '{chatLabel} con {name}',
  connecting: 'Conectando con {name}...',
  waiting: 'Esperando tu mensaje...',
  listening: '{name} está escuchando...',
  processing: '{name} está procesando...',
  backToCall: 'Volver a la llamada con {name}',
  viewTranscript: 'Ver Transcripción',
  endCall: 'Finalizar Llamada',
  newConversation: 'Nueva Conversación',
  callEnded: 'La llamada ha finalizado',
  startNew: 'Iniciar nueva conversación',
  closeChat: 'Cerrar chat',
  expand: 'Ampliar chat',
  shrink: 'Reducir chat',
  messages: 'Mensajes',
  demo: 'modo demostración',
  typePlaceholder: 'Escribe tu mensaje',
  send: 'Enviar',
  you: 'Tú',
  close: 'Cerrar',
  notifications: 'Notificaciones',
  toastEmailRequired: 'El correo es obligatorio',
  toastSaveError: 'Error al guardar envio de propuesta',
  toastSending: 'Enviando propuesta personalizada...',
  toastSendError: 'Error al enviar correo',
  farewell: 'Gracias por la conversación. ¡Hasta luego!',
  errorPrefix: 'Error: {msg}',
  errUnknown: 'Error desconocido',
  errStart: 'Error desconocido al iniciar la llamada',
  errStop: 'Error desconocido al detener la llamada',
  errNoAssistant: 'ID del asistente no disponible',
  errNotInitialised: 'El proveedor de voz no está inicializado correctamente',
  errEvents: 'Error al configurar los eventos del proveedor de voz',
  greeting: '¡Hola! Soy {name}, la asistente virtual de {company}. ¿En qué puedo ayudarte hoy?',
};

export type Texts = typeof es;

const tables: Partial<Record<Locale, Texts>> = { es };

/** The texts of `locale`, or the Spanish ones while another table is still loading. */

export function resolveLocale(value: string | null | undefined): Locale {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'es';
}

export function textsFor(locale: Locale): Texts {
  return tables[locale] ?? es;
}

export function hasLocale(locale: Locale): boolean {
  return !!tables[locale];
}

/** Loads a locale's table (English is its own small chunk: Spanish pages never download it). */
export async function loadLocale(locale: Locale): Promise<Texts> {
  if (!tables[locale]) tables[locale] = (await import('./i18n-en')).en;
  return tables[locale];
}

/** Replaces `{key}` placeholders. */
export function fmt(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
