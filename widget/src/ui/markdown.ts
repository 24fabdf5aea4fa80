/**
 * The assistant's Markdown, the safe subset: bold, italic, lists (ordered and unordered), line
 * breaks, and links to http, https and mailto only: `[label](address)`, `<address>`, and a bare
 * http or https address in the text (what models most often write). Anything else stays text: HTML is never parsed
 * (React renders it as text), a link with another scheme (`javascript:`, `data:`, a relative one)
 * is shown as the characters it was written with, and an unclosed `**` is shown as it is until
 * its closing pair arrives, so a streaming answer only ever gains formatting.
 *
 * Linear in the input: the closing delimiters are found through tables built in one backward pass
 * (never by searching forward from each opener), and nesting is at most three levels deep.
 * A lazy chunk of its own, loaded with the first assistant message; built from the React the UI
 * chunk passes in, so that it carries no React of its own.
 */
import type { createElement, ReactNode } from 'react';

/** An inline piece: text, a line break, or bold, italic and link spans around more pieces. */
export type Inline = string | { t: 'br' } | { t: 'b' | 'i'; c: Inline[] } | { t: 'a'; href: string; c: Inline[] };

/** A block: a paragraph, or a list of items (an ordered one may start at another number). */
export type Block = { t: 'p'; c: Inline[] } | { t: 'ul'; items: Inline[][] } | { t: 'ol'; start: number; items: Inline[][] };

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const ESCAPABLE = '\\*_[]()#+-.!`';
const MAX_DEPTH = 3;
/** Longer addresses are not links: each `[` then costs at most this much, whatever follows it. */
const MAX_HREF = 2048;
const UNORDERED = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;

