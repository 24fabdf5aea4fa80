import { create } from 'zustand';
import { LOCALE_KEY, MESSAGES, pickLocale, type Locale, type Messages } from '../i18n';

/** The storage the choice is kept in; a browser that refuses storage still switches. */
function stored(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

interface LocaleStore {
  locale: Locale;
  /** The owner's switch: shown at once, remembered for the next visit. */
  setLocale: (locale: Locale) => void;
}

/** The panel's language. */
export const useLocale = create<LocaleStore>((set) => ({
  locale: pickLocale(stored()?.getItem(LOCALE_KEY) ?? null, globalThis.navigator?.languages ?? []),
  setLocale: (locale) => {
    stored()?.setItem(LOCALE_KEY, locale);
    document.documentElement.lang = locale;
    set({ locale });
  },
}));

/** The texts of the panel's current language. */
export function useMessages(): Messages {
  return MESSAGES[useLocale((s) => s.locale)];
}

/** The texts of the current language, outside React (store actions). */
export function messages(): Messages {
  return MESSAGES[useLocale.getState().locale];
}
