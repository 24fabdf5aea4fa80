/**
 * The Spanish texts: the specification's, word for word. Every other locale's table has this
 * shape (Texts), so a missing or extra key is a type error.
 */
export const es = {
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
