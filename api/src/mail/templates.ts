// The two emails proposal.send queues, in Spanish, HTML + text, each ending with the footer (who
// sends it, why, and the unsubscribe and data links). Both render the proposal's document, so they
// say what the page and the PDF say. Every user value goes through `html` (escaped); the text
// versions are plain text. Subjects are fixed: nothing a visitor typed reaches a subject line,
// where it would speak in the company's name.
import { html, paragraphs, type SafeHtml } from '../html/escape';
import type { MailFooter } from './footer';
import { textColorOn } from '../offer/color';
import type { ProposalDocument } from '../proposal/document';
import * as say from '../pages/proposal-view';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const CONFIRMATION_SUBJECT = 'Hemos recibido tu solicitud';
export const PROPOSAL_SUBJECT = 'Tu propuesta personalizada';

const MUTED = '#5b6b7c';

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

const button = (d: ProposalDocument, href: string, label: string) =>
  html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${d.seller.color};color:${textColorOn(d.seller.color)};text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${label}</a></p>`;

/** What an email says about what comes with it. */
export interface EmailOptions {
  /** The proposal email carries the PDF (PROPOSAL_PDF). */
  withPdf: boolean;
}

/** What the confirmation says comes next: honest about the proposal email still to come. */
const nextStep = (d: ProposalDocument, opts: EmailOptions & { waitsForReport: boolean }) => {
  const pdf = opts.withPdf ? ', con su PDF' : '';
  return opts.waitsForReport
    ? `Cuando termine tu conversación te enviaremos a este correo la propuesta de ${d.seller.name}${pdf}. Ya puedes ver cómo va quedando aquí:`
    : `En unos instantes te llegará otro correo con la propuesta de ${d.seller.name}${pdf}. También puedes verla ya aquí:`;
};

export function confirmationEmail(d: ProposalDocument, footer: MailFooter, opts: EmailOptions & { waitsForReport: boolean }): RenderedEmail {
  const subject = CONFIRMATION_SUBJECT;
  const thanks = `Gracias por hablar con ${d.assistantName}. Hemos recibido tu solicitud${d.buyer.company ? ` para ${d.buyer.company}` : ''}.`;
  const body = html`<h1 style="font-size:22px;margin:0 0 12px">${say.greeting(d)}</h1>
<p>${thanks}</p>
<p>${nextStep(d, opts)}</p>
${button(d, d.link, 'Ver mi propuesta')}
<p style="color:${MUTED};font-size:14px">Si el botón no funciona, copia este enlace en tu navegador: <a href="${d.link}" style="color:${d.seller.color}">${d.link}</a></p>`;
  const text = [`${say.greeting(d)}:`, '', thanks, nextStep(d, opts), d.link, '', footer.text].join('\n');
  return { subject, html: layout(subject, body, footer), text };
}

const cell = 'padding:8px 6px;border-bottom:1px solid #e5e7eb;vertical-align:top';
const num = `${cell};text-align:right;white-space:nowrap`;

function pricesTable(d: ProposalDocument): SafeHtml {
  const total = (label: string, setup: number, monthly: number, bold = false) =>
    html`<tr${bold ? html` style="font-weight:bold"` : ''}><td style="${cell}">${label}</td><td style="${num}">${say.money(d, setup)}</td><td style="${num}">${say.money(d, monthly)}</td></tr>`;
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr style="color:${MUTED}"><td style="${cell}">${say.TABLE_HEAD.item}</td><td style="${num}">${say.TABLE_HEAD.setup}</td><td style="${num}">${say.TABLE_HEAD.monthly}</td></tr>
${d.lines.map((l) => html`<tr><td style="${cell}"><strong>${l.title}</strong></td><td style="${num}">${say.money(d, l.setup)}</td><td style="${num}">${say.money(d, l.monthly)}</td></tr>`)}
${total('Subtotal', d.totals.setup.net, d.totals.monthly.net)}
${total(say.taxLabel(d), d.totals.setup.tax, d.totals.monthly.tax)}
${total('Total', d.totals.setup.gross, d.totals.monthly.gross, true)}
</table>`;
}

export function proposalEmail(d: ProposalDocument, footer: MailFooter, opts: EmailOptions): RenderedEmail {
  const subject = PROPOSAL_SUBJECT;
  const lead = `${say.leadLine(d)}${opts.withPdf ? ' Te la adjuntamos en PDF.' : ''}`;
  const chosen = d.lines.filter((l) => l.because.length);
  const h2 = (t: string) => html`<h2 style="font-size:18px;margin:24px 0 8px">${t}</h2>`;
  const body = html`<p style="margin:0;color:${d.seller.color};font-weight:bold;font-size:13px;text-transform:uppercase">Propuesta de ${d.seller.name}</p>
<h1 style="font-size:22px;margin:8px 0 12px">${say.greeting(d)}</h1>
<p>${lead}</p>
${say.buyerLine(d) ? html`<p style="color:${MUTED};font-size:14px">Para: ${say.buyerLine(d)}</p>` : ''}
${h2(say.NEEDS_TITLE)}
${d.matchedNeeds ? html`<ul>${chosen.map((l) => html`<li><strong>${l.title}.</strong> ${say.becauseLine(l)}</li>`)}</ul>` : html`<p>${say.noMatchLine(d)}</p>`}
${h2(say.SUMMARY_TITLE)}
${d.summary ? paragraphs(d.summary) : html`<p>${say.summaryFallback(d)}</p>`}
${h2(`${say.PRICES_TITLE} para ${say.forCompany(d)}`)}
${pricesTable(d)}
${d.closing ? html`<p>${d.closing}</p>` : ''}
${button(d, d.link, 'Ver y aceptar la propuesta')}
<p style="color:${MUTED};font-size:14px">La propuesta es válida hasta el ${say.formatDateEs(d.expiresAt)}: <a href="${d.link}" style="color:${d.seller.color}">${d.link}</a></p>`;
  const text = [
    `${say.greeting(d)}:`,
    '',
    lead,
    ...(say.buyerLine(d) ? [`Para: ${say.buyerLine(d)}`] : []),
    '',
    say.NEEDS_TITLE,
    ...(d.matchedNeeds ? chosen.map((l) => `- ${l.title}. ${say.becauseLine(l)}`) : [say.noMatchLine(d)]),
    '',
    say.SUMMARY_TITLE,
    d.summary ?? say.summaryFallback(d),
    '',
    `${say.PRICES_TITLE} para ${say.forCompany(d)}`,
    ...d.lines.map((l) => `- ${l.title}: ${say.money(d, l.setup)} de alta, ${say.money(d, l.monthly)} al mes`),
    ...say.totalsText(d),
    ...(d.closing ? ['', d.closing] : []),
    '',
    `Ver y aceptar la propuesta (válida hasta el ${say.formatDateEs(d.expiresAt)}):`,
    d.link,
    '',
    footer.text,
  ].join('\n');
  return { subject, html: layout(subject, body, footer), text };
}
