// Every transcript is in the order it was said, whatever order a platform lists its messages in:
// the sales email's conversation (sales-handoff.test.ts reads it in the mail), the turns stored
// with a conversation, and the visitor's words that choose the proposal's items, where the
// visitor's latest word on an item stands.
import { describe, expect, it } from 'vitest';
import { conversationOf, storedConversation, visitorWordsOf } from '../src/proposal/visitor-words';
import { chooseItems } from '../src/offer/match';

const items = { items: [{ id: 'chat', keywords: ['chat'] }] } as unknown as Parameters<typeof chooseItems>[0];

describe('transcripts in time order', () => {
  it('turns listed the visitor’s first, then the assistant’s, come back interleaved by secondsFromStart', () => {
    const turns = conversationOf({
      artifact: {
        messages: [
          { role: 'user', message: 'uno', secondsFromStart: 4 },
          { role: 'user', message: 'tres', secondsFromStart: 10 },
          { role: 'bot', message: 'dos', secondsFromStart: 5 },
          { role: 'bot', message: 'cuatro', secondsFromStart: 11 },
          { role: 'user', message: 'cinco', secondsFromStart: 16 },
        ],
      },
    });
    expect(turns.map((t) => `${t.secondsFromStart} ${t.who} ${t.text}`)).toEqual(['4 visitor uno', '5 assistant dos', '10 visitor tres', '11 assistant cuatro', '16 visitor cinco']);
  });

  it('orders by time (epoch ms) when no message has secondsFromStart, and keeps an untimed one after the one before it', () => {
    const turns = conversationOf({
      messages: [
        { role: 'assistant', content: 'b', time: 1_700_000_002_000 },
        { role: 'user', content: 'a', time: 1_700_000_001_000 },
        { role: 'user', content: 'b2' },
        { role: 'assistant', content: 'c', time: 1_700_000_003_000 },
      ],
    });
    // 'b2' has no time: it stays right after 'a', the message listed before it.
    expect(turns.map((t) => t.text)).toEqual(['a', 'b2', 'b', 'c']);
  });

  it('a conversation stored out of order reads back in order', () => {
    const stored = storedConversation([
      { who: 'visitor', text: 'dos', secondsFromStart: 2 },
      { who: 'assistant', text: 'uno', secondsFromStart: 1 },
    ]);
    expect(stored.map((t) => t.text)).toEqual(['uno', 'dos']);
  });

  it('the visitor’s words in the order said: a chat refused, then asked for, is in', () => {
    const words = visitorWordsOf({
      artifact: {
        messages: [
          { role: 'user', message: 'Bueno, al final sí queremos chat.', secondsFromStart: 40 },
          { role: 'user', message: 'No necesitamos chat.', secondsFromStart: 8 },
        ],
      },
    });
    expect(words.words).toEqual(['No necesitamos chat.', 'Bueno, al final sí queremos chat.']);
    expect(chooseItems(items, words.words).items.map((c) => c.item.id)).toEqual(['chat']);
  });
});
