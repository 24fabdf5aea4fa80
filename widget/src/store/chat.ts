/**
 * The store's text conversation: what the visitor types while no call is live goes to the
 * assistant through the platform's web chat API, with the public key, so that typing never asks
 * for a microphone or starts a paid voice call. Answers are shown as they stream in. Loaded
 * lazily at the first typed line, like the call controller, and part of the store in the same
 * way: it changes state only through the store's helpers.
 */
import { WebChatClient } from '@helena/sdk/web';
import { callTextsFor } from '../i18n-call';
import { errorMessage } from './error-message';
import { earlierConversation } from './carry-over';
import { createConversationRecord, type ConversationRecord } from './record';
import { platformEndpoint } from '../voice/endpoint';
import { assistantOverrides } from '../voice/overrides';
import type { ChatController, ChatMessage, StoreKit } from './types';

/** What the chat uses of the store's kit. */
export type ChatContext = Pick<StoreKit, 'get' | 'set' | 'texts' | 'demo' | 'api' | 'append' | 'scroll' | 'emit' | 'scanText' | 'now' | 'pageUrl' | 'log'>;

export function createChatController(ctx: ChatContext): ChatController {
  let client: WebChatClient | null = null;
  let record: ConversationRecord | null = null;
  /** Turns go one at a time, in order: each continues the session the previous one started. */
  let queue: Promise<unknown> = Promise.resolve();

  const open = (): WebChatClient => {
    if (client) return client;
    const { config } = ctx.get();
    const endpoint = platformEndpoint({ demo: ctx.demo(config), publicKey: config.publicKey, apiUrl: config.apiUrl });
    // The same settings as a call's (the language above all, so the assistant answers in the
    // element's locale): the saved assistant with them as overrides; without one (demo mode
    // only), an inline one with the element's name.
    const overrides = assistantOverrides({ ...config, greeting: callTextsFor(config.locale).greeting });
    client = new WebChatClient({
      ...endpoint,
      ...(config.assistantId ? { assistant: config.assistantId, assistantOverrides: overrides } : { assistant: { name: config.name, ...overrides } }),
    });
    record = createConversationRecord(ctx);
    return client;
  };

  /** Replaces the text of the answer line `id` (it is being streamed) or settles it. */
  const show = (id: string, message: string, isFinal: boolean) => {
    ctx.set({ messages: ctx.get().messages.map((m): ChatMessage => (m.id === id ? { ...m, message, isFinal } : m)) });
    ctx.scroll();
  };

  /** One turn, after the ones before it; true when the assistant answered it in words. */
  const turn = (input: Parameters<WebChatClient['send']>[0]): Promise<boolean> => {
    const run = async (): Promise<boolean> => {
      const chat = open();
      const thisRecord = record;
      ctx.set({ replying: true });
      let line: ChatMessage | undefined;
      try {
        const answer = await chat.send(input, {
          onDelta: (text) => {
            if (chat !== client || !text) return;
            if (!line) line = ctx.append('bot', text, false);
            else show(line.id, text, false);
            ctx.set({ speaking: true });
          },
        });
        if (chat !== client) return false; // the visitor started over meanwhile
        if (line) show(line.id, answer.text || line.message, true);
        else if (answer.text) ctx.append('bot', answer.text, true);
        if (answer.sessionId) thisRecord?.create(answer.sessionId, { channel: 'chat' });
        return !!(line || answer.text);
      } catch (err) {
        ctx.log('chat turn failed', err);
        const message = errorMessage(err) ?? callTextsFor(ctx.get().config.locale).errUnknown;
        if (line) show(line.id, line.message, true);
        // The visitor's line stays; the error is said in the chat and the panel stays open.
        ctx.append('bot', ctx.texts().errorPrefix.replace('{msg}', message));
        ctx.emit('helena:error', { message, source: 'chat' });
        return false;
      } finally {
        ctx.set({ replying: false, speaking: false });
      }
    };
    const done = queue.then(run, run);
    queue = done;
    return done;
  };

  return {
    async send(text) {
      // A new chat after a call (or after a reload) starts from what was said before.
      const earlier = client ? undefined : earlierConversation(ctx.get().messages, ctx.get().config.name);
      ctx.append('user', text, true);
      // Only the visitor's words can carry the visitor's address.
      ctx.scanText(text);
      await turn(earlier ? [{ role: 'system', content: earlier }, { role: 'user', content: text }] : text);
    },
    note(text) {
      // No chat to tell, or an assistant that said nothing back: false, the page says it itself.
      if (!client) return Promise.resolve(false);
      return turn([{ role: 'system', content: text }]);
    },
    async row() {
      await queue;
      return record?.row();
    },
    async reset() {
      const previous = record;
      client = null;
      record = null;
      await previous?.close();
    },
  };
}
