// The proposal as one document: who sells to whom, what was chosen from the catalogue and why,
// the exact prices and totals, validity and acceptance. The page, the emails and the PDF all
// render this, so they can never disagree; it is stored as JSON with each version.
import { taxedTotal, type Minor, type Taxed } from '../offer/money';
import { chooseItems, type Match } from '../offer/match';
import type { VisitorLocale } from '@helena/contract';
import type { Offer, OfferItem } from '../offer/schema';
import { visitorText } from '../mail/visitor-text';
import type { VisitorWords } from './visitor-words';

/** Longest quote of the visitor's words a proposal shows. */
const QUOTE_MAX = 200;

export interface ProposalLine {
  id: string;
  title: string;
  description: string;
  setup: Minor;
  monthly: Minor;
  always: boolean;
  /** The visitor's words that chose it (cleaned as mail requires). */
  because: Pick<Match, 'said' | 'quote'>[];
}

export interface ProposalDocument {
  /** 1 when made; up one each time it changes. */
  version: number;
  /** The visitor's language: every rendering of the document is in it. */
  locale: VisitorLocale;
  seller: Offer['company'];
  currency: string;
  taxName: string;
  taxRate: number;
  buyer: { name: string | null; cargo: string | null; company: string | null; email: string };
  /** The visitor's business in their words (the platform's analysis), when known. */
  business: string | null;
  summary: string | null;
  lines: ProposalLine[];
  /** Whether the visitor's words chose anything beyond the items every proposal has. */
  matchedNeeds: boolean;
  totals: { setup: Taxed; monthly: Taxed };
  closing: string | null;
  assistantName: string;
  /** ${PUBLIC_URL}/propuesta/{callId} */
  link: string;
  issuedAt: string;
  expiresAt: string;
  acceptance: { at: string; name: string; version: number } | null;
}

export interface DocumentInput {
  offer: Offer;
  buyer: ProposalDocument['buyer'];
  words: VisitorWords;
  summary: string | null;
  assistantName: string;
  link: string;
  issuedAt: string;
  expiresAt: string;
  version?: number;
  /** The visitor's language; Spanish when unknown. */
  locale?: VisitorLocale;
}

/** An item's words in `locale`: its English ones when the offer has them, else the Spanish. */
const itemText = (item: OfferItem, locale: VisitorLocale) =>
  locale === 'en' ? { title: item.en?.title ?? item.title, description: item.en?.description ?? item.description } : { title: item.title, description: item.description };

const quoted = (text: string) => visitorText(text, QUOTE_MAX);

/** Builds the document: the catalogue's `always` items and those the visitor's words chose, priced. */
export function buildProposalDocument(input: DocumentInput): ProposalDocument {
  const { offer } = input;
  const locale = input.locale ?? 'es';
  const choice = chooseItems(offer, input.words.words);
  const lines: ProposalLine[] = choice.items.map(({ item, matches }) => ({
    id: item.id,
    ...itemText(item, locale),
    setup: item.setup,
    monthly: item.monthly,
    always: item.always,
    because: matches.flatMap((m) => {
      const quote = quoted(m.quote);
      const said = quoted(m.said);
      return quote && said ? [{ said, quote }] : [];
    }),
  }));
  return {
    version: input.version ?? 1,
    locale,
    seller: offer.company,
    currency: offer.currency,
    taxName: offer.taxName,
    taxRate: offer.taxRate,
    buyer: input.buyer,
    business: input.words.business ? quoted(input.words.business) : null,
    summary: input.summary,
    lines,
    matchedNeeds: choice.matchedNeeds,
    totals: {
      setup: taxedTotal(lines.map((l) => l.setup), offer.taxRate),
      monthly: taxedTotal(lines.map((l) => l.monthly), offer.taxRate),
    },
    closing: (locale === 'en' ? offer.en?.closing : undefined) ?? offer.closing ?? null,
    assistantName: input.assistantName,
    link: input.link,
    issuedAt: input.issuedAt,
    expiresAt: input.expiresAt,
    acceptance: null,
  };
}

/** The document accepted by `name` at `at`: the same offer, one version on. */
export function acceptedDocument(doc: ProposalDocument, name: string, at: string): ProposalDocument {
  return { ...doc, version: doc.version + 1, acceptance: { at, name, version: doc.version } };
}

/** A stored document read back, or null for a row made before documents existed. */
export function storedDocument(parsed: unknown): ProposalDocument | null {
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as ProposalDocument).lines)) return null;
  // A document stored before documents had a language was written in Spanish.
  const doc = parsed as ProposalDocument;
  return doc.locale === 'en' || doc.locale === 'es' ? doc : { ...doc, locale: 'es' };
}
