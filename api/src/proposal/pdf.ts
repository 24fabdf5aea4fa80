// The proposal as a PDF, from the same document and wording as the page. pdfkit writes real text
// in Noto Sans, embedded and subset to the letters used (a few tens of KB), so every Latin name
// prints as written ('Łukasz Wąsowski', 'Čapek & Søn'), not just Windows-1252's. The PDF is tagged
// (headings, paragraphs, a list of needs, a table of prices; the colour band and rules are
// artifacts) with its language set, so a screen reader reads it in order. The company's colour
// and name head it. Rendered when a version of the document is made, stored, never per request.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { textColorOn } from '../offer/color';
import type { ProposalDocument } from './document';
import { buyerLine, wordingOf, type Wording } from '../pages/proposal-view';

const INK = '#1f2d3d';
const MUTED = '#5b6b7c';
const MARGIN = 56;
const WIDTH = 595.28 - 2 * MARGIN; // A4

const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';

/**
 * The two faces' bytes, read once per process; each PDF opens its own copy (pdfkit parses it and
 * embeds a subset). An opened font shared by every PDF rendered in a few milliseconds, but its
 * caches carried one document's glyphs into the next: a bold '1.512,50 €' came out of pdftotext
 * as '1 512,50 €' after enough other PDFs in one process. `cmap` answers which letters exist.
 */
