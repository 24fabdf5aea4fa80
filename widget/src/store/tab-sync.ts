/**
 * The tab keeps the conversation's settled lines (sessionStorage), to show them again after a
 * reload; a call does not survive one, so its id in storage is stale then.
 */
import type { StoreEnvironment } from './kit';
import type { HelenaStore, StoreParts } from './types';

/** The tab's conversation (sessionStorage): shown again after a reload. */
export const CONVERSATION_KEY = 'helenaConversation';

/** Shows the tab's earlier conversation, if any, and keeps the tab's copy up to date. */
export function syncWithTab(store: HelenaStore, env: StoreEnvironment, parts: Pick<StoreParts, 'session'>, callIdKey: string): void {
  const { tab, storage, log } = env;
  const saved = tab?.getItem(CONVERSATION_KEY);
  if (saved) {
    storage?.removeItem(callIdKey);
    void parts.session().then((m) => store.getState().messages.length || store.setState({ messages: m.restoredConversation(saved) }), log);
  }
  // Written when the settled lines change, not at every streamed piece or partial transcript. A
  // call starting marks the tab too, so that a reload before its first line drops its id.
  let settled = -1;
  store.subscribe((s, before) => {
    if (s.messages === before.messages && s.status === before.status) return;
    const lines = s.messages.filter((m) => m.isFinal);
    if (lines.length === settled && s.status === before.status) return;
    settled = lines.length;
    try {
      tab?.setItem(CONVERSATION_KEY, JSON.stringify(lines));
    } catch {}
  });
}
