import { useStore } from 'zustand';
import { textsFor, type Texts } from '../i18n';
import type { HelenaState, HelenaStore } from '../store/store';

/** Reads a slice of the element's store. */
export function useHelena<T>(store: HelenaStore, selector: (s: HelenaState) => T): T {
  return useStore(store, selector);
}

export function useTexts(store: HelenaStore): Texts {
  return textsFor(useHelena(store, (s) => s.config.locale));
}
