/**
 * A conversation that changes channel carries on: a voice call started after some typing, or a
 * chat after a call, begins by telling the assistant what was said so far (a system message), so
 * that it neither greets the visitor again as a stranger nor asks what it already knows.
 */
import type { ChatMessage } from './types';

/** The earlier conversation as one system message's text, or undefined when there was none. */
export function earlierConversation(messages: ChatMessage[], assistantName: string): string | undefined {
  const lines = messages.filter((m) => m.isFinal && m.message.trim()).map((m) => `${m.role === 'user' ? 'Visitor' : assistantName}: ${m.message}`);
  return lines.length ? `The conversation so far, before this channel:\n${lines.join('\n')}` : undefined;
}
