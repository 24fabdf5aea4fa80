// Money as integers of the currency's smallest unit (cents for the euro), never binary floating
// point: a catalogue price is read from its decimal text, sums are integer sums, and tax is the
// one place a fraction appears, rounded to the unit once per total, half away from zero.
import { numberFormat } from '../intl';

/** An amount in the currency's minor unit (49,50 € is 4950). */
export type Minor = number;

/** How many decimals the currency's minor unit has (2 for EUR, 0 for JPY), from the platform's ICU data. */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = numberFormat('es-ES', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}
const digitsByCurrency = new Map<string, number>();

/** Whether `code` is an ISO 4217 currency this runtime knows. */
export function isKnownCurrency(code: string): boolean {
  return Intl.supportedValuesOf('currency').includes(code);
}

/**
 * A catalogue price (a JSON number in the currency's units) as an exact integer of minor units,
 * read from its shortest decimal text so 0.1 is 10 and 1.005 is refused, not 100 or 101. Null
 * when it has more decimals than the currency has, or is not a plain finite number.
 */
export function toMinor(units: number, digits: number): Minor | null {
  if (!Number.isFinite(units) || units < 0) return null;
  const text = String(units);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null; // exponent notation: far beyond any price, or far below its unit
  const fraction = m[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(m[1] + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * `amount × rate`, rounded to the minor unit half away from zero. The rate is taken as the exact
 * decimal it was written as (0.21 is 21/100), so the product is an integer division.
 */
export function taxOf(amount: Minor, rate: number): Minor {
  const { numerator, denominator } = decimalFraction(rate);
  const product = BigInt(amount) * numerator;
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return Number(rounded * sign);
}

/** A rate's shortest decimal text as an exact fraction: 0.21 → 21/100, 0.075 → 75/1000. */
function decimalFraction(rate: number): { numerator: bigint; denominator: bigint } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(rate));
  if (!m) throw new RangeError(`tax rate ${rate} is not a plain decimal`);
  const fraction = m[2] ?? '';
  return { numerator: BigInt(m[1] + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/** A net amount with its tax and their sum. */
export interface Taxed {
  net: Minor;
  tax: Minor;
  gross: Minor;
}

/** Sums `amounts`, then taxes the sum once (never per line, so the total's rounding is the only one). */
export function taxedTotal(amounts: readonly Minor[], rate: number): Taxed {
  const net = amounts.reduce((a, b) => a + b, 0);
  const tax = taxOf(net, rate);
  return { net, tax, gross: net + tax };
}

/** Minor units as an exact decimal string in the currency's units: 151250 EUR → '1512.50'. */
export function toDecimal(amount: Minor, currency: string): string {
  const digits = minorDigits(currency);
  const abs = String(Math.abs(amount)).padStart(digits + 1, '0');
  return `${amount < 0 ? '-' : ''}${digits ? `${abs.slice(0, -digits)}.${abs.slice(-digits)}` : abs}`;
}

/** Formats minor units the Spanish way: '1.234,56 €' (grouping even for four digits). */
export function formatMoney(amount: Minor, currency: string, locale = 'es-ES'): string {
  // A decimal string, formatted as written: no division through binary floating point.
  const text = toDecimal(amount, currency);
  return numberFormat(locale, { style: 'currency', currency, useGrouping: 'always' }).format(text as unknown as number);
}

/** A tax rate as people write it: 0.21 → '21 %' in Spanish. */
export function formatRate(rate: number, locale = 'es-ES'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}
