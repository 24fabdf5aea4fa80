// The Spanish wording a proposal shares between its page, its emails and its PDF: greetings, the
// honest line when nothing was matched, how prices and dates are written. One place, so the three
// renderings say the same thing.
import { dateFormat } from '../intl';
import { formatMoney, formatRate } from '../offer/money';
import type { ProposalDocument, ProposalLine } from '../proposal/document';

export const greeting = (d: Pick<ProposalDocument, 'buyer'>) => (d.buyer.name ? `Hola, ${d.buyer.name}` : 'Hola');

/** "Acme" / "tu empresa" */
export const forCompany = (d: Pick<ProposalDocument, 'buyer'>) => d.buyer.company ?? 'tu empresa';

export function formatDateEs(iso: string): string {
  return dateFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * Who the proposal is for: 'Luis · Director comercial · Acme'; null when the visitor gave none of
 * these (never their address: a mail client would turn it into a link).
 */
export const buyerLine = (d: Pick<ProposalDocument, 'buyer'>) => [d.buyer.name, d.buyer.cargo, d.buyer.company].filter(Boolean).join(' · ') || null;

/** The lead paragraph under the greeting. */
export const leadLine = (d: ProposalDocument) =>
  `Esta es la propuesta que ${d.seller.name} ha preparado para ${forCompany(d)} a partir de tu conversación con ${d.assistantName}.`;

export const SUMMARY_TITLE = 'Resumen de la conversación';
export const summaryFallback = (d: ProposalDocument) => `Hablaste con ${d.assistantName} sobre tu negocio y lo que necesitas.`;

export const NEEDS_TITLE = 'Lo que nos contaste';
export const BUSINESS_LABEL = 'Tu negocio, en tus palabras';

/** Said when the visitor's words chose nothing: no invented need, the basics and an offer to talk. */
export const noMatchLine = (d: ProposalDocument) =>
  `En la conversación no llegamos a hablar de lo que necesitas, así que no te proponemos nada que no hayas pedido: ` +
  `aquí tienes lo esencial de ${d.seller.name}, y lo ajustamos juntos en una llamada.`;

export const PRICES_TITLE = 'Precios';
export const TABLE_HEAD = { item: 'Concepto', setup: 'Alta (pago único)', monthly: 'Cuota mensual' } as const;

/** 'IVA (21 %)' */
export const taxLabel = (d: Pick<ProposalDocument, 'taxName' | 'taxRate'>) => `${d.taxName} (${formatRate(d.taxRate)})`;

export const money = (d: Pick<ProposalDocument, 'currency'>, amount: number) => formatMoney(amount, d.currency);

/** "porque dijiste «…» y «…»" */
export const becauseLine = (line: ProposalLine) =>
  line.because.length ? `Porque nos dijiste: ${line.because.map((b) => `«${b.quote}»`).join(' · ')}` : null;

/** One line of the totals, for text renderings. */
export const totalsText = (d: ProposalDocument) => [
  `Alta: ${money(d, d.totals.setup.net)} + ${taxLabel(d)} ${money(d, d.totals.setup.tax)} = ${money(d, d.totals.setup.gross)}`,
  `Cada mes: ${money(d, d.totals.monthly.net)} + ${taxLabel(d)} ${money(d, d.totals.monthly.tax)} = ${money(d, d.totals.monthly.gross)}`,
];

export const validityLine = (d: ProposalDocument) => `Esta propuesta es válida hasta el ${formatDateEs(d.expiresAt)}.`;
export const acceptedLine = (at: string) => `Propuesta aceptada el ${formatDateEs(at)}`;
export const acceptedByLine = (d: ProposalDocument) => (d.acceptance ? `${acceptedLine(d.acceptance.at)} por ${d.acceptance.name}.` : null);
