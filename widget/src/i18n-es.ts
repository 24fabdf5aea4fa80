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
  errorPrefix: 'Error: {msg}',
  errNoAssistant: 'ID del asistente no disponible',
  errNotInitialised: 'El proveedor de voz no está inicializado correctamente',
  mute: 'Silenciar micrófono',
  unmute: 'Activar micrófono',
  muted: 'Micrófono silenciado',
};

export type Texts = typeof es;
