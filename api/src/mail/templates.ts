// The two emails proposal.send queues, in the visitor's language, HTML + text, each ending with the footer (who
// sends it, why, and the unsubscribe and data links). Both render the proposal's document, so they
// say what the page and the PDF say. Every user value goes through `html` (escaped); the text
// versions are plain text. Subjects are fixed: nothing a visitor typed reaches a subject line,
// where it would speak in the company's name.
import { html, paragraphs, type SafeHtml } from '../html/escape';
import type { MailFooter } from './footer';
import { textColorOn } from '../offer/color';
import type { ProposalDocument } from '../proposal/document';
import type { VisitorLocale } from '@helena/contract';
import { buyerLine, wordingOf } from '../pages/proposal-view';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** What the two emails say, in each language a visitor may talk in. */
const MAIL = {
  es: {
    confirmationSubject: 'Hemos recibido tu solicitud',
    proposalSubject: 'Tu propuesta personalizada',
    waitsForReport: (seller: string, pdf: boolean) => `Cuando termine tu conversación te enviaremos a este correo la propuesta de ${seller}${pdf ? ', con su PDF' : ''}. Ya puedes ver cómo va quedando aquí:`,
    comingSoon: (seller: string, pdf: boolean) => `En unos instantes te llegará otro correo con la propuesta de ${seller}${pdf ? ', con su PDF' : ''}. También puedes verla ya aquí:`,
    thanks: (d: ProposalDocument) => `Gracias por hablar con ${d.assistantName}. Hemos recibido tu solicitud${d.buyer.company ? ` para ${d.buyer.company}` : ''}.`,
    seeMine: 'Ver mi propuesta',
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    attached: ' Te la adjuntamos en PDF.',
    seeAndAccept: 'Ver y aceptar la propuesta',
    validUntil: (date: string) => `La propuesta es válida hasta el ${date}:`,
    seeAndAcceptUntil: (date: string) => `Ver y aceptar la propuesta (válida hasta el ${date}):`,
  },
  en: {
    confirmationSubject: 'We have received your request',
    proposalSubject: 'Your personalised proposal',
    waitsForReport: (seller: string, pdf: boolean) => `When your conversation ends we will send ${seller}'s proposal${pdf ? ', with its PDF,' : ''} to this address. You can already see how it is shaping up here:`,
    comingSoon: (seller: string, pdf: boolean) => `In a moment another email will bring you ${seller}'s proposal${pdf ? ', with its PDF' : ''}. You can also see it here now:`,
    thanks: (d: ProposalDocument) => `Thank you for talking with ${d.assistantName}. We have received your request${d.buyer.company ? ` for ${d.buyer.company}` : ''}.`,
    seeMine: 'See my proposal',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    attached: ' It is attached as a PDF.',
    seeAndAccept: 'See and accept the proposal',
    validUntil: (date: string) => `The proposal is valid until ${date}:`,
    seeAndAcceptUntil: (date: string) => `See and accept the proposal (valid until ${date}):`,
  },
} satisfies Record<VisitorLocale, unknown>;

export const CONFIRMATION_SUBJECT = MAIL.es.confirmationSubject;
export const PROPOSAL_SUBJECT = MAIL.es.proposalSubject;

const MUTED = '#5b6b7c';

