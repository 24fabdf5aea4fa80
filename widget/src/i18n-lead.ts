/**
 * The texts of the dialogs (transcript and email form) and of the lead flow (the address check,
 * what became of the proposal), in the session chunk with the dialogs that show them, so that they weigh
 * nothing on the UI chunk.
 */
import type { ProposalSendStatus } from '@helena/contract';
import type { Locale } from './i18n';

/**
 * What became of a proposal send, by the server's answer: `shown` to the visitor (`{email}`), and
 * the `note` the assistant is told (a system message) so that it says the same.
 */
type ProposalOutcomeTexts = Record<ProposalSendStatus, { shown: string; note: string }>;

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
  /**
   * After a send. A held one ('nothing was sent') is also a toast; each is said in the chat once,
   * by the assistant when a conversation hears the note, else by the page itself.
   */
  proposal: {
    queued: {
      shown: 'Propuesta en camino a {email}. Revisa tu bandeja de entrada.',
      note: 'La propuesta se ha puesto en cola para enviarse a {email}. Confírmaselo al visitante.',
    },
    'sent-recently': {
      shown: 'Ya se pidió una propuesta para {email} hace poco, así que no hemos enviado otra. Revisa tu bandeja de entrada.',
      note: 'No se ha enviado la propuesta a {email}: ya se pidió una para esa dirección hace poco, así que no se envía otra. Díselo al visitante, sin decir que se ha enviado.',
    },
    'not-sent': {
      shown: 'No hemos podido enviar la propuesta a {email}: no se ha enviado ningún correo.',
      note: 'No se ha enviado la propuesta a {email}: ahora no se puede enviar a esa dirección. Díselo al visitante, sin prometer un envío.',
    },
  } satisfies ProposalOutcomeTexts,
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
  proposal: {
    queued: {
      shown: 'Proposal on its way to {email}. Check your inbox.',
      note: 'The proposal was queued for {email}. Confirm it to the visitor.',
    },
    'sent-recently': {
      shown: 'A proposal for {email} was already requested recently, so we have not sent another. Check your inbox.',
      note: 'The proposal was not sent to {email}: one was requested for that address recently, so no other is sent. Tell the visitor, without saying it was sent.',
    },
    'not-sent': {
      shown: 'We could not send the proposal to {email}: no email was sent.',
      note: 'The proposal was not sent to {email}: it cannot be sent to that address now. Tell the visitor, without promising a send.',
    },
  },
};

/** The lead flow's extra texts of `locale`. */
export function leadTextsFor(locale: Locale): LeadTexts {
  return locale === 'en' ? en : es;
}
