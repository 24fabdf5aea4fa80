// The site owner's offer file (OFFER_FILE): who sells, in which currency, at what tax rate, and
// the catalogue a proposal is chosen from. Validated once at start-up; prices become exact integers
// of the currency's minor unit here, so nothing downstream touches a float price.
import { z } from 'zod';
import { isKnownCurrency, minorDigits, toMinor, type Minor } from './money';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** A catalogue price, still in the currency's units; turned into minor units once the currency is known. */
const price = z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100000000');

const item = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be lowercase letters, digits, "-" or "_" (at most 64)'),
  title: text(120),
  description: text(600),
  setup: price,
  monthly: price,
  /** Words or phrases that, said by the visitor, choose this item. Case and accents do not matter. */
  keywords: z.array(text(60)).max(50, 'must have at most 50 keywords').default([]),
  /** In every proposal, whatever the visitor said. */
  always: z.boolean().default(false),
  /** The item in English, for visitors who talk in English; without it they read the Spanish. */
  en: z.strictObject({ title: text(120).optional(), description: text(600).optional() }).optional(),
});

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like "#0f766e"');

export const offerFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    company: z.strictObject({
      name: text(100),
      address: text(300),
      taxId: text(40),
      email: z.email('must be an email address'),
      color: hexColor,
      phone: text(40).optional(),
      website: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
    }),
    currency: z.string().refine(isKnownCurrency, 'must be an ISO 4217 currency code like "EUR"'),
    taxRate: z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(1, 'must be at most 1 (0.21 is 21 %)'),
    /** The tax's name on the pricing table ('IVA (21 %)'). */
    taxName: text(20).default('IVA'),
    validityDays: z.number().int('must be a whole number of days').min(1, 'must be at least 1').max(365, 'must be at most 365'),
    /** The offer's closing line, above the call to action. */
    closing: text(400).optional(),
    /** The closing line in English, for visitors who talk in English; without it they read the Spanish. */
    en: z.strictObject({ closing: text(400).optional() }).optional(),
    items: z.array(item).min(1, 'must list at least one item').max(200, 'must list at most 200 items'),
  })
  .superRefine((offer, ctx) => {
    const digits = isKnownCurrency(offer.currency) ? minorDigits(offer.currency) : 2;
    const seen = new Map<string, number>();
    offer.items.forEach((it, i) => {
      const first = seen.get(it.id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: `duplicate id "${it.id}" (also items[${first}])` });
      else seen.set(it.id, i);
      for (const key of ['setup', 'monthly'] as const) {
        if (it[key] >= 0 && toMinor(it[key], digits) === null) {
          ctx.addIssue({ code: 'custom', path: ['items', i, key], message: `must have at most ${digits} decimals in ${offer.currency}` });
        }
      }
      if (!it.always && it.keywords.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'keywords'], message: 'an item that is not "always" needs at least one keyword, or it is never chosen' });
      }
    });
    if (!String(offer.taxRate).match(/^\d+(\.\d+)?$/)) ctx.addIssue({ code: 'custom', path: ['taxRate'], message: 'must be a plain decimal like 0.21' });
  });

export type OfferFile = z.infer<typeof offerFileSchema>;

/** One catalogue item, priced in minor units. */
export interface OfferItem {
  id: string;
  title: string;
  description: string;
  setup: Minor;
  monthly: Minor;
  keywords: string[];
  always: boolean;
  en?: { title?: string; description?: string };
}

/** The validated offer, as the rest of the server uses it. */
export interface Offer {
  company: OfferFile['company'];
  currency: string;
  taxRate: number;
  taxName: string;
  validityDays: number;
  closing?: string;
  en?: { closing?: string };
  items: OfferItem[];
  /** The file it came from, for messages. */
  source: string;
}

/** The parsed file with its prices in minor units (the schema has checked they convert). */
export function toOffer(file: OfferFile, source: string): Offer {
  const digits = minorDigits(file.currency);
  const minor = (v: number) => toMinor(v, digits) as Minor;
  return {
    company: file.company,
    currency: file.currency,
    taxRate: file.taxRate,
    taxName: file.taxName,
    validityDays: file.validityDays,
    ...(file.closing ? { closing: file.closing } : {}),
    ...(file.en ? { en: file.en } : {}),
    items: file.items.map((it) => ({ ...it, setup: minor(it.setup), monthly: minor(it.monthly) })),
    source,
  };
}
