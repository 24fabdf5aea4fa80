/**
 * A line the tab's earlier page showed while it was still being transcribed (an answer is on
 * screen in full before its final transcript comes). The call goes on in the room while the next
 * page loads, so that final, or more of the same words, may reach the rejoined call: it settles
 * the carried line instead of showing the same words twice.
 */
import type { ChatMessage } from './types';

const words = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether `next` is the same utterance as `shown`: the same words, or more (or fewer) of them. */
function sameUtterance(shown: string, next: string): boolean {
  const a = words(shown);
  const b = words(next);
  return !!a && !!b && (a.startsWith(b) || b.startsWith(a));
}

/**
 * A transcript of `role` arriving in a rejoined call, against that role's latest line. Undefined
 * when that line is not carried. Otherwise the new list and whether the transcript was the rest of
 * the carried line (`absorbed`: the line took its words, or kept its own when they are fewer) or a
 * new line, after which the carried one stops waiting: a final settles it either way.
 */
export function settleCarried(messages: ChatMessage[], role: ChatMessage['role'], text: string, isFinal: boolean): { messages: ChatMessage[]; absorbed: boolean } | undefined {
  // Only the role's latest line can be waiting for the rest of its words.
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.role !== role) i--;
  const line = messages[i];
  if (!line?.carried) return undefined;
  const next = messages.slice();
  const { carried: _, ...settled } = line;
  if (!sameUtterance(line.message, text)) {
    next[i] = settled;
    return { messages: next, absorbed: false };
  }
  // A partial with fewer words than shown is an echo of what is on screen: nothing changes.
  const longer = words(text).length >= words(line.message).length;
  next[i] = isFinal ? { ...settled, message: text } : { ...line, message: longer ? text : line.message };
  return { messages: next, absorbed: true };
}
