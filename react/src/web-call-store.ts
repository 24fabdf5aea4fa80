// The state `useWebCall` renders, kept outside React so `useSyncExternalStore` can read it: one
// immutable snapshot, replaced on every change the client reports. The call's lifecycle is one
// union changed only by `transition`; the rest follows the client's events.
import type { ClientMessageOf, WebCallClient, WebCallMessage } from '@helena/sdk/web';

/** Where the call is: none, starting, live, or hanging up. */
export type WebCallStatus = 'idle' | 'connecting' | 'active' | 'ending';

/** One line of the conversation as the platform transcribed it. */
export interface TranscriptLine {
  role: 'user' | 'assistant';
  text: string;
}

/** Everything the hook returns that is state (not an action). */
export interface WebCallState {
  status: WebCallStatus;
  /** Every message the platform sent during the calls of this hook, in order. */
  messages: readonly WebCallMessage[];
  /** The final transcript lines, in order. */
  transcript: readonly TranscriptLine[];
  /** The line being spoken now, before its final transcript; null between lines. */
  partialTranscript: TranscriptLine | null;
  /** The assistant's volume, 0..1. */
  volume: number;
  /** The assistant is speaking. */
  isSpeaking: boolean;
  isMuted: boolean;
  /** The last error the client reported (a failed start included), until the next start. */
  error: unknown;
}

/** No call yet: the first render's state, and the server's. */
export const INITIAL_STATE: WebCallState = Object.freeze({
  status: 'idle',
  messages: [],
  transcript: [],
  partialTranscript: null,
  volume: 0,
  isSpeaking: false,
  isMuted: false,
  error: null,
});

/** The moves the lifecycle allows; any other is ignored (an event that arrives late). */
const MOVES: Record<WebCallStatus, readonly WebCallStatus[]> = {
  idle: ['connecting'],
  connecting: ['active', 'ending', 'idle'],
  active: ['ending', 'idle'],
  ending: ['idle'],
};

const isTranscript = (m: WebCallMessage): m is ClientMessageOf<'transcript'> => m.type === 'transcript';

export class WebCallStore {
  #state: WebCallState = INITIAL_STATE;
  readonly #listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  readonly getSnapshot = (): WebCallState => this.#state;
  /** On the server there is never a call. */
  readonly getServerSnapshot = (): WebCallState => INITIAL_STATE;

  #set(patch: Partial<WebCallState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  /** Moves the call's lifecycle; the other fields a move implies change with it. */
  transition(next: WebCallStatus, patch: Partial<WebCallState> = {}): void {
    const current = this.#state.status;
    if (current === next || !MOVES[current].includes(next)) return;
    const leaving = next === 'idle' ? { volume: 0, isSpeaking: false, partialTranscript: null } : {};
    const starting = next === 'connecting' ? { error: null } : {};
    this.#set({ ...starting, ...leaving, ...patch, status: next });
  }

  setMuted(isMuted: boolean): void {
    if (this.#state.isMuted !== isMuted) this.#set({ isMuted });
  }

  fail(error: unknown): void {
    this.#set({ error });
  }

  /** Follows `client`'s events; returns what stops following them. */
  attach(client: WebCallClient): () => void {
    const onMessage = (message: WebCallMessage) => {
      const patch: Partial<WebCallState> = { messages: [...this.#state.messages, message] };
      if (isTranscript(message) && (message.role === 'user' || message.role === 'assistant')) {
        const line: TranscriptLine = { role: message.role, text: message.transcript };
        if (message.transcriptType === 'final') {
          patch.transcript = [...this.#state.transcript, line];
          patch.partialTranscript = null;
        } else {
          patch.partialTranscript = line;
        }
      }
      this.#set(patch);
    };
    const handlers = {
      'call-start': () => this.transition('active'),
      'call-end': () => this.transition('idle'),
      'call-start-failed': (event: unknown) => {
        this.fail(event);
        this.transition('idle');
      },
      'speech-start': () => this.#set({ isSpeaking: true }),
      'speech-end': () => this.#set({ isSpeaking: false }),
      'volume-level': (volume: number) => {
        if (this.#state.status === 'active') this.#set({ volume });
      },
      message: onMessage,
      error: (error: unknown) => this.fail(error),
    } as const;
    for (const [event, handler] of Object.entries(handlers)) client.on(event as 'message', handler as (m: WebCallMessage) => void);
    return () => {
      for (const [event, handler] of Object.entries(handlers)) client.off(event as 'message', handler as (m: WebCallMessage) => void);
    };
  }
}
