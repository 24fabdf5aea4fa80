// Which catalogue items the visitor asked for: an item is chosen when one of its keywords appears
// in the visitor's own words as a whole word or phrase, ignoring case and accents ('telefono'
// matches 'Teléfono', 'web' does not match 'webinar'). `always` items are in every choice.
import type { Offer, OfferItem } from './schema';

/** Why an item was chosen: the keyword, as the visitor said it, and the sentence it was in. */
export interface Match {
  keyword: string;
  /** The visitor's words that matched, as written ('Teléfono'). */
  said: string;
  /** The sentence of the visitor's that holds them, clipped. */
  quote: string;
}

export interface ChosenItem {
  item: OfferItem;
  /** Empty for an `always` item the visitor did not mention. */
  matches: Match[];
}

export interface Choice {
  /** In catalogue order: the `always` items and every item the visitor's words chose. */
  items: ChosenItem[];
  /** Whether anything beyond the `always` items was chosen. */
  matchedNeeds: boolean;
}

interface Token {
  norm: string;
  start: number;
  end: number;
}

/** Lower case, accents removed: the form both sides are compared in. */
export const foldText = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

/** The words of `text`, each folded, with where it is in the original. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu)) {
    out.push({ norm: foldText(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const QUOTE_MAX = 160;

/** The sentence around [start, end) in `line`, clipped to QUOTE_MAX around the match. */
function quoteAround(line: string, start: number, end: number): string {
  const before = line.slice(0, start);
  const sentenceStart = Math.max(...['.', '!', '?', ';', '\n', '¿', '¡'].map((c) => before.lastIndexOf(c) + 1), 0);
  const rest = line.slice(end).search(/[.!?;\n]/);
  const sentenceEnd = rest < 0 ? line.length : end + rest;
  let from = sentenceStart;
  let to = sentenceEnd;
  if (to - from > QUOTE_MAX) {
    const room = Math.max(0, QUOTE_MAX - (end - start));
    from = Math.max(from, start - Math.floor(room / 2));
    to = Math.min(to, from + QUOTE_MAX);
  }
  const clipped = line.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > sentenceStart ? '…' : ''}${clipped}${to < sentenceEnd ? '…' : ''}`;
}

/** Every place `keyword` occurs in `line` as whole words. */
function find(line: string, lineTokens: Token[], keyword: string): Match[] {
  const want = tokens(keyword).map((t) => t.norm);
  if (!want.length) return [];
  const out: Match[] = [];
  for (let i = 0; i + want.length <= lineTokens.length; i++) {
    if (want.every((w, k) => lineTokens[i + k]!.norm === w)) {
      const start = lineTokens[i]!.start;
      const end = lineTokens[i + want.length - 1]!.end;
      out.push({ keyword, said: line.slice(start, end), quote: quoteAround(line, start, end) });
    }
  }
  return out;
}

/**
 * The items `offer` proposes for a visitor who said `lines` (their own turns, and the values the
 * platform's analysis drew from them; never the assistant's lines). Each chosen item carries the
 * visitor's words that chose it, one per distinct sentence.
 */
export function chooseItems(offer: Pick<Offer, 'items'>, lines: readonly string[]): Choice {
  const tokenized = lines.map((line) => ({ line, tokens: tokens(line) }));
  const items: ChosenItem[] = [];
  let matchedNeeds = false;
  for (const item of offer.items) {
    const matches: Match[] = [];
    const quotes = new Set<string>();
    for (const keyword of item.keywords) {
      for (const { line, tokens: lineTokens } of tokenized) {
        for (const m of find(line, lineTokens, keyword)) {
          if (quotes.has(foldText(m.quote))) continue;
          quotes.add(foldText(m.quote));
          matches.push(m);
        }
      }
    }
    if (matches.length && !item.always) matchedNeeds = true;
    if (matches.length || item.always) items.push({ item, matches });
  }
  return { items, matchedNeeds };
}
