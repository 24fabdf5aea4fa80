/**
 * The tab keeps the conversation's settled lines (sessionStorage), to show them again after a
 * reload or on the site's next page. A live call left a ticket there too (./rejoin.ts): the call
 * is joined again once the conversation so far is back; without one, the stored call id is stale.
 */
import type { StoreEnvironment } from './kit';
import type { ChatMessage, HelenaStore, StoreParts } from './types';

/** The tab's conversation (sessionStorage): shown again after a reload. */
export const CONVERSATION_KEY = 'helenaConversation';

/** Shows the tab's earlier conversation, if any, and keeps the tab's copy up to date. */
export function syncWithTab(store: HelenaStore, env: StoreEnvironment, parts: Pick<StoreParts, 'session' | 'calls'>, callIdKey: string): void {
  const { tab, log } = env;
  const saved = tab?.getItem(CONVERSATION_KEY);
  if (saved) void parts.session().then((m) => m.resumeTab(saved, store, env, parts, callIdKey), log);
  // Written when the settled lines change, not at every streamed piece or partial transcript. A
  // call starting marks the tab too, so that a reload before its first line drops its id.
  let settled = -1;
  const write = (lines: ChatMessage[]) => {
    try {
      tab?.setItem(CONVERSATION_KEY, JSON.stringify(lines));
    } catch {}
  };
  store.subscribe((s, before) => {
    if (s.messages === before.messages && s.status === before.status) return;
    const lines = s.messages.filter((m) => m.isFinal);
    if (lines.length === settled && s.status === before.status) return;
    settled = lines.length;
    write(lines);
  });
  // Leaving the page: a line still being transcribed was on screen too (an answer shows in full
  // before its final transcript comes), and its final would arrive to a page that is gone. The
  // next page shows every line this one showed.
  env.win?.addEventListener('pagehide', () => write(store.getState().messages.filter((m) => m.isFinal || m.message.trim())));
}
