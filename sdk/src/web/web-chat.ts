/**
 * Text conversations with an assistant through the platform's web chat API (`POST /chat/web`),
 * with the public key: no microphone, no call, no daily-js. Answers are streamed where the
 * platform streams them (server-sent events of `CreateChatStreamResponse`), and each turn
 * continues the same session.
 */
import type { AssistantOverrides, CreateAssistantDTO, CreateChatStreamResponse, CreateWebChatDTO, WebChat } from './platform-types';
import { DEFAULT_BASE_URL, postPublic, readAnswer, WebCallRequestError } from './web-call-api';

export interface WebChatClientOptions {
  /** The public key (the same one a web call uses). */
  token: string;
  /** Default `https://api.vapi.ai`. */
  baseUrl?: string;
  /** A saved assistant's id, or an inline assistant. */
  assistant?: string | CreateAssistantDTO;
  assistantOverrides?: AssistantOverrides;
  /** Ask for a streamed answer (default true); a platform that answers with JSON is read as such. */
  stream?: boolean;
  fetch?: typeof fetch;
}

/** One message of a turn's input: the visitor's words, or what the page tells the assistant. */
export interface WebChatInputMessage {
  role: 'user' | 'system' | 'assistant';
  content: string;
}

export interface WebChatSendOptions {
  /** Called with the answer so far, each time a piece of it arrives. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/** One answered turn. */
export interface WebChatTurn {
  /** The chat (this turn's) id. */
  id: string;
  /** The session the next turn continues. */
  sessionId?: string;
  /** What the assistant said this turn (its text messages, joined). */
  text: string;
  /** The platform's output messages, when it answered with JSON (tool calls included). */
  output: WebChat['output'];
}

/** A failed `POST /chat/web`: the status and the platform's error body. */
export class WebChatRequestError extends WebCallRequestError {
  override name = 'WebChatRequestError';
}

/** The text of an output message's content (a string, or OpenAI-style parts). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof (part as { text?: unknown })?.text === 'string' ? (part as { text: string }).text : '')).join('');
  return '';
}

/** The assistant's words in a JSON answer's output (tool calls and tool results are not words). */
function outputText(output: WebChat['output'] | undefined): string {
  return (output ?? [])
    .filter((m) => (m as { role?: unknown }).role === 'assistant')
    .map((m) => contentText((m as { content?: unknown }).content))
    .filter(Boolean)
    .join('\n');
}

/** Each `data:` payload of a server-sent event stream, as it arrives. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    // Events end at a blank line; the last piece may still be incomplete.
    const events = buffer.split(/\r?\n\r?\n/);
    buffer = done ? '' : (events.pop() ?? '');
    for (const event of events) {
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield data;
    }
    if (done) return;
  }
}

/**
 * A text conversation. `send()` posts one turn and resolves with the answer; the first turn
 * starts a session on the configured assistant, the next ones continue it.
 */
export class WebChatClient {
  #sessionId: string | undefined;
  readonly #options: WebChatClientOptions;

  constructor(options: WebChatClientOptions) {
    this.#options = options;
  }

  /** The session this conversation continues (after the first answer). */
  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  /** Sends one turn: the visitor's text, or messages (a `system` one tells the assistant something). */
  async send(input: string | WebChatInputMessage[], options: WebChatSendOptions = {}): Promise<WebChatTurn> {
    const { assistant, assistantOverrides, stream = true } = this.#options;
    const body: CreateWebChatDTO = this.#sessionId
      ? { sessionId: this.#sessionId, input: input as CreateWebChatDTO['input'], stream }
      : {
          ...(typeof assistant === 'string' ? { assistantId: assistant } : assistant ? { assistant } : {}),
          ...(assistantOverrides ? { assistantOverrides } : {}),
          input: input as CreateWebChatDTO['input'],
          stream,
        };
    const { response, url } = await postPublic('/chat/web', body, {
      baseUrl: this.#options.baseUrl ?? DEFAULT_BASE_URL,
      token: this.#options.token,
      ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const streamed = response.ok && response.body && /text\/event-stream/i.test(response.headers.get('content-type') ?? '');
    if (!streamed) {
      const answer = ((await readAnswer(response, url, WebChatRequestError)) ?? {}) as WebChat;
      if (answer.sessionId) this.#sessionId = answer.sessionId;
      const text = outputText(answer.output);
      if (text) options.onDelta?.(text);
      return { id: answer.id, sessionId: this.#sessionId, text, output: answer.output ?? [] };
    }
    // Each event adds to one output message's content; their order is the messages' order.
    const parts = new Map<string, string>();
    let id = '';
    for await (const data of sseData(response.body)) {
      let event: Partial<CreateChatStreamResponse>;
      try {
        event = JSON.parse(data) as Partial<CreateChatStreamResponse>;
      } catch {
        continue; // an end marker or a comment, not a piece of the answer
      }
      if (typeof event.id === 'string') id = event.id;
      if (typeof event.sessionId === 'string') this.#sessionId = event.sessionId;
      if (typeof event.delta !== 'string') continue;
      const path = typeof event.path === 'string' ? event.path : 'chat.output[0].content';
      parts.set(path, (parts.get(path) ?? '') + event.delta);
      options.onDelta?.([...parts.values()].join('\n'));
    }
    return { id, sessionId: this.#sessionId, text: [...parts.values()].join('\n'), output: [] };
  }

  /** Forgets the session: the next `send()` starts a new conversation. */
  reset(): void {
    this.#sessionId = undefined;
  }
}
