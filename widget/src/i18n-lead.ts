/**
 * The texts of the dialogs (transcript and email form) and of the lead flow (the address check,
 * the queued proposal), in the session chunk with the dialogs that show them, so that they weigh
 * nothing on the UI chunk.
 */
import type { Locale } from './i18n';

const es = {
  // The dialogs (the specification's texts, word for word).
  transcriptTitle: 'Transcripción del Chat con {name}',
  noMessages: 'No hay mensajes en esta conversación.',
  closeView: 'Cerrar Vista',
  emailTitle: 'Enviar propuestas',
  emailText: 'Ingresa tu correo para recibir las propuestas',
  emailPlaceholder: 'Tu correo electrónico',
  fullName: 'Nombre completo',
  cargo: 'Cargo',
  company: 'Empresa',
  emailNote: 'Si deseas, puedes incluir más detalles para personalizar tu propuesta.',
  sendProposals: 'Enviar propuestas',
  honeypot: 'No rellenes este campo',
  // The lead flow.
  /** Inline under the address when it is not one. */
  emailInvalid: 'Revisa el correo: debe ser como nombre@empresa.com',
  /** Shown in the chat once the server queued the proposal. `{email}`. */
  proposalQueued: 'Propuesta en camino a {email}. Revisa tu bandeja de entrada.',
  /** Told to the assistant (a system message) once the server queued the proposal. `{email}`. */
  proposalQueuedNote: 'La propuesta se ha puesto en cola para enviarse a {email}. Confírmaselo al visitante.',
};

/** The lead flow's extra texts of one locale. */
export type LeadTexts = typeof es;

const en: LeadTexts = {
  transcriptTitle: 'Chat Transcript with {name}',
  noMessages: 'There are no messages in this conversation.',
  closeView: 'Close View',
  emailTitle: 'Send proposals',
  emailText: 'Enter your email to receive the proposals',
  emailPlaceholder: 'Your email address',
  fullName: 'Full name',
  cargo: 'Job title',
  company: 'Company',
  emailNote: 'If you like, you can add more details to personalise your proposal.',
  sendProposals: 'Send proposals',
  honeypot: 'Leave this field empty',
  emailInvalid: 'Check the address: it should look like name@company.com',
  proposalQueued: 'Proposal on its way to {email}. Check your inbox.',
  proposalQueuedNote: 'The proposal was queued for {email}. Confirm it to the visitor.',
};

/** The lead flow's extra texts of `locale`. */
export function leadTextsFor(locale: Locale): LeadTexts {
  return locale === 'en' ? en : es;
}
