// The wording a proposal shares between its page, its emails and its PDF, in each language a
// visitor may talk in: greetings, the honest line when nothing was matched, headings and labels,
// how prices and dates are written. One table per language, so the renderings say the same thing
// and a visitor reads their proposal in the language they talked in.
import type { VisitorLocale } from '@helena/contract';
import { dateFormat } from '../intl';
import { formatMoney, formatRate } from '../offer/money';
import type { ProposalDocument, ProposalLine } from '../proposal/document';

type Doc = ProposalDocument;
type Buyer = Pick<Doc, 'buyer'>;

/** Everything a proposal says that is not the seller's or the visitor's own words. */
export interface Wording {
  /** BCP 47 tag: Intl formatting, `<html lang>`, the PDF's /Lang. */
  tag: string;
  greeting(d: Buyer): string;
  /** "Acme" / "your company" */
  forCompany(d: Buyer): string;
  date(iso: string): string;
  money(d: Pick<Doc, 'currency'>, amount: number): string;
  /** 'IVA (21 %)' */
  taxLabel(d: Pick<Doc, 'taxName' | 'taxRate'>): string;
  leadLine(d: Doc): string;
  summaryFallback(d: Doc): string;
  noMatchLine(d: Doc): string;
  becauseLine(line: ProposalLine): string | null;
  totalsText(d: Doc): string[];
  validityLine(d: Doc): string;
  acceptedLine(at: string): string;
  acceptedByLine(d: Doc): string | null;
  /** 'Propuesta de Nexia para Acme': the PDF's title. */
  title(d: Doc): string;
  /** 'Propuesta de Nexia': above the greeting. */
  from(d: Doc): string;
  pricesFor(d: Doc): string;
  pricesIn(d: Doc): string;
  lineText(d: Doc, l: ProposalLine): string;
  toAcceptPdf(d: Doc): string;
  SUMMARY_TITLE: string;
  NEEDS_TITLE: string;
  BUSINESS_LABEL: string;
  PRICES_TITLE: string;
  TABLE_HEAD: { item: string; setup: string; monthly: string };
  SUBTOTAL: string;
  TOTAL: string;
  FOR: string;
  DATE: string;
  VALID_UNTIL: string;
  TAX_ID: string;
  KIND: string;
  PAGE_TITLE: string;
  DOWNLOAD_PDF: string;
  ACCEPTED_THANKS: string;
  FITS: string;
  FULL_NAME: string;
  CONFIRM: string;
  ACCEPT: string;
  UNAVAILABLE: string;
  /** Why an expired proposal is not shown. */
  expiredLine(iso: string): string;
}

const quotes = (line: ProposalLine, open: string, close: string) => line.because.map((b) => `${open}${b.quote}${close}`).join(' · ');
const dateIn = (tag: string) => (iso: string) => dateFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
const rateIn = (tag: string) => (d: Pick<Doc, 'taxName' | 'taxRate'>) => `${d.taxName} (${formatRate(d.taxRate, tag)})`;
const moneyIn = (tag: string) => (d: Pick<Doc, 'currency'>, amount: number) => formatMoney(amount, d.currency, tag);

const dateEs = dateIn('es-ES');
const moneyEs = moneyIn('es-ES');
const taxEs = rateIn('es-ES');
const forCompanyEs = (d: Buyer) => d.buyer.company ?? 'tu empresa';

const es: Wording = {
  tag: 'es-ES',
  greeting: (d) => (d.buyer.name ? `Hola, ${d.buyer.name}` : 'Hola'),
  forCompany: forCompanyEs,
  date: dateEs,
  money: moneyEs,
  taxLabel: taxEs,
  leadLine: (d) => `Esta es la propuesta que ${d.seller.name} ha preparado para ${forCompanyEs(d)} a partir de tu conversación con ${d.assistantName}.`,
  summaryFallback: (d) => `Hablaste con ${d.assistantName} sobre tu negocio y lo que necesitas.`,
  noMatchLine: (d) =>
    `En la conversación no llegamos a hablar de lo que necesitas, así que no te proponemos nada que no hayas pedido: ` +
    `aquí tienes lo esencial de ${d.seller.name}, y lo ajustamos juntos en una llamada.`,
  becauseLine: (line) => (line.because.length ? `Porque nos dijiste: ${quotes(line, '«', '»')}` : null),
  totalsText: (d) => [
    `Alta: ${moneyEs(d, d.totals.setup.net)} + ${taxEs(d)} ${moneyEs(d, d.totals.setup.tax)} = ${moneyEs(d, d.totals.setup.gross)}`,
    `Cada mes: ${moneyEs(d, d.totals.monthly.net)} + ${taxEs(d)} ${moneyEs(d, d.totals.monthly.tax)} = ${moneyEs(d, d.totals.monthly.gross)}`,
  ],
  validityLine: (d) => `Esta propuesta es válida hasta el ${dateEs(d.expiresAt)}.`,
  acceptedLine: (at) => `Propuesta aceptada el ${dateEs(at)}`,
  acceptedByLine: (d) => (d.acceptance ? `Propuesta aceptada el ${dateEs(d.acceptance.at)} por ${d.acceptance.name}.` : null),
  title: (d) => `Propuesta de ${d.seller.name} para ${forCompanyEs(d)}`,
  from: (d) => `Propuesta de ${d.seller.name}`,
  pricesFor: (d) => `Precios para ${forCompanyEs(d)}`,
  pricesIn: (d) => `Precios en ${d.currency}.`,
  lineText: (d, l) => `${l.title}: ${moneyEs(d, l.setup)} de alta, ${moneyEs(d, l.monthly)} al mes`,
  toAcceptPdf: (d) => `Para aceptarla, abre ${d.link} y pulsa «Aceptar propuesta».`,
  SUMMARY_TITLE: 'Resumen de la conversación',
  NEEDS_TITLE: 'Lo que nos contaste',
  BUSINESS_LABEL: 'Tu negocio, en tus palabras',
  PRICES_TITLE: 'Precios',
  TABLE_HEAD: { item: 'Concepto', setup: 'Alta (pago único)', monthly: 'Cuota mensual' },
  SUBTOTAL: 'Subtotal',
  TOTAL: 'Total',
  FOR: 'Para',
  DATE: 'Fecha',
  VALID_UNTIL: 'Válida hasta',
  TAX_ID: 'NIF',
  KIND: 'Propuesta comercial',
  PAGE_TITLE: 'Tu propuesta personalizada',
  DOWNLOAD_PDF: 'Descargar PDF',
  ACCEPTED_THANKS: 'Gracias. Nos pondremos en contacto contigo para ponerlo en marcha.',
  FITS: '¿Te encaja?',
  FULL_NAME: 'Tu nombre completo',
  CONFIRM: 'Confirmo que acepto esta propuesta con los precios indicados.',
  ACCEPT: 'Aceptar propuesta',
  UNAVAILABLE: 'Propuesta no disponible',
  expiredLine: (iso) => `Esta propuesta caducó el ${dateEs(iso)} y ya no se puede ver ni aceptar. Si te sigue interesando, vuelve a hablar con nuestro asistente y te preparamos una nueva.`,
};

