/**
 * The conversation slice: the lines, typed or spoken, and where a typed line goes: into the live
 * call, to the text chat (./chat.ts) when no call is live, or, in voice mode, to a call started
 * for it.
 */
import { conversationMode } from './config';
import type { ConversationSlice, StoreKit, StoreParts } from './types';

export function createConversationSlice(
  kit: Pick<StoreKit, 'get' | 'set' | 'texts' | 'fail' | 'cancel' | 'log' | 'needsConsent'>,
  parts: Pick<StoreParts, 'calls' | 'chats' | 'prompt' | 'channel' | 'pending' | 'scan'>,
): ConversationSlice {
  const { get, set } = kit;
  return {
    messages: [],
    replying: false,
    draft: '',

    async newConversation() {
      if (get().status !== 'inactive') return;
      // After a call, a new conversation is a new call; after a typed chat it starts empty.
      const call = get().ended || conversationMode(get().config) === 'voice';
      kit.cancel('speaking');
      void parts.prompt.current?.then((p) => p.clear());
      set({ messages: [], ended: false, error: null, speaking: false, listening: false });
      if (parts.chats.current) await (await parts.chats.current).reset();
      if (call) await get().startCall();
    },

    setDraft(value) {
      set({ draft: value });
    },

    async sendText(text) {
      const value = (text ?? get().draft).trim();
      // With no conversation under way the line waits for the visitor's consent (it stays typed).
      if (!value || (get().status === 'inactive' && kit.needsConsent(() => get().sendText(value)))) return;
      set({ draft: '' });
      const { status, config } = get();
      if (status === 'active' && parts.calls.current) {
        (await parts.calls.current).deliver(value);
        return;
      }
      // No call live: a text conversation, with no microphone and no voice call.
      if (status === 'inactive' && conversationMode(config) !== 'voice') {
        set({ panelOpen: true, ended: false });
        parts.channel = 'chat';
        try {
          await (await parts.chats()).send(value);
        } catch (err) {
          kit.log('chat unavailable', err);
          kit.fail(kit.texts().errNotInitialised, 'chat');
        }
        return;
      }
      // A call is connecting, or voice mode: the line is sent once the call is live.
      parts.pending.push(value);
      set({ panelOpen: true });
      if (status === 'inactive') await get().startCall();
      if (get().status === 'inactive') parts.pending.length = 0;
    },

    async rescan() {
      // The visitor's lines only, as for live transcripts.
      for (const m of get().messages) if (m.role === 'user' && m.isFinal && (await parts.scan(m.message, false))) return;
    },
  };
}
