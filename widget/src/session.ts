/**
 * The session chunk: what is needed only once a conversation is under way (the dialogs, email
 * detection, the lead flow). Loaded lazily at call start, so it is not in the UI chunk.
 */
export { detectEmail, detectEmails } from '@helena/sdk';
export { leadTextsFor } from './i18n-lead';
export { runLead, submitLead } from './store/lead';
export { createEmailPrompt } from './store/email-prompt';
export { restoredConversation, resumeTab } from './store/tab-conversation';
export { createModals } from './ui/modals';
export type { ModalDeps, Modals } from './ui/modals';
