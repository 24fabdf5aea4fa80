// Who may use the panel: the addresses of OWNER_EMAILS (config.ts gives demo mode its default).
import type { Config } from '../../config';
import { normalizeAddress } from '../../privacy/keys';

/** The panel exists only when someone may sign in to it. */
export const panelEnabled = (config: Pick<Config, 'OWNER_EMAILS'>): boolean => config.OWNER_EMAILS.length > 0;

/** Whether `email` is one of today's owners (a session of a removed owner is refused by this too). */
export const isOwner = (config: Pick<Config, 'OWNER_EMAILS'>, email: string): boolean => config.OWNER_EMAILS.includes(normalizeAddress(email));
