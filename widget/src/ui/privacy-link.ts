/** The privacy policy link of the consent step and of the email form's notice. */
import type { createElement, ReactElement } from 'react';
import { privacyHref } from '../privacy-url';

/**
 * The link to `url` (opened in a new tab, with no opener and no referrer), or null when `url` is
 * absent or not http(s). React comes in as `h`, as in the other lazily loaded views.
 */
export function privacyLink(h: typeof createElement, url: string | undefined, text: string): ReactElement | null {
  const href = privacyHref(url, typeof document === 'undefined' ? undefined : document.baseURI);
  return href ? h('a', { href, target: '_blank', rel: 'noopener noreferrer', part: 'privacy-link' }, text) : null;
}

/** `template` with its `{link}` replaced by `link`: the pieces to render in order. */
export function withLink(template: string, link: ReactElement): Array<string | ReactElement> {
  const [before = '', after = ''] = template.split('{link}');
  return [before, link, after];
}
