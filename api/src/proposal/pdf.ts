// The proposal as a PDF, from the same document and wording as the page. pdfkit writes real text
// in the standard Helvetica fonts (nothing embedded, so a page is a few KB and text extraction
// gets every word back); the company's colour and name head it. Rendered when a version of the
// document is made, stored, never rendered per request.
import PDFDocument from 'pdfkit';
import { textColorOn } from '../offer/color';
import type { ProposalDocument } from './document';
import * as say from '../pages/proposal-view';

const INK = '#1f2d3d';
const MUTED = '#5b6b7c';
const MARGIN = 56;
const WIDTH = 595.28 - 2 * MARGIN; // A4

/** Text drawn in Helvetica must be in its encoding (Windows-1252): anything else loses its accents, not its letters. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(text: string): string {
  return Array.from(text.normalize('NFC'), (ch) => {
    const code = ch.codePointAt(0)!;
    if (code === 10 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
    const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    return base && base !== ch && /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
  }).join('');
}

/** The document title and PDF file metadata's title. */
export const pdfTitle = (d: ProposalDocument) => `Propuesta de ${d.seller.name} para ${say.forCompany(d)}`;

/** Renders `d` as a PDF. */
export function renderProposalPdf(d: ProposalDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: { Title: printable(pdfTitle(d)), Author: printable(d.seller.name), Subject: 'Propuesta comercial', Creator: printable(d.seller.name) },
    lang: 'es-ES',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const t = (s: string) => printable(s);
  const heading = (s: string) => {
    if (pdf.y > 740) pdf.addPage();
    pdf.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(t(s), MARGIN, pdf.y, { width: WIDTH }).moveDown(0.3);
  };
  const body = (s: string, opts: { color?: string; size?: number; bold?: boolean } = {}) =>
    pdf.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(opts.size ?? 10.5).fillColor(opts.color ?? INK).text(t(s), MARGIN, pdf.y, { width: WIDTH, lineGap: 2 });

  // The band: the company's colour and name.
  const color = d.seller.color;
  pdf.rect(0, 0, 595.28, 84).fill(color);
  pdf.font('Helvetica-Bold').fontSize(20).fillColor(textColorOn(color)).text(t(d.seller.name), MARGIN, 30, { width: WIDTH * 0.6 });
  pdf.font('Helvetica').fontSize(10).text(t('Propuesta comercial'), MARGIN, 36, { width: WIDTH, align: 'right' });
  pdf.y = 104;
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED).text(t(pdfTitle(d)), MARGIN, pdf.y, { width: WIDTH });
  pdf.moveDown(0.4);

  pdf.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(t(say.greeting(d)), MARGIN, pdf.y, { width: WIDTH });
  pdf.moveDown(0.4);
  body(say.leadLine(d), { color: MUTED });
  pdf.moveDown(0.6);
  const buyer = say.buyerLine(d);
  const meta: [string, string][] = [
    ...(buyer ? [['Para', buyer] as [string, string]] : []),
    ['Fecha', say.formatDateEs(d.issuedAt)],
    ['Válida hasta', say.formatDateEs(d.expiresAt)],
  ];
  for (const [k, v] of meta) {
    pdf.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(t(`${k}: `), MARGIN, pdf.y, { continued: true }).font('Helvetica-Bold').fillColor(INK).text(t(v));
  }
  const accepted = say.acceptedByLine(d);
  if (accepted) {
    pdf.moveDown(0.6);
    const y = pdf.y;
    pdf.rect(MARGIN, y, WIDTH, 26).fill('#ecfdf5');
    pdf.font('Helvetica-Bold').fontSize(11).fillColor('#065f46').text(t(accepted), MARGIN + 10, y + 8, { width: WIDTH - 20 });
    pdf.y = y + 30;
  }

  heading(say.NEEDS_TITLE);
  if (d.business) body(`${say.BUSINESS_LABEL}: «${d.business}»`);
  if (d.matchedNeeds) {
    for (const line of d.lines.filter((l) => l.because.length)) {
      pdf.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(t(`• ${line.title}. `), MARGIN, pdf.y, { width: WIDTH, continued: true, lineGap: 2 });
      pdf.font('Helvetica').text(t(say.becauseLine(line) ?? ''));
    }
  } else {
    body(say.noMatchLine(d));
  }

  heading(say.SUMMARY_TITLE);
  body(d.summary ?? say.summaryFallback(d));

  heading(`${say.PRICES_TITLE} para ${say.forCompany(d)}`);
  pricesTable(pdf, d, t);
  pdf.moveDown(0.6);
  body(`Precios en ${d.currency}. ${say.validityLine(d)}`, { color: MUTED, size: 9.5 });
  if (d.closing) {
    pdf.moveDown(0.4);
    body(d.closing);
  }
  if (!d.acceptance) {
    pdf.moveDown(0.6);
    body(`Para aceptarla, abre ${d.link} y pulsa «Aceptar propuesta».`, { size: 10 });
  }

  pdf.moveDown(1.5);
  pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).lineWidth(0.5).strokeColor('#e5e7eb').stroke();
  pdf.moveDown(0.5);
  body(`${d.seller.name} · ${d.seller.address} · NIF ${d.seller.taxId} · ${d.seller.email}`, { color: MUTED, size: 8.5 });
  pdf.end();
  return done;
}

/** The pricing table, columns right-aligned, with subtotal, tax and total. */
function pricesTable(pdf: PDFKit.PDFDocument, d: ProposalDocument, t: (s: string) => string): void {
  const col = { item: MARGIN, setup: MARGIN + WIDTH - 210, monthly: MARGIN + WIDTH - 100 };
  const numW = 100;
  const rule = (weight = 0.5, color = '#e5e7eb') => pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).lineWidth(weight).strokeColor(color).stroke();
  const row = (label: string, setup: string, monthly: string, opts: { bold?: boolean; desc?: string; head?: boolean } = {}) => {
    if (pdf.y > 760) pdf.addPage();
    const y = pdf.y + 5;
    const font = opts.bold || opts.head ? 'Helvetica-Bold' : 'Helvetica';
    const size = opts.head ? 9 : 10.5;
    const color = opts.head ? MUTED : INK;
    pdf.font(font).fontSize(size).fillColor(color);
    pdf.text(t(setup), col.setup, y, { width: numW, align: 'right' });
    pdf.text(t(monthly), col.monthly, y, { width: numW, align: 'right' });
    pdf.font(font).fontSize(size).fillColor(color).text(t(label), col.item, y, { width: col.setup - col.item - 12 });
    if (opts.desc) pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text(t(opts.desc), col.item, pdf.y + 1, { width: col.setup - col.item - 12 });
    pdf.y += 5;
    rule();
  };
  row(say.TABLE_HEAD.item, say.TABLE_HEAD.setup, say.TABLE_HEAD.monthly, { head: true });
  for (const l of d.lines) row(l.title, say.money(d, l.setup), say.money(d, l.monthly), { desc: l.description });
  row('Subtotal', say.money(d, d.totals.setup.net), say.money(d, d.totals.monthly.net));
  row(say.taxLabel(d), say.money(d, d.totals.setup.tax), say.money(d, d.totals.monthly.tax));
  rule(1.5, INK);
  row('Total', say.money(d, d.totals.setup.gross), say.money(d, d.totals.monthly.gross), { bold: true });
}
