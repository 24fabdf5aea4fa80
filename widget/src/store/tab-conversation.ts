/**
 * The conversation kept in the tab's storage (sessionStorage), so that a reload shows it again.
 * Only settled lines are kept. In the session chunk: the store asks for it only when the tab has
 * one.
 */
import type { ChatMessage } from './types';

/** The tab's earlier conversation; anything malformed (another script may write there) is dropped. */
export function restoredConversation(saved: string | null): ChatMessage[] {
  try {
    const list = JSON.parse(saved ?? '[]') as unknown;
    return (Array.isArray(list) ? (list as Partial<ChatMessage>[]) : [])
      .filter((m) => (m.role === 'bot' || m.role === 'user') && typeof m.message === 'string' && typeof m.time === 'string')
      .map((m, i) => ({ id: `r${i}`, role: m.role!, message: m.message!, time: m.time!, isFinal: true }));
  } catch {
    return [];
  }
}