function layout(title: string, body: SafeHtml, footer: MailFooter, lang: string): string {
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
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
const nextStep = (d: ProposalDocument, opts: EmailOptions & { waitsForReport: boolean }) =>
  (opts.waitsForReport ? MAIL[d.locale].waitsForReport : MAIL[d.locale].comingSoon)(d.seller.name, opts.withPdf);

export function confirmationEmail(d: ProposalDocument, footer: MailFooter, opts: EmailOptions & { waitsForReport: boolean }): RenderedEmail {
  const say = wordingOf(d);
  const mail = MAIL[d.locale];
  const subject = mail.confirmationSubject;
  const thanks = mail.thanks(d);
  const body = html`<h1 style="font-size:22px;margin:0 0 12px">${say.greeting(d)}</h1>
<p>${thanks}</p>
<p>${nextStep(d, opts)}</p>
${button(d, d.link, mail.seeMine)}
<p style="color:${MUTED};font-size:14px">${mail.linkFallback} <a href="${d.link}" style="color:${d.seller.color}">${d.link}</a></p>`;
  const text = [`${say.greeting(d)}:`, '', thanks, nextStep(d, opts), d.link, '', footer.text].join('\n');
  return { subject, html: layout(subject, body, footer, d.locale), text };
}

const cell = 'padding:8px 6px;border-bottom:1px solid #e5e7eb;vertical-align:top';
const num = `${cell};text-align:right;white-space:nowrap`;

function pricesTable(d: ProposalDocument): SafeHtml {
  const say = wordingOf(d);
  const total = (label: string, setup: number, monthly: number, bold = false) =>
    html`<tr${bold ? html` style="font-weight:bold"` : ''}><td style="${cell}">${label}</td><td style="${num}">${say.money(d, setup)}</td><td style="${num}">${say.money(d, monthly)}</td></tr>`;
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr style="color:${MUTED}"><td style="${cell}">${say.TABLE_HEAD.item}</td><td style="${num}">${say.TABLE_HEAD.setup}</td><td style="${num}">${say.TABLE_HEAD.monthly}</td></tr>
${d.lines.map((l) => html`<tr><td style="${cell}"><strong>${l.title}</strong></td><td style="${num}">${say.money(d, l.setup)}</td><td style="${num}">${say.money(d, l.monthly)}</td></tr>`)}
${total(say.SUBTOTAL, d.totals.setup.net, d.totals.monthly.net)}
${total(say.taxLabel(d), d.totals.setup.tax, d.totals.monthly.tax)}
${total(say.TOTAL, d.totals.setup.gross, d.totals.monthly.gross, true)}
</table>`;
}

export function proposalEmail(d: ProposalDocument, footer: MailFooter, opts: EmailOptions): RenderedEmail {
  const say = wordingOf(d);
  const mail = MAIL[d.locale];
  const subject = mail.proposalSubject;
  const lead = `${say.leadLine(d)}${opts.withPdf ? mail.attached : ''}`;
  const chosen = d.lines.filter((l) => l.because.length);
  const h2 = (t: string) => html`<h2 style="font-size:18px;margin:24px 0 8px">${t}</h2>`;
  const body = html`<p style="margin:0;color:${d.seller.color};font-weight:bold;font-size:13px;text-transform:uppercase">${say.from(d)}</p>
<h1 style="font-size:22px;margin:8px 0 12px">${say.greeting(d)}</h1>
<p>${lead}</p>
${buyerLine(d) ? html`<p style="color:${MUTED};font-size:14px">${say.FOR}: ${buyerLine(d)}</p>` : ''}
${h2(say.NEEDS_TITLE)}
${d.matchedNeeds ? html`<ul>${chosen.map((l) => html`<li><strong>${l.title}.</strong> ${say.becauseLine(l)}</li>`)}</ul>` : html`<p>${say.noMatchLine(d)}</p>`}
${h2(say.SUMMARY_TITLE)}
${d.summary ? paragraphs(d.summary) : html`<p>${say.summaryFallback(d)}</p>`}
${h2(say.pricesFor(d))}
${pricesTable(d)}
${d.closing ? html`<p>${d.closing}</p>` : ''}
${button(d, d.link, mail.seeAndAccept)}
<p style="color:${MUTED};font-size:14px">${mail.validUntil(say.date(d.expiresAt))} <a href="${d.link}" style="color:${d.seller.color}">${d.link}</a></p>`;
  const text = [
    `${say.greeting(d)}:`,
    '',
    lead,
    ...(buyerLine(d) ? [`${say.FOR}: ${buyerLine(d)}`] : []),
    '',
    say.NEEDS_TITLE,
    ...(d.matchedNeeds ? chosen.map((l) => `- ${l.title}. ${say.becauseLine(l)}`) : [say.noMatchLine(d)]),
    '',
    say.SUMMARY_TITLE,
    d.summary ?? say.summaryFallback(d),
    '',
    say.pricesFor(d),
    ...d.lines.map((l) => `- ${say.lineText(d, l)}`),
    ...say.totalsText(d),
    ...(d.closing ? ['', d.closing] : []),
    '',
    mail.seeAndAcceptUntil(say.date(d.expiresAt)),
    d.link,
    '',
    footer.text,
  ].join('\n');
  return { subject, html: layout(subject, body, footer, d.locale), text };
}
