// What a room files on its call record: the conversation in the platform's message shape and in
// OpenAI's, and the transcript text derived from it.
import type { Json } from './json';

type PlatformMessage = Record<string, unknown> & { role: string; message: string; time: number; secondsFromStart: number };

/** The conversation of one call, as the platform records it. */
export class RoomRecord {
  readonly messages: PlatformMessage[] = [];
  readonly openAi: { role: string; content: string }[] = [];
  /** When the call went active (times are counted from it). */
  startedAt: number | undefined;

  /** The system prompt, before anyone speaks. */
  system(message: string): void {
    this.messages.push({ role: 'system', message, time: Date.now(), secondsFromStart: 0 });
    this.openAi.push({ role: 'system', content: message });
  }

  add(m: { role: string; message: string; time?: number; endTime?: number; duration?: number; source?: string }): void {
    const time = m.time ?? Date.now();
    const entry: PlatformMessage = {
      ...m,
      time,
      ...(m.role === 'system' ? {} : { endTime: m.endTime ?? time, duration: m.duration ?? 0 }),
      secondsFromStart: Number(((time - (this.startedAt ?? time)) / 1000).toFixed(3)),
    };
    this.messages.push(entry);
  }

  /**
   * The messages in the order they were said. A turn is filed when it ends but timed from when it
   * began, so a long answer can be filed after the visitor's next line; the platform lists them
   * by time.
   */
  ordered(): PlatformMessage[] {
    return this.messages
      .map((m, i) => ({ m, i }))
      .sort((a, b) => a.m.time - b.m.time || a.i - b.i)
      .map(({ m }) => m);
  }

  /** The conversation as the platform's transcript text: 'AI: …' and 'User: …' lines. */
  transcriptText(): string {
    return this.ordered()
      .filter((m) => m.role === 'bot' || m.role === 'user')
      .map((m) => `${m.role === 'bot' ? 'AI' : 'User'}: ${m.message}`)
      .join('\n');
  }

  artifact(): Json {
    return { messages: this.ordered(), messagesOpenAIFormatted: this.openAi, transcript: this.transcriptText() };
  }
}
