import type { Locale } from './i18n';

/** A conversation line's offset from the call's start as m:ss (65.4 s → "1:05"). */
export function minSec(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

const tag = (locale: Locale) => (locale === 'en' ? 'en-GB' : 'es-ES');

/** An amount in euros, as the owner's language writes it. */
export function money(amount: number, locale: Locale, currency = 'EUR'): string {
  // Grouped even at four digits ('1.016,40 €'), as the proposal and its PDF write it.
  return new Intl.NumberFormat(tag(locale), { style: 'currency', currency, useGrouping: 'always' }).format(amount);
}

/** A moment, date and time, in the browser's zone. */
export function when(iso: string, locale: Locale): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A share as a whole percentage, or a dash when there is nothing to divide by. */
export function percent(rate: number | null, locale: Locale): string {
  return rate === null ? '–' : new Intl.NumberFormat(tag(locale), { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** A duration in its largest sensible unit (days, hours or minutes). */
export function duration(ms: number | null, locale: Locale): string {
  if (ms === null) return '–';
  const minutes = ms / 60_000;
  const unit: [number, Intl.NumberFormatOptions['unit']] =
    minutes >= 2 * 24 * 60 ? [minutes / (24 * 60), 'day'] : minutes >= 120 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(tag(locale), { style: 'unit', unit: unit[1], unitDisplay: 'long', maximumFractionDigits: 1 }).format(unit[0]);
}

/** A `YYYY-MM-DD` date `days` before `now` (UTC), for date inputs and the funnel's period. */
export function isoDay(now: Date, daysBefore = 0): string {
  return new Date(now.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
}
