/**
 * The texts of the lead flow beyond the specification's (the address check, the queued
 * proposal), in the session chunk with the dialogs that show them, so that they weigh nothing on
 * the UI chunk.
 */
import type { Locale } from './i18n';

const es = {
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
  emailInvalid: 'Check the address: it should look like name@company.com',
  proposalQueued: 'Proposal on its way to {email}. Check your inbox.',
  proposalQueuedNote: 'The proposal was queued for {email}. Confirm it to the visitor.',
};

/** The lead flow's extra texts of `locale`. */
export function leadTextsFor(locale: Locale): LeadTexts {
  return locale === 'en' ? en : es;
}
