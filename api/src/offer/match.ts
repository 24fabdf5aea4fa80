// Which catalogue items the visitor asked for: an item is chosen when one of its keywords appears
// in the visitor's own words as a whole word or phrase, in any of its forms (stem.ts: 'teléfonos'
// and 'nos llaman' find 'teléfono' and 'llamadas'), ignoring case and accents; 'web' still does
// not match 'webinar'. A keyword where the visitor refuses it ('no necesitamos chat', 'ya tenemos
// CRM': negation.ts) is no request, and the visitor's latest word on an item stands: refused and
// then asked for after all, it is in; asked for and then refused, it is out. The quote under an
// item is always one of the sentences that asked for it. `always` items are in every choice.
import { refusedWords, type Word } from './negation';
import { sameWord, stemsOf } from './stem';
import type { Offer, OfferItem } from './schema';
import { foldText } from './fold';

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

interface Token extends Word {
  start: number;
  end: number;
  stems: readonly [string, string];
}

/** The words of `text`, each folded and stemmed, with where it is in the original. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  let previousEnd = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu)) {
    const norm = foldText(m[0]);
    out.push({ norm, raw: m[0], gap: text.slice(previousEnd, m.index), start: m.index, end: m.index + m[0].length, stems: stemsOf(norm) });
    previousEnd = m.index + m[0].length;
  }
  return out;
}

/**
 * Whether the visitor's word at `i` is a form of keyword word `want`. A form other than the
 * keyword itself never counts where it names someone: 'me llamo Ana', 'se llama', 'a company
 * called Acme' are names, not calls.
 */
function sameAs(line: readonly Token[], i: number, want: Token): boolean {
  const t = line[i]!;
  if (t.norm === want.norm) return true;
  if (!sameWord(t.stems, want.stems)) return false;
  const before = line[i - 1]?.norm;
  if (before === 'me' || before === 'te' || before === 'se') return false;
  const after = line[i + 1]?.raw;
  return !((t.norm === 'called' || t.norm === 'named') && after && /^\p{Lu}/u.test(after));
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

/** One place a keyword occurs: the match, and whether the visitor refuses it there. */
interface Mention extends Match {
  refused: boolean;
  /** Where in the line it starts. */
  start: number;
}

/** Every place `keyword` occurs in `line` as whole words, in order. */
function find(line: string, lineTokens: Token[], refused: readonly boolean[], keyword: string, want: readonly Token[]): Mention[] {
  if (!want.length) return [];
  const out: Mention[] = [];
  for (let i = 0; i + want.length <= lineTokens.length; i++) {
    if (want.every((w, k) => sameAs(lineTokens, i + k, w))) {
      const start = lineTokens[i]!.start;
      const end = lineTokens[i + want.length - 1]!.end;
      out.push({ keyword, said: line.slice(start, end), quote: quoteAround(line, start, end), refused: want.some((_, k) => refused[i + k]), start });
    }
  }
  return out;
}

/**
 * The items `offer` proposes for a visitor who said `lines` (their own turns in the order they
 * said them, then the values the platform's analysis drew from them; never the assistant's
 * lines). Each chosen item carries the visitor's words that asked for it, one per distinct sentence.
 */
export function chooseItems(offer: Pick<Offer, 'items'>, lines: readonly string[]): Choice {
  const tokenized = lines.map((line) => {
    const lineTokens = tokens(line);
    return { line, tokens: lineTokens, refused: refusedWords(lineTokens) };
  });
  const items: ChosenItem[] = [];
  let matchedNeeds = false;
  for (const item of offer.items) {
    // Every mention of the item, in the order the visitor made them.
    const mentions: Array<Mention & { at: number }> = [];
    // Each keyword folded and stemmed once, not once per line.
    const keywords = item.keywords.map((keyword) => ({ keyword, want: tokens(keyword) }));
    tokenized.forEach(({ line, tokens: lineTokens, refused }, n) => {
      for (const { keyword, want } of keywords) {
        for (const m of find(line, lineTokens, refused, keyword, want)) mentions.push({ ...m, at: n });
      }
    });
    mentions.sort((a, b) => a.at - b.at || a.start - b.start);
    // The visitor's latest word on the item stands: what they asked for after their last refusal.
    const lastRefusal = mentions.findLastIndex((m) => m.refused);
    const matches: Match[] = [];
    const quotes = new Set<string>();
    for (const { keyword, said, quote } of mentions.slice(lastRefusal + 1)) {
      if (quotes.has(foldText(quote))) continue;
      quotes.add(foldText(quote));
      matches.push({ keyword, said, quote });
    }
    if (matches.length && !item.always) matchedNeeds = true;
    if (matches.length || item.always) items.push({ item, matches });
  }
  return { items, matchedNeeds };
}
