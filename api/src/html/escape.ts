// The one place where HTML is escaped. Every template builds markup through `html`,
// which escapes each interpolated value unless it is a `SafeHtml` made by `html` or `raw`.

import { textOf } from '@helena/contract';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};
const ESCAPE_RE = /[&<>"'`]/g;

/** Escapes text for use in HTML element content and in quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return textOf(value).replace(ESCAPE_RE, (ch) => ESCAPES[ch] ?? ch);
}

/** Markup that is already safe: produced by `html` or explicitly trusted with `raw`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Trusts a string as markup. Only for constants and output of `html`; never for user input. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(value);
}

/** Tagged template: every `${value}` is escaped unless it is SafeHtml; arrays are joined. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Turns plain text into escaped paragraphs, keeping line breaks. */
export function paragraphs(text: string): SafeHtml {
  const parts = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return raw(parts.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join(''));
}
