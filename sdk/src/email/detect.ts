/**
 * Email detection in chat messages and voice transcripts: the one definition shared by the widget
 * (which opens the form with what it finds) and the simulator's scripted assistant (which
 * decides what to say next), so that the two never disagree about what the visitor said.
 *
 * The rule: a local part, an at sign, a domain and a top-level domain of at least two letters.
 * Trailing punctuation is stripped, the first email found wins, and the result is lower-cased.
 * Spoken forms are normalised first, so that a transcript such as
 * 'juan punto perez arroba acme guion corp punto com' or 'john at gmail dot com' is recognised.
 *
 * Callers pass only what the visitor said or typed: the assistant's own lines quote example
 * addresses ('ana arroba empresa punto com') that must never be taken for the visitor's.
 */

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

// Order matters: two-word connectors before their one-word prefixes.
const SPOKEN: ReadonlyArray<[RegExp, string]> = [
  [/\s+(?:guion|barra)\s+bajo\s+/gi, '_'],
  [/\s+barra\s+baja\s+/gi, '_'],
  [/\s+underscore\s+/gi, '_'],
  [/\s+guion(?:\s+medio)?\s+/gi, '-'],
  [/\s+(?:dash|hyphen)\s+/gi, '-'],
  [/\s+punto\s*com\b/gi, '.com'],
  [/\s+(?:punto|dot)\s+/gi, '.'],
  [/\s+(?:arroba|at)\s+/gi, '@'],
  // Transcribers sometimes write the symbols with spaces around them: 'juan @ gmail . com'.
  [/\s*@\s*/g, '@'],
  [/\s+\.\s+/g, '.'],
];

const stripAccents = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Rewrites spoken connectors ('arroba', 'punto', 'guion bajo', 'at', 'dot' …) into symbols. */
export function normaliseSpokenEmail(text: string): string {
  // Transcribers write names with accents ('García'); an address has none, so they are dropped
  // rather than letting the accented letter cut the address in two.
  let out = ` ${stripAccents(text)} `;
  for (const [pattern, symbol] of SPOKEN) out = out.replace(pattern, symbol);
  return out.trim();
}

function clean(match: string): string | null {
  const at = match.indexOf('@');
  let local = match.slice(0, at).replace(/^[._%+-]+/, '');
  let domain = match.slice(at + 1);
  // Trailing punctuation never belongs to an address.
  domain = domain.replace(/[^a-z0-9]+$/i, '');
  local = local.replace(/\.{2,}/g, '.');
  if (!local || !/\.[a-z]{2,}$/i.test(domain)) return null;
  if (domain.split('.').some((label) => !label || label.startsWith('-') || label.endsWith('-'))) return null;
  return `${local}@${domain}`.toLowerCase();
}

// Function words that are never an address part when someone reads an address aloud; they
// catch sentences such as 'look at the dot on the map'. Only applied to spoken candidates, and
// never to the top-level domain ('.es', '.in', '.to' are real ones).
const NOT_AN_ADDRESS_PART = new Set(
  'the a an on in of to is and or for with this that it el la los las lo de del en un una y que con por para se'.split(' '),
);

function plausibleSpoken(email: string): boolean {
  const [local = '', domain = ''] = email.split('@');
  const labels = domain.split('.').slice(0, -1);
  return ![local, ...labels].some((part) => part.split(/[._-]/).some((word) => NOT_AN_ADDRESS_PART.has(word)));
}

/** Every distinct email in `text`, in order of appearance, lower-cased. */
export function detectEmails(text: string | null | undefined): string[] {
  if (!text) return [];
  const found: string[] = [];
  for (const [source, spoken] of [
    [text, false],
    [normaliseSpokenEmail(text), true],
  ] as const) {
    // A written address wins over a spoken one: normalising 'me at bob.smith@x.com' would
    // otherwise produce 'me@bob.smith'. Spoken forms are looked for only when none is written.
    for (const m of source.matchAll(EMAIL)) {
      const email = clean(m[0]);
      if (email && !found.includes(email) && (!spoken || plausibleSpoken(email))) found.push(email);
    }
    if (found.length) break;
  }
  return found;
}

/** The first email in `text`, or null. */
export function detectEmail(text: string | null | undefined): string | null {
  return detectEmails(text)[0] ?? null;
}
