// The sign-in mail: Spanish, HTML and text, the link and how long it lasts. It goes straight to
// the transport rather than through the outbox, so the link's secret is never stored in clear;
// a lost one is asked for again.
import { html } from '../../html/escape';
import { SIGNIN_LINK_TTL_MS } from './links';

export interface SigninMail {
  subject: string;
  html: string;
  text: string;
}

/** The mail holding `link` for a sign-in to `company`'s panel. */
export function signinMail(v: { company: string; link: string }): SigninMail {
  const minutes = SIGNIN_LINK_TTL_MS / 60_000;
  return {
    subject: `Tu enlace para entrar al panel de ${v.company}`,
    html: html`<p>Hola:</p>
<p>Para entrar al panel de ${v.company}, abre este enlace y pulsa «Entrar»:</p>
<p><a href="${v.link}">Entrar al panel</a></p>
<p>El enlace sirve una sola vez y durante ${minutes} minutos. Si no lo has pedido tú, ignora este correo: nadie entrará sin él.</p>`.value,
    text: `Hola:\n\nPara entrar al panel de ${v.company}, abre este enlace y pulsa «Entrar»:\n${v.link}\n\nEl enlace sirve una sola vez y durante ${minutes} minutos. Si no lo has pedido tú, ignora este correo: nadie entrará sin él.\n`,
  };
}
