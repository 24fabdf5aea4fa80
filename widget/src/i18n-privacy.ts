/**
 * The texts of the consent step and of the privacy notice under the email form, in the lazily
 * loaded chunks that show them (never in the UI chunk every page loads).
 */
import type { Locale } from './i18n';

const es = {
  consentTitle: 'Antes de empezar',
  /** The default consent text; `consent-text` replaces it. */
  consentText:
    'Para atenderte grabamos esta conversación, por voz o por escrito, y la procesamos para prepararte una propuesta personalizada. ¿Nos das tu consentimiento?',
  accept: 'Aceptar',
  decline: 'Rechazar',
  privacyPolicy: 'Política de privacidad',
  /** After 'Rechazar': nothing was sent. */
  declined: 'Sin tu consentimiento no podemos empezar la conversación. No se ha enviado nada.',
  changeMind: 'Cambiar de opinión',
  /** Under the email form's submit button; `{link}` is the privacy policy link. */
  formNotice: 'Tratamos tus datos según nuestra {link}.',
};

/** The privacy texts of one locale. */
export type PrivacyTexts = typeof es;

const en: PrivacyTexts = {
  consentTitle: 'Before we start',
  consentText:
    'To help you, we record this conversation, spoken or written, and process it to prepare a personalised proposal for you. Do you consent?',
  accept: 'Accept',
  decline: 'Decline',
  privacyPolicy: 'Privacy policy',
  declined: 'We cannot start the conversation without your consent. Nothing has been sent.',
  changeMind: 'Change my mind',
  formNotice: 'We handle your data under our {link}.',
};

/** The privacy texts of `locale`. */
export function privacyTextsFor(locale: Locale): PrivacyTexts {
  return locale === 'en' ? en : es;
}
