/**
 * The conversation kept in the tab's storage (sessionStorage), so that a reload shows it again.
 * Settled lines are kept, and on leaving the page the lines still being transcribed too. In the
 * session chunk: the store asks for it only when the tab has one, and a call the tab's earlier page
 * left live is joined again from here.
 */
import { REJOIN_KEY } from './rejoin';
import type { ChatMessage, HelenaStore, StoreParts, TabEnvironment } from './types';

/** The tab's earlier conversation; anything malformed (another script may write there) is dropped. */
export function restoredConversation(saved: string | null): ChatMessage[] {
  try {
    const list = JSON.parse(saved ?? '[]') as unknown;
    return (Array.isArray(list) ? (list as Partial<ChatMessage>[]) : [])
      .filter((m) => (m.role === 'bot' || m.role === 'user') && typeof m.message === 'string' && typeof m.time === 'string')
      .map((m, i) => ({
        id: `r${i}`,
        role: m.role!,
        message: m.message!,
        time: m.time!,
        isFinal: true,
        ...(m.isFinal === false || m.carried === true ? { carried: true } : {}),
      }));
  } catch {
    return [];
  }
}

/**
 * A new page of a tab that had a conversation (`saved`): the conversation is shown again, and a
 * call the earlier page left live is joined again; without one, the stored call id is stale.
 */
export function resumeTab(saved: string, store: HelenaStore, env: TabEnvironment, parts: Pick<StoreParts, 'calls'>, callIdKey: string): void {
  if (!store.getState().messages.length) store.setState({ messages: restoredConversation(saved) });
  if (env.tab?.getItem(REJOIN_KEY)) void parts.calls().then((c) => c.rejoin(), env.log);
  else env.storage?.removeItem(callIdKey);
}
