/** The `privacy-url` attribute as a link target. */

/**
 * The privacy policy's address, resolved against `base` (the page), or undefined when there is
 * none or it is not http or https (a `javascript:` or `data:` URL never becomes a link).
 */
export function privacyHref(value: string | undefined, base: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
