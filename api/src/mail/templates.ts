// The two emails proposal.send queues, in Spanish, HTML + text, each ending with the footer (who
// sends it, why, and the unsubscribe and data links). Every user value goes through `html`
// (escaped); the text versions are plain text. Subjects are fixed: nothing a visitor typed
// reaches a subject line, where it would speak in the company's name.
import { html, paragraphs, type SafeHtml } from '../html/escape';
import type { MailFooter } from './footer';
import { OFFER, forCompany, formatDateEs, greeting, roleLine, type ProposalView } from '../pages/proposal-view';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const CONFIRMATION_SUBJECT = 'Hemos recibido tu solicitud';
export const PROPOSAL_SUBJECT = 'Tu propuesta personalizada';

function layout(title: string, body: SafeHtml, footer: MailFooter): string {
  return html`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;background:#f6f7fb;color:#1f2d3d;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px"><tr><td style="padding:28px">
${body}
${footer.html}
</td></tr></table>
</td></tr></table>
</body></html>`.value;
}

const button = (href: string, label: string) =>
  html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${label}</a></p>`;

export function confirmationEmail(v: ProposalView, footer: MailFooter): RenderedEmail {
  const subject = CONFIRMATION_SUBJECT;
  const body = html`<h1 style="font-size:22px;margin:0 0 12px">${greeting(v)}</h1>
<p>Gracias por hablar con ${v.assistantName}. Hemos recibido tu solicitud${v.company ? html` para ${v.company}` : ''} y ya tienes tu propuesta personalizada.</p>
${button(v.link, 'Ver mi propuesta')}
<p style="color:#5b6b7c;font-size:14px">Si el botón no funciona, copia este enlace en tu navegador: <a href="${v.link}" style="color:#4f46e5">${v.link}</a></p>`;
  const text = [
    `${greeting(v)}:`,
    '',
    `Gracias por hablar con ${v.assistantName}. Hemos recibido tu solicitud${v.company ? ` para ${v.company}` : ''} y ya tienes tu propuesta personalizada:`,
    v.link,
    '',
    footer.text,
  ].join('\n');
  return { subject, html: layout(subject, body, footer), text };
}

export function proposalEmail(v: ProposalView, footer: MailFooter): RenderedEmail {
  const subject = PROPOSAL_SUBJECT;
  const role = roleLine(v);
  const body = html`<p style="margin:0;color:#4f46e5;font-weight:bold;font-size:13px;text-transform:uppercase">Propuesta de ${v.ourCompany}</p>
<h1 style="font-size:22px;margin:8px 0 12px">${greeting(v)}</h1>
<p>Esta es la propuesta que preparamos para ${forCompany(v)}${v.cargo ? html` (${v.cargo})` : ''} a partir de tu conversación con ${v.assistantName}.</p>
<h2 style="font-size:18px;margin:24px 0 8px">Resumen de la conversación</h2>
${v.summary ? paragraphs(v.summary) : html`<p>Hablaste con ${v.assistantName} sobre cómo atender mejor a los visitantes de tu web.</p>`}
<h2 style="font-size:18px;margin:24px 0 8px">${OFFER.title}</h2>
${role ? html`<p>${role}</p>` : ''}
<ul>${OFFER.points.map((p) => html`<li>${p}</li>`)}</ul>
<p>${OFFER.closing}</p>
${button(v.link, 'Ver la propuesta completa')}
<p style="color:#5b6b7c;font-size:14px">El enlace estará disponible hasta el ${formatDateEs(v.expiresAt)}: <a href="${v.link}" style="color:#4f46e5">${v.link}</a></p>`;
  const text = [
    `${greeting(v)}:`,
    '',
    `Esta es la propuesta que preparamos para ${forCompany(v)}${v.cargo ? ` (${v.cargo})` : ''} a partir de tu conversación con ${v.assistantName}.`,
    '',
    'Resumen de la conversación',
    v.summary ?? `Hablaste con ${v.assistantName} sobre cómo atender mejor a los visitantes de tu web.`,
    '',
    OFFER.title,
    ...(role ? [role] : []),
    ...OFFER.points.map((p) => `- ${p}`),
    OFFER.closing,
    '',
    `Ver la propuesta completa (disponible hasta el ${formatDateEs(v.expiresAt)}):`,
    v.link,
    '',
    footer.text,
  ].join('\n');
  return { subject, html: layout(subject, body, footer), text };
}
