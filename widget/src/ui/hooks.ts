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

/** What the assistant is doing right now, as the status line under the messages shows it. */
export type Activity = 'speaking' | 'listening' | 'thinking' | 'idle';

/**
 * Speaking (the assistant's words are arriving), listening (the visitor's are) or thinking (the
 * visitor's last line is final and the assistant has not answered yet, while a conversation is
 * open): three states a visitor must be able to tell apart.
 */
export function activityOf(s: HelenaState): Activity {
  if (s.speaking) return 'speaking';
  if (s.listening) return 'listening';
  const last = s.messages[s.messages.length - 1];
  return (s.status !== 'inactive' || s.replying) && last?.role === 'user' && last.isFinal ? 'thinking' : 'idle';
}
