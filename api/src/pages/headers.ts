// The headers every page of this server answers with: never cached or indexed, no referrer, and
// a strict CSP (no script at all; styles from this server only). A page with a form may post
// only to this server, and names its origin to it (Referrer-Policy same-origin: with no-referrer,
// browsers send `Origin: null` on the form's POST).
import type { Context } from 'hono';

const csp = (formAction: "'self'" | "'none'") =>
  `default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`;

/** Sets the strict page headers on `c`; `forms`: the page holds a form that posts back here. */
export function setPageHeaders(c: Context, opts: { forms?: boolean } = {}): void {
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', csp(opts.forms ? "'self'" : "'none'"));
  c.header('Referrer-Policy', opts.forms ? 'same-origin' : 'no-referrer');
}
