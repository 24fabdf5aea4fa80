// What every email to a visitor carries besides its body: the footer with the sender's identity
// and the privacy links, and the one-click unsubscribe headers. One place, so the proposal mails,
// a released proposal and POST /api/email say the same.
import type { Config } from '../config';
import { listUnsubscribeHeaders, privacyLinks, type MailHeader } from '../privacy/links';
import type { PrivacyKeys } from '../privacy/keys';
import { mailFooter, type MailFooter } from './footer';

/** What an email to a visitor carries besides its body. */
export interface VisitorMailParts {
  footer: MailFooter;
  headers: MailHeader[];
}

/** The footer and headers of an email to `to`, sent for `reason` (one sentence). */
export async function visitorMailParts(
  deps: { config: Pick<Config, 'PUBLIC_URL' | 'COMPANY_NAME' | 'COMPANY_ADDRESS'>; privacy: PrivacyKeys },
  to: string,
  reason: string,
): Promise<VisitorMailParts> {
  const links = await privacyLinks(deps, to);
  return {
    footer: mailFooter({ company: deps.config.COMPANY_NAME, address: deps.config.COMPANY_ADDRESS, reason, links }),
    headers: listUnsubscribeHeaders(links),
  };
}
