// What a visitor typed, made fit to appear in mail sent in the company's name: no links a mail
// client would make clickable, no control characters, no bidirectional overrides that reorder
// what the reader sees, and short. The stored value is untouched; only what mail shows is cut.

/** Longest name, role or company shown in mail. */
export const VISITOR_FIELD_MAX = 60;

// C0/C1 controls (line breaks included: these are one-line fields) and the Unicode format
// characters that change the visual order of text or hide it.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
// Anything with a scheme, a www. host, an address, or a dotted host name with a top-level domain
// (with or without a path): mail clients link all of them.
const URLISH =
  /\b[a-z][a-z0-9+.-]*:\/\/\S*|\b(?:mailto|tel|sms|data|javascript|file|ftp):\S+|\S*@\S+|\bwww\.\S*|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\b\S*/giu;

/** A visitor's name, role or company as mail may show it, or null when nothing is left. */
export function visitorText(value: string | null | undefined, max = VISITOR_FIELD_MAX): string | null {
  if (!value) return null;
  const cleaned = value.replace(CONTROLS, ' ').replace(URLISH, ' ').replace(/\s+/g, ' ').trim();
  if (!cleaned) return null;
  const chars = Array.from(cleaned);
  return chars.length > max ? chars.slice(0, max - 1).join('').trimEnd() + '…' : cleaned;
}
