// Reads and validates an offer file. Any problem is one OfferError whose message is a single line
// naming the file and the field, fit to print as is when `npm start` refuses to go on.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { offerFileSchema, toOffer, type Offer } from './schema';

/** The demo site's company and catalogue: what proposals offer when OFFER_FILE is unset. */
export const DEMO_OFFER_FILE = fileURLToPath(new URL('../../offers/demo-nexia.json', import.meta.url));

export class OfferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfferError';
  }
}

/** `['items', 1, 'setup']` → `items[1].setup` */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/** The offer in `file`; throws OfferError with one line naming the file and the first bad field. */
export function loadOffer(file: string): Offer {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new OfferError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot be read (${code ?? 'error'})`}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new OfferError(`${file}: not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
  const parsed = offerFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const more = parsed.error.issues.length - 1;
    const where = fieldPath(issue.path) || '(the file)';
    const message = issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'is required' : issue.message;
    throw new OfferError(`${file}: ${where}: ${message}${more ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`);
  }
  return toOffer(parsed.data, file);
}

const cache = new Map<string, Offer>();

/** The demo offer, read once per process (configurations are built often in tests). */
export function demoOffer(): Offer {
  let offer = cache.get(DEMO_OFFER_FILE);
  if (!offer) cache.set(DEMO_OFFER_FILE, (offer = loadOffer(DEMO_OFFER_FILE)));
  return offer;
}
