// The state `useWebCall` renders, kept outside React so `useSyncExternalStore` can read it: one
// immutable snapshot, replaced on every change the client reports. The call's status is the
// client's phase under the hook's names (one table, below), changed only by `transition`; the
// rest follows the client's other events.
import type { ClientMessageOf, WebCallClient, WebCallMessage, WebCallPhase, WebCallPhaseEvent } from '@helena/sdk/web';

/** Where the call is: none, starting, live, or hanging up. */
export type WebCallStatus = 'idle' | 'connecting' | 'active' | 'ending';

/**
 * The hook's name for each of the client's phases: the one place the two vocabularies meet.
 * `active` begins when the client is live (every start stage done), `ending` while the call
 * object is torn down (after `stop()`, a hang-up, or a failed start).
 */
const STATUS_OF_PHASE: Readonly<Record<WebCallPhase, WebCallStatus>> = {
  idle: 'idle',
  starting: 'connecting',
  live: 'active',
  stopping: 'ending',
};

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

  /**
   * Moves the call's status; the other fields a move implies change with it. The client's
   * `phase` event drives it (which moves are possible is the client's rule, not repeated here).
   */
  transition(next: WebCallStatus, patch: Partial<WebCallState> = {}): void {
    if (this.#state.status === next) return;
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

  /** Follows `client`'s events, starting from its phase now; returns what stops following them. */
  attach(client: WebCallClient): () => void {
    this.transition(STATUS_OF_PHASE[client.phase]);
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
      phase: ({ phase }: WebCallPhaseEvent) => this.transition(STATUS_OF_PHASE[phase]),
      'call-start-failed': (event: unknown) => this.fail(event),
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
