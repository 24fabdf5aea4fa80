/**
 * Source entry (tests, bundler users): the facade with the UI chunk as a dynamic import.
 * The published script is built from ./entry/loader.ts instead.
 */
import { defineHelenaAssistant } from './loader';

export { defineHelenaAssistant, TAG, ATTRS } from './loader';
export { detectEmail, detectEmails } from '@helena/sdk';

defineHelenaAssistant(() => import('./ui/element'));