/** The link's address, normalised, if it is an absolute http, https or mailto one; else null. */
export function safeHref(raw: string): string | null {
  if (!/^(https?:\/\/|mailto:)/i.test(raw)) return null;
  try {
    const url = new URL(raw);
    return LINK_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const isSpace = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n';
const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** For each position, the next position at or after it where `at` holds (-1: none). */
function nextWhere(s: string, at: (j: number) => boolean): Int32Array {
  const next = new Int32Array(s.length + 2).fill(-1);
  for (let j = s.length - 1; j >= 0; j--) next[j] = at(j) ? j : next[j + 1]!;
  return next;
}

/** Where a run of `d` (`**`, `__`, `*` or `_`) may close emphasis. */
function closes(s: string, j: number, d: string): boolean {
  if (!s.startsWith(d, j) || isSpace(s[j - 1])) return false;
  const ch = d[0]!;
  // A single delimiter is not half of a double one.
  if (d.length === 1 && (s[j - 1] === ch || s[j + 1] === ch)) return false;
  // `snake_case_words` are not italic.
  return ch !== '_' || !isWord(s[j + d.length]);
}

function opens(s: string, i: number, d: string): boolean {
  return s.startsWith(d, i) && !isSpace(s[i + d.length]) && (d[0] !== '_' || !isWord(s[i - 1]));
}

/** Characters a bare address does not end with: the sentence's punctuation around it. */
const TRAILING = new Set(['.', ',', ':', ';', '!', '?', '*', '_', '~', "'", '"']);

/**
 * The end of a bare address that starts at `i` and runs to `stop` (exclusive): trailing
 * punctuation and a closing parenthesis the address did not open are the sentence's.
 */
function bareEnd(s: string, i: number, stop: number): number {
  let open = 0;
  let close = 0;
  for (let j = i; j < stop; j++) {
    if (s[j] === '(') open++;
    else if (s[j] === ')') close++;
  }
  let end = stop;
  for (;;) {
    const last = s[end - 1]!;
    if (TRAILING.has(last)) end--;
    else if (last === ')' && close > open) {
      end--;
      close--;
    } else return end;
  }
}

/** The inline pieces of `s` (a paragraph or a list item; `\n` is a line break). */
export function parseInline(s: string, depth = 0, inLink = false): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push(text);
    text = '';
  };
  const nested = depth < MAX_DEPTH;
  const closers = nested
    ? { '**': nextWhere(s, (j) => closes(s, j, '**')), __: nextWhere(s, (j) => closes(s, j, '__')), '*': nextWhere(s, (j) => closes(s, j, '*')), _: nextWhere(s, (j) => closes(s, j, '_')) }
    : null;
  const closeBracket = nested ? nextWhere(s, (j) => s[j] === ']') : null;
  const openBracket = nested ? nextWhere(s, (j) => s[j] === '[') : null;
  const closeParen = nested ? nextWhere(s, (j) => s[j] === ')') : null;
  const space = nested ? nextWhere(s, (j) => isSpace(s[j])) : null;
  // Where a bare address must stop: a space, or the `<` or `>` of markup around it.
  const addressStop = nested && !inLink ? nextWhere(s, (j) => isSpace(s[j]) || s[j] === '<' || s[j] === '>') : null;

  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && ESCAPABLE.includes(s[i + 1]!)) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      flush();
      out.push({ t: 'br' });
      i++;
      continue;
    }
    if (closers && (c === '*' || c === '_')) {
      const d = s[i + 1] === c ? c + c : c;
      const end = opens(s, i, d) ? closers[d as keyof typeof closers][i + d.length + 1]! : -1;
      if (end > 0) {
        flush();
        out.push({ t: d.length === 2 ? 'b' : 'i', c: parseInline(s.slice(i + d.length, end), depth + 1) });
        i = end + d.length;
      } else {
        text += d;
        i += d.length;
      }
      continue;
    }
    if (c === '[' && closeBracket && openBracket && closeParen && space) {
      // The innermost brackets only, so that each `]` is tried once: `[label](address)`.
      const close = closeBracket[i + 1]!;
      const inner = openBracket[i + 1]!;
      if (close > i + 1 && (inner < 0 || inner > close) && s[close + 1] === '(') {
        const end = closeParen[close + 2]!;
        const gap = space[close + 2]!;
        const href = end > close + 2 && end - close <= MAX_HREF && (gap < 0 || gap > end) ? safeHref(s.slice(close + 2, end)) : null;
        if (href) {
          flush();
          out.push({ t: 'a', href, c: parseInline(s.slice(i + 1, close), depth + 1, true) });
          i = end + 1;
          continue;
        }
      }
    }
    if (addressStop && (c === '<' || c === 'h' || c === 'H')) {
      const link = c === '<' ? angleLink(s, i, addressStop) : bareLink(s, i, addressStop);
      if (link) {
        flush();
        out.push({ t: 'a', href: link.href, c: [link.text] });
        i = link.next;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

/** `<address>` at `i`: an absolute http, https or mailto address between angle brackets. */
function angleLink(s: string, i: number, stop: Int32Array) {
  const end = stop[i + 1]!;
  if (end < 0 || s[end] !== '>' || end - i > MAX_HREF) return null;
  const text = s.slice(i + 1, end);
  const href = safeHref(text);
  return href ? { href, text, next: end + 1 } : null;
}

/** Where a bare address may start: after a space, an opening parenthesis or emphasis, as in GitHub's Markdown. */
const BEFORE_BARE = new Set([' ', '\t', '\n', '(', '*', '_', '~']);

/** A bare http or https address at `i`, not in the middle of a word or of other markup. */
function bareLink(s: string, i: number, stop: Int32Array) {
  if (i > 0 && !BEFORE_BARE.has(s[i - 1]!)) return null;
  if (!/^https?:\/\/./i.test(s.slice(i, i + 9))) return null;
  const at = stop[i]!;
  const limit = at < 0 ? s.length : at;
  if (limit - i > MAX_HREF) return null;
  const end = bareEnd(s, i, limit);
  const text = s.slice(i, end);
  const href = safeHref(text);
  return href ? { href, text, next: end } : null;
}

/** The blocks of a message: paragraphs (split at blank lines) and lists. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  // Not narrowed to null here: the closures below change it.
  let list = null as { t: 'ul' | 'ol'; start: number; items: string[] } | null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ t: 'p', c: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (!list) return;
    const items = list.items.map((item) => parseInline(item));
    blocks.push(list.t === 'ul' ? { t: 'ul', items } : { t: 'ol', start: list.start, items });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const ordered = ORDERED.exec(line);
    const unordered = ordered ? null : UNORDERED.exec(line);
    const item = ordered ?? unordered;
    if (item) {
      const t = ordered ? 'ol' : 'ul';
      endParagraph();
      if (list?.t !== t) {
        endList();
        list = { t, start: ordered ? Number(ordered[1]) : 1, items: [] };
      }
      list.items.push(item[item.length - 1]!);
    } else if (!line.trim()) {
      endParagraph();
      endList();
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** React elements of the inline pieces; keys are positions, so a growing message keeps its nodes. */
function renderInline(h: typeof createElement, pieces: Inline[]): ReactNode[] {
  return pieces.map((piece, key) => {
    if (typeof piece === 'string') return piece;
    if (piece.t === 'br') return h('br', { key });
    if (piece.t === 'a') {
      return h('a', { key, href: piece.href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...renderInline(h, piece.c));
    }
    return h(piece.t === 'b' ? 'strong' : 'em', { key }, ...renderInline(h, piece.c));
  });
}

/** The message as React elements: never HTML, whatever it contains. */
export function renderMarkdown(h: typeof createElement, source: string): ReactNode[] {
  return parseMarkdown(source).map((block, key) => {
    if (block.t === 'p') return h('p', { key }, ...renderInline(h, block.c));
    const items = block.items.map((item, i) => h('li', { key: i }, ...renderInline(h, item)));
    return block.t === 'ul' ? h('ul', { key }, items) : h('ol', { key, start: block.start === 1 ? undefined : block.start }, items);
  });
}