const faces = (() => {
  let loaded: { regular: Buffer; bold: Buffer; cmap: Font } | null = null;
  return () => {
    if (!loaded) {
      const require = createRequire(import.meta.url);
      const read = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`));
      const regular = read('400Regular/NotoSans_400Regular.ttf');
      loaded = { regular, bold: read('700Bold/NotoSans_700Bold.ttf'), cmap: openFont(regular) };
    }
    return loaded;
  };
})();

/** `text` with what the font cannot draw (an emoji, a script it lacks) as '?', never as an empty box. */
function printable(text: string): string {
  const { cmap } = faces();
  return Array.from(text.normalize('NFC'), (ch) => {
    const code = ch.codePointAt(0)!;
    return code === 10 || cmap.hasGlyphForCodePoint(code) ? ch : '?';
  }).join('');
}

/** Renders `d` as a PDF. */
export function renderProposalPdf(d: ProposalDocument): Promise<Buffer> {
  const say = wordingOf(d);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: { Title: say.title(d), Author: d.seller.name, Subject: say.KIND, Creator: d.seller.name },
    lang: say.tag,
    displayTitle: true,
    tagged: true,
    pdfVersion: '1.7',
  });
  const { regular, bold } = faces();
  pdf.registerFont(REGULAR, regular);
  pdf.registerFont(BOLD, bold);
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  /** Draws `content` as one structure element of `type` under `parent` (the document by default). */
  const tag = (type: string, content: () => void, parent: PDFKit.PDFStructureElement = root) => parent.add(pdf.struct(type, {}, content));
  /** Draws `content` as decoration a screen reader skips. */
  const artifact = (content: () => void) => {
    pdf.markContent('Artifact', { type: 'Layout' });
    content();
    pdf.endMarkedContent();
  };
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const t = (s: string) => printable(s);
  const heading = (s: string) => {
    if (pdf.y > 740) pdf.addPage();
    pdf.moveDown(0.8);
    tag('H2', () => pdf.font(BOLD).fontSize(13).fillColor(INK).text(t(s), MARGIN, pdf.y, { width: WIDTH }));
    pdf.moveDown(0.3);
  };
  const paragraph = (s: string, opts: { color?: string; size?: number; bold?: boolean } = {}) =>
    pdf.font(opts.bold ? BOLD : REGULAR).fontSize(opts.size ?? 10.5).fillColor(opts.color ?? INK).text(t(s), MARGIN, pdf.y, { width: WIDTH, lineGap: 2 });
  const body = (s: string, opts: { color?: string; size?: number; bold?: boolean } = {}) => tag('P', () => paragraph(s, opts));

  // The band: the company's colour and name.
  const color = d.seller.color;
  artifact(() => pdf.rect(0, 0, 595.28, 84).fill(color));
  tag('P', () => pdf.font(BOLD).fontSize(20).fillColor(textColorOn(color)).text(t(d.seller.name), MARGIN, 30, { width: WIDTH * 0.6 }));
  tag('P', () => pdf.font(REGULAR).fontSize(10).fillColor(textColorOn(color)).text(t(say.KIND), MARGIN, 36, { width: WIDTH, align: 'right' }));
  pdf.y = 104;
  tag('P', () => pdf.font(REGULAR).fontSize(10).fillColor(MUTED).text(t(say.title(d)), MARGIN, pdf.y, { width: WIDTH }));
  pdf.moveDown(0.4);

  tag('H1', () => pdf.font(BOLD).fontSize(18).fillColor(INK).text(t(say.greeting(d)), MARGIN, pdf.y, { width: WIDTH }));
  pdf.moveDown(0.4);
  body(say.leadLine(d), { color: MUTED });
  pdf.moveDown(0.6);
  const buyer = buyerLine(d);
  const meta: [string, string][] = [
    ...(buyer ? [[say.FOR, buyer] as [string, string]] : []),
    [say.DATE, say.date(d.issuedAt)],
    [say.VALID_UNTIL, say.date(d.expiresAt)],
  ];
  for (const [k, v] of meta) {
    tag('P', () => pdf.font(REGULAR).fontSize(9.5).fillColor(MUTED).text(t(`${k}: `), MARGIN, pdf.y, { continued: true }).font(BOLD).fillColor(INK).text(t(v)));
  }
  const accepted = say.acceptedByLine(d);
  if (accepted) {
    pdf.moveDown(0.6);
    const y = pdf.y;
    artifact(() => pdf.rect(MARGIN, y, WIDTH, 26).fill('#ecfdf5'));
    tag('P', () => pdf.font(BOLD).fontSize(11).fillColor('#065f46').text(t(accepted), MARGIN + 10, y + 8, { width: WIDTH - 20 }));
    pdf.y = y + 30;
  }

  heading(say.NEEDS_TITLE);
  if (d.business) body(`${say.BUSINESS_LABEL}: «${d.business}»`);
  if (d.matchedNeeds) {
    const list = pdf.struct('L');
    root.add(list);
    for (const line of d.lines.filter((l) => l.because.length)) {
      const item = pdf.struct('LI');
      list.add(item);
      tag('Lbl', () => pdf.font(BOLD).fontSize(10.5).fillColor(INK).text('• ', MARGIN, pdf.y, { width: WIDTH, continued: true, lineGap: 2 }), item);
      tag('LBody', () => pdf.text(t(`${line.title}. `), { continued: true }).font(REGULAR).text(t(say.becauseLine(line) ?? '')), item);
      item.end();
    }
    list.end();
  } else {
    body(say.noMatchLine(d));
  }

  heading(say.SUMMARY_TITLE);
  body(d.summary ?? say.summaryFallback(d));

  heading(say.pricesFor(d));
  const table = pdf.struct('Table');
  root.add(table);
  pricesTable(pdf, d, t, table, artifact, say);
  table.end();
  pdf.moveDown(0.6);
  body(`${say.pricesIn(d)} ${say.validityLine(d)}`, { color: MUTED, size: 9.5 });
  if (d.closing) {
    pdf.moveDown(0.4);
    body(d.closing);
  }
  if (!d.acceptance) {
    pdf.moveDown(0.6);
    body(say.toAcceptPdf(d), { size: 10 });
  }

  pdf.moveDown(1.5);
  artifact(() => pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).lineWidth(0.5).strokeColor('#e5e7eb').stroke());
  pdf.moveDown(0.5);
  body(`${d.seller.name} · ${d.seller.address} · ${say.TAX_ID} ${d.seller.taxId} · ${d.seller.email}`, { color: MUTED, size: 8.5 });
  root.end();
  pdf.end();
  return done;
}

/** The pricing table, columns right-aligned, with subtotal, tax and total: one tagged row per line, read label first. */
function pricesTable(
  pdf: PDFKit.PDFDocument,
  d: ProposalDocument,
  t: (s: string) => string,
  table: PDFKit.PDFStructureElement,
  artifact: (content: () => void) => void,
  say: Wording,
): void {
  const col = { item: MARGIN, setup: MARGIN + WIDTH - 210, monthly: MARGIN + WIDTH - 100 };
  const numW = 100;
  const rule = (weight = 0.5, color = '#e5e7eb') =>
    artifact(() => pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).lineWidth(weight).strokeColor(color).stroke());
  const row = (label: string, setup: string, monthly: string, opts: { bold?: boolean; desc?: string; head?: boolean } = {}) => {
    if (pdf.y > 760) pdf.addPage();
    const y = pdf.y + 5;
    const font = opts.bold || opts.head ? BOLD : REGULAR;
    const size = opts.head ? 9 : 10.5;
    const color = opts.head ? MUTED : INK;
    const cell = opts.head ? 'TH' : 'TD';
    const tr = pdf.struct('TR');
    table.add(tr);
    let bottom = y;
    tr.add(
      pdf.struct(cell, {}, () => {
        pdf.font(font).fontSize(size).fillColor(color).text(t(label), col.item, y, { width: col.setup - col.item - 12 });
        if (opts.desc) pdf.font(REGULAR).fontSize(9).fillColor(MUTED).text(t(opts.desc), col.item, pdf.y + 1, { width: col.setup - col.item - 12 });
        bottom = pdf.y;
      }),
    );
    tr.add(pdf.struct(cell, {}, () => pdf.font(font).fontSize(size).fillColor(color).text(t(setup), col.setup, y, { width: numW, align: 'right' })));
    tr.add(pdf.struct(cell, {}, () => pdf.font(font).fontSize(size).fillColor(color).text(t(monthly), col.monthly, y, { width: numW, align: 'right' })));
    tr.end();
    pdf.y = bottom + 5;
    rule();
  };
  row(say.TABLE_HEAD.item, say.TABLE_HEAD.setup, say.TABLE_HEAD.monthly, { head: true });
  for (const l of d.lines) row(l.title, say.money(d, l.setup), say.money(d, l.monthly), { desc: l.description });
  row(say.SUBTOTAL, say.money(d, d.totals.setup.net), say.money(d, d.totals.monthly.net));
  row(say.taxLabel(d), say.money(d, d.totals.setup.tax), say.money(d, d.totals.monthly.tax));
  rule(1.5, INK);
  row(say.TOTAL, say.money(d, d.totals.setup.gross), say.money(d, d.totals.monthly.gross), { bold: true });
}
