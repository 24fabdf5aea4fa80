// One version of a proposal rendered: the page's content and the PDF, both from the same
// document, made once and stored. The email attaches that PDF under a name the visitor recognises.
import { foldText } from '../offer/fold';
import { renderProposalContent } from '../pages/proposal';
import type { ProposalDocument } from './document';
import { renderProposalPdf } from './pdf';

export interface RenderedVersion {
  content: string;
  /** Null when proposals come without a PDF (PROPOSAL_PDF=false). */
  pdf: Buffer | null;
}

export async function renderVersion(doc: ProposalDocument, opts: { pdf: boolean }): Promise<RenderedVersion> {
  return { content: renderProposalContent(doc), pdf: opts.pdf ? await renderProposalPdf(doc) : null };
}

/** 'Clínica Dental Sol' → 'clinica-dental-sol' */
const slug = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/** propuesta-{the visitor's company}.pdf, else propuesta-{the seller}.pdf. */
export function pdfFileName(doc: Pick<ProposalDocument, 'buyer' | 'seller'>): string {
  const name = slug(doc.buyer.company ?? '') || slug(doc.seller.name);
  return name ? `propuesta-${name}.pdf` : 'propuesta.pdf';
}

/** The PDF as an outbox attachment. */
export function pdfAttachment(doc: ProposalDocument, pdf: Buffer) {
  return { filename: pdfFileName(doc), content: pdf.toString('base64'), contentType: 'application/pdf' };
}
