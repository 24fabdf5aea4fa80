// The window events the element listens to; the host page may dispatch both.
/** An address was found (by a widget, or by the host page): `{ correos, mensaje, timestamp }`. */
export const EMAIL_EVENT = 'correoDetectado';
/** Opens the chat, as a click on the button does. */
export const TOGGLE_EVENT = 'toggleHelenaChat';
