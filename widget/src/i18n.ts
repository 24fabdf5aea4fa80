/**
 * Every text the element shows: the Spanish table (./i18n-es.ts) by default; `locale="en"`
 * switches every one of them (./i18n-en.ts, loaded on demand).
 */
import { es, type Texts } from './i18n-es';

export type Locale = 'es' | 'en';

export type { Texts };

const tables: Partial<Record<Locale, Texts>> = { es };

/** The texts of `locale`, or the Spanish ones while another table is still loading. */

export function resolveLocale(value: string | null | undefined): Locale {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'es';
}

export function textsFor(locale: Locale): Texts {
  return tables[locale] ?? es;
}

export function hasLocale(locale: Locale): boolean {
  return !!tables[locale];
}

/** Loads a locale's table (English is its own small chunk: Spanish pages never download it). */
export async function loadLocale(locale: Locale): Promise<Texts> {
  if (!tables[locale]) tables[locale] = (await import('./i18n-en')).en;
  return tables[locale];
}

/** Replaces `{key}` placeholders. */
export function fmt(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
