// The two links every email to a visitor carries, and the RFC 8058 headers that let a mail
// client unsubscribe in one click.
import type { Config } from '../config';
import type { PrivacyKeys } from './keys';

/** Where the unsubscribe link points: `${PUBLIC_URL}/baja/{token}`. */
export const UNSUBSCRIBE_PATH = '/baja';
/** Where the 'see or erase my data' link points: `${PUBLIC_URL}/privacidad/{token}`. */
export const PRIVACY_PATH = '/privacidad';

export interface PrivacyLinks {
  /** ${PUBLIC_URL}/baja/{token} */
  unsubscribeUrl: string;
  /** ${PUBLIC_URL}/privacidad/{token} */
  privacyUrl: string;
}

/** A mail header as Postmark's `Headers` takes it. */
export interface MailHeader {
  Name: string;
  Value: string;
}

/** The links of `email`'s own token. */
export async function privacyLinks(deps: { config: Pick<Config, 'PUBLIC_URL'>; privacy: PrivacyKeys }, email: string): Promise<PrivacyLinks> {
  const token = await deps.privacy.tokenFor(email);
  return {
    unsubscribeUrl: `${deps.config.PUBLIC_URL}${UNSUBSCRIBE_PATH}/${token}`,
    privacyUrl: `${deps.config.PUBLIC_URL}${PRIVACY_PATH}/${token}`,
  };
}

/** List-Unsubscribe with its one-click POST (RFC 8058): the unsubscribe link is the POST target. */
export function listUnsubscribeHeaders(links: PrivacyLinks): MailHeader[] {
  return [
    { Name: 'List-Unsubscribe', Value: `<${links.unsubscribeUrl}>` },
    { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
  ];
}
