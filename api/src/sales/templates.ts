// The sales team's two emails about a lead, in Spanish, HTML + text: 'Nuevo contacto' when the
// proposal is made (who, what they need and why, the totals, the summary, the conversation with
// times, the links) and 'Propuesta aceptada' when the visitor accepts. Internal mail: no visitor
// footer. Everything the visitor said or typed is escaped, and cleaned as for mail (no links).
import { html, paragraphs } from '../html/escape';
import { dateFormat } from '../intl';
import { visitorText } from '../mail/visitor-text';
import type { RenderedEmail } from '../mail/templates';
import { WORDING } from '../pages/proposal-view';

/** The sales team reads in the site's language, whatever the visitor's. */
const say = WORDING.es;
import type { ProposalDocument } from '../proposal/document';
import type { ConversationTurn } from '../proposal/visitor-words';


/** The team's links: marked so that opening them is not counted as the visitor's view. */
export interface TeamLinks {
  page: string;
  pdf: string | null;
}

/** 'Clínica Dental Sol', else the visitor's address: how the team recognises the lead in a subject. */
const leadName = (d: ProposalDocument) => visitorText(d.buyer.company) ?? d.buyer.email;

export const newLeadSubject = (d: ProposalDocument) => `Nuevo contacto: ${leadName(d)}`;
export const acceptedSubject = (d: ProposalDocument) => `Propuesta aceptada: ${leadName(d)}`;

/** m:ss from the call's start. */
const clock = (s: number | null) => (s === null ? '' : `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`);
const LINE_MAX = 2000;

function layout(title: string, body: ReturnType<typeof html>): string {
  return html`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;background:#f6f7fb;color:#1f2d3d;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">
<div style="max-width:680px;margin:0 auto;padding:24px 16px;background:#ffffff">${body}</div>
</body></html>`.value;
}

const contactRows = (d: ProposalDocument): [string, string | null][] => [
  ['Correo', d.buyer.email],
  ['Nombre', d.buyer.name],
  ['Cargo', d.buyer.cargo],
  ['Empresa', d.buyer.company],
];

const totalsLine = (d: ProposalDocument) =>
  `Alta ${say.money(d, d.totals.setup.gross)} · Cada mes ${say.money(d, d.totals.monthly.gross)} (${say.taxLabel(d)} incluido)`;

/** 'Nuevo contacto: …' for the sales inbox. */
export function newLeadEmail(d: ProposalDocument, conversation: readonly ConversationTurn[], links: TeamLinks): RenderedEmail {
  const subject = newLeadSubject(d);
  const chosen = d.lines.filter((l) => l.because.length);
  const lines = conversation.map((l) => ({ ...l, text: l.text.slice(0, LINE_MAX) }));
  const who = (l: ConversationTurn) => (l.who === 'visitor' ? 'Visitante' : d.assistantName);
  const body = html`<h1 style="font-size:20px;margin:0 0 12px">${subject}</h1>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px">${contactRows(d).map(([k, v]) =>
    v ? html`<tr><td style="padding:2px 12px 2px 0;color:#5b6b7c">${k}</td><td>${v}</td></tr>` : '',
  )}</table>
<h2 style="font-size:16px;margin:20px 0 6px">Lo que necesita</h2>
${d.business ? html`<p>Su negocio: «${d.business}»</p>` : ''}
${d.matchedNeeds ? html`<ul>${chosen.map((l) => html`<li><strong>${l.title}</strong>: ${l.because.map((b) => `«${b.quote}»`).join(' · ')}</li>`)}</ul>` : html`<p>No dijo nada que elija un servicio del catálogo: la propuesta lleva lo esencial.</p>`}
<h2 style="font-size:16px;margin:20px 0 6px">Propuesta</h2>
<ul>${d.lines.map((l) => html`<li>${say.lineText(d, l)}</li>`)}</ul>
<p><strong>${totalsLine(d)}</strong></p>
<p><a href="${links.page}">Ver la propuesta</a>${links.pdf ? html` · <a href="${links.pdf}">PDF</a>` : ''}</p>
<h2 style="font-size:16px;margin:20px 0 6px">${say.SUMMARY_TITLE}</h2>
${d.summary ? paragraphs(d.summary) : html`<p>Sin resumen.</p>`}
<h2 style="font-size:16px;margin:20px 0 6px">Conversación</h2>
${lines.length ? html`<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px">${lines.map(
    (l) => html`<tr><td style="padding:3px 10px 3px 0;color:#5b6b7c;white-space:nowrap;vertical-align:top">${clock(l.secondsFromStart)}</td><td style="padding:3px 10px 3px 0;white-space:nowrap;vertical-align:top"><strong>${who(l)}</strong></td><td style="padding:3px 0">${l.text}</td></tr>`,
  )}</table>` : html`<p>La plataforma no envió la conversación.</p>`}
<p style="color:#5b6b7c;font-size:13px">Responde a este correo para escribir a ${d.buyer.email}.</p>`;
  const text = [
    subject,
    '',
    ...contactRows(d).flatMap(([k, v]) => (v ? [`${k}: ${v}`] : [])),
    '',
    'Lo que necesita',
    ...(d.business ? [`Su negocio: «${d.business}»`] : []),
    ...(d.matchedNeeds ? chosen.map((l) => `- ${l.title}: ${l.because.map((b) => `«${b.quote}»`).join(' · ')}`) : ['No dijo nada que elija un servicio del catálogo: la propuesta lleva lo esencial.']),
    '',
    'Propuesta',
    ...d.lines.map((l) => `- ${say.lineText(d, l)}`),
    totalsLine(d),
    `Ver la propuesta: ${links.page}`,
    ...(links.pdf ? [`PDF: ${links.pdf}`] : []),
    '',
    say.SUMMARY_TITLE,
    d.summary ?? 'Sin resumen.',
    '',
    'Conversación',
    ...(lines.length ? lines.map((l) => `${clock(l.secondsFromStart)} ${who(l)}: ${l.text}`.trim()) : ['La plataforma no envió la conversación.']),
  ].join('\n');
  return { subject, html: layout(subject, body), text };
}

/** 'Propuesta aceptada: …' for the sales inbox. */
export function acceptedEmail(d: ProposalDocument, links: TeamLinks): RenderedEmail {
  const subject = acceptedSubject(d);
  const acceptance = d.acceptance!;
  const when = dateFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(new Date(acceptance.at));
  const body = html`<h1 style="font-size:20px;margin:0 0 12px">${subject}</h1>
<p><strong>${acceptance.name}</strong> (${d.buyer.email}) aceptó la propuesta el ${when} (hora de Madrid), versión ${acceptance.version}.</p>
<p><strong>${totalsLine(d)}</strong></p>
<p><a href="${links.page}">Ver la propuesta aceptada</a>${links.pdf ? html` · <a href="${links.pdf}">PDF</a>` : ''}</p>
<p style="color:#5b6b7c;font-size:13px">Responde a este correo para escribir a ${d.buyer.email}.</p>`;
  const text = [
    subject,
    '',
    `${acceptance.name} (${d.buyer.email}) aceptó la propuesta el ${when} (hora de Madrid), versión ${acceptance.version}.`,
    totalsLine(d),
    `Ver la propuesta aceptada: ${links.page}`,
    ...(links.pdf ? [`PDF: ${links.pdf}`] : []),
  ].join('\n');
  return { subject, html: layout(subject, body), text };
}
