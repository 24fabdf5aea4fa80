// The sign-in pages of the panel, server-rendered in the proposal's style (no script: they work
// before the app loads and under the strict page CSP). Every value is escaped by `html`.
import { html, type SafeHtml } from '../../html/escape';
import { renderPage } from '../../pages/proposal';
import { SIGNIN_PATH } from './links';

/** The one answer to a sign-in request, whatever the address: it never tells who has access. */
export const SIGNIN_SENT_MESSAGE = 'Si esa dirección tiene acceso, te hemos enviado un enlace.';
/** Where the sign-in form posts. */
export const SIGNIN_REQUEST_PATH = '/panel/enlace';

const page = (title: string, body: SafeHtml) => renderPage(title, html`<article class="proposal accept">${body}</article>`, { forms: true });

/** The form at /panel for a browser without a session, with what happened to the last request. */
export function signInPage(v: { company: string; sent?: boolean; error?: string; email?: string }): string {
  return page(
    `Panel de ${v.company}`,
    html`<p class="proposal__eyebrow">${v.company}</p><h1>Entrar al panel</h1>
<p>Te enviaremos un enlace para entrar, válido durante 15 minutos.</p>
${v.sent ? html`<p class="notice" role="status">${SIGNIN_SENT_MESSAGE}</p>` : ''}
${v.error ? html`<p class="notice" role="alert">${v.error}</p>` : ''}
<form method="post" action="${SIGNIN_REQUEST_PATH}">
<label for="email">Correo electrónico</label>
<input type="text" inputmode="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${v.email ?? ''}">
<p><button class="button" type="submit">Enviarme el enlace</button></p>
</form>`,
  );
}

/** What the link opens: one button, so a mail scanner's GET never signs anyone in. */
export function enterPage(v: { company: string; token: string }): string {
  return page(
    `Entrar al panel de ${v.company}`,
    html`<p class="proposal__eyebrow">${v.company}</p><h1>Entrar al panel</h1>
<form method="post" action="${SIGNIN_PATH}/${v.token}"><p><button class="button" type="submit">Entrar</button></p></form>`,
  );
}

/** A link that was used, expired or never ours. */
export function linkUnusablePage(v: { company: string }): string {
  return page(
    'Enlace caducado',
    html`<p class="proposal__eyebrow">${v.company}</p><h1>Este enlace ya no sirve</h1>
<p>Cada enlace sirve una vez y durante 15 minutos. Pide otro y ábrelo en este navegador.</p>
<p><a class="button" href="/panel">Pedir otro enlace</a></p>`,
  );
}

/** A panel request this server refuses to act on (another site's form). */
export function refusedPage(v: { company: string; message: string }): string {
  return page('Solicitud no válida', html`<p class="proposal__eyebrow">${v.company}</p><h1>Solicitud no válida</h1><p>${v.message}</p>`);
}
