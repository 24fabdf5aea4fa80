/**
 * The session chunk: the dialogs and the lead flow, loaded when a dialog opens, the form is
 * submitted or the tab has an earlier conversation to show; neither the UI chunk nor a call's
 * start loads it. The email prompt that opens the form is a chunk of its own (./store/email-prompt.ts).
 */
export { detectEmail, detectEmails } from '@helena/sdk';
export { leadTextsFor } from './i18n-lead';
export { runLead, submitLead } from './store/lead';
export { restoredConversation, resumeTab } from './store/tab-conversation';
export { createModals } from './ui/modals';
export type { ModalDeps, Modals } from './ui/modals';
