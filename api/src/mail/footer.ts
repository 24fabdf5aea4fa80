// The footer of every email to a visitor: who sends it (COMPANY_NAME, COMPANY_ADDRESS), why the
// visitor gets it, and the links to unsubscribe and to see or erase what is stored. HTML (escaped)
// and text alike.
import { html, type SafeHtml } from '../html/escape';
import type { PrivacyLinks } from '../privacy/links';

/** What a footer says. */
export interface FooterFacts {
  company: string;
  address?: string;
  /** One sentence: why this person gets this email. */
  reason: string;
  links: PrivacyLinks;
}

/** A footer, as markup for the HTML part and as lines for the text part. */
export interface MailFooter {
  html: SafeHtml;
  text: string;
}

const muted = 'color:#5b6b7c;font-size:13px;line-height:1.5';

/** The footer of an email to a visitor: the reason, the sender, the two links. */
export function mailFooter(f: FooterFacts): MailFooter {
  const sender = f.address ? `${f.company} · ${f.address}` : f.company;
  return {
    html: html`<hr style="border:0;border-top:1px solid #e5e7eb;margin:28px 0 16px">
<p style="${muted};margin:0 0 8px">${f.reason}</p>
<p style="${muted};margin:0 0 8px">Enviado por ${sender}.</p>
<p style="${muted};margin:0"><a href="${f.links.unsubscribeUrl}" style="color:#4f46e5">Darme de baja</a> · <a href="${f.links.privacyUrl}" style="color:#4f46e5">Ver o borrar mis datos</a></p>`,
    text: ['--', f.reason, `Enviado por ${sender}.`, `Darme de baja: ${f.links.unsubscribeUrl}`, `Ver o borrar mis datos: ${f.links.privacyUrl}`].join('\n'),
  };
}

/** Why a lead's emails are sent. */
export const leadReason = (company: string, email: string) =>
  `Recibes este correo porque dejaste tu dirección (${email}) en la web de ${company} para recibir una propuesta.`;

/** Why mail sent through POST /api/email is sent: the company's own system writes to a contact. */
export const contactReason = (company: string) => `Recibes este correo porque estás en contacto con ${company}.`;

/**
 * `body` (a whole HTML document or a fragment from POST /api/email) with the footer before
 * `</body>`, or at the end when there is none.
 */
export function withHtmlFooter(body: string, footer: MailFooter): string {
  const end = body.search(/<\/body\s*>/i);
  return end === -1 ? body + footer.html.value : body.slice(0, end) + footer.html.value + body.slice(end);
}