const dateEn = dateIn('en-GB');
const moneyEn = moneyIn('en-GB');
const taxEn = rateIn('en-GB');
const forCompanyEn = (d: Buyer) => d.buyer.company ?? 'your company';

const en: Wording = {
  tag: 'en-GB',
  greeting: (d) => (d.buyer.name ? `Hello, ${d.buyer.name}` : 'Hello'),
  forCompany: forCompanyEn,
  date: dateEn,
  money: moneyEn,
  taxLabel: taxEn,
  leadLine: (d) => `This is the proposal ${d.seller.name} has prepared for ${forCompanyEn(d)} from your conversation with ${d.assistantName}.`,
  summaryFallback: (d) => `You talked with ${d.assistantName} about your business and what you need.`,
  noMatchLine: (d) =>
    `We did not get to talk about what you need, so we propose nothing you did not ask for: ` +
    `here is the essential of ${d.seller.name}, and we adjust it together on a call.`,
  becauseLine: (line) => (line.because.length ? `Because you told us: ${quotes(line, '“', '”')}` : null),
  totalsText: (d) => [
    `Set-up: ${moneyEn(d, d.totals.setup.net)} + ${taxEn(d)} ${moneyEn(d, d.totals.setup.tax)} = ${moneyEn(d, d.totals.setup.gross)}`,
    `Every month: ${moneyEn(d, d.totals.monthly.net)} + ${taxEn(d)} ${moneyEn(d, d.totals.monthly.tax)} = ${moneyEn(d, d.totals.monthly.gross)}`,
  ],
  validityLine: (d) => `This proposal is valid until ${dateEn(d.expiresAt)}.`,
  acceptedLine: (at) => `Proposal accepted on ${dateEn(at)}`,
  acceptedByLine: (d) => (d.acceptance ? `Proposal accepted on ${dateEn(d.acceptance.at)} by ${d.acceptance.name}.` : null),
  title: (d) => `${d.seller.name}'s proposal for ${forCompanyEn(d)}`,
  from: (d) => `Proposal from ${d.seller.name}`,
  pricesFor: (d) => `Prices for ${forCompanyEn(d)}`,
  pricesIn: (d) => `Prices in ${d.currency}.`,
  lineText: (d, l) => `${l.title}: ${moneyEn(d, l.setup)} set-up, ${moneyEn(d, l.monthly)} a month`,
  toAcceptPdf: (d) => `To accept it, open ${d.link} and press “Accept proposal”.`,
  SUMMARY_TITLE: 'Summary of the conversation',
  NEEDS_TITLE: 'What you told us',
  BUSINESS_LABEL: 'Your business, in your words',
  PRICES_TITLE: 'Prices',
  TABLE_HEAD: { item: 'Item', setup: 'Set-up (one-off)', monthly: 'Monthly fee' },
  SUBTOTAL: 'Subtotal',
  TOTAL: 'Total',
  FOR: 'For',
  DATE: 'Date',
  VALID_UNTIL: 'Valid until',
  TAX_ID: 'Tax ID',
  KIND: 'Business proposal',
  PAGE_TITLE: 'Your personalised proposal',
  DOWNLOAD_PDF: 'Download PDF',
  ACCEPTED_THANKS: 'Thank you. We will be in touch to get it started.',
  FITS: 'Does it fit?',
  FULL_NAME: 'Your full name',
  CONFIRM: 'I confirm that I accept this proposal at the prices shown.',
  ACCEPT: 'Accept proposal',
  UNAVAILABLE: 'Proposal not available',
  expiredLine: (iso) => `This proposal expired on ${dateEn(iso)} and can no longer be seen or accepted. If you are still interested, talk to our assistant again and we will prepare a new one.`,
};

/** The wording of each language a visitor may talk in. */
export const WORDING: Record<VisitorLocale, Wording> = { es, en };

/** The wording of `d`'s language. */
export const wordingOf = (d: Pick<Doc, 'locale'>): Wording => WORDING[d.locale] ?? es;

/**
 * Who the proposal is for: 'Luis · Director comercial · Acme'; null when the visitor gave none of
 * these (never their address: a mail client would turn it into a link).
 */
export const buyerLine = (d: Buyer) => [d.buyer.name, d.buyer.cargo, d.buyer.company].filter(Boolean).join(' · ') || null;
