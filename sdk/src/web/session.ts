/**
 * One call object and everything the client hangs on it: its listeners, its `<audio>` elements,
 * its speech timer and what the web call asked of it.
 */
import type { CallObjectEvent, CallObjectLike, CreateCallObjectOptions } from './call-object';
import type { WebCallLogger } from './logger';
import { stopTracks, type StoppableTrack } from './microphone';

/**
 * Where a session is, as one value.
 *
 * Its events are held while `pending` and reach consumers from `adopted` on. A `joined` session
 * owes consumers one `call-end`; it is paid when the meeting reports leaving (`ended`), or during
 * teardown (`leaving` until then). Teardown can begin in any stage before it:
 *
 *   pending ──adopt──▶ adopted ──join──▶ joined ──left the meeting──▶ ended
 *      │                  │                │                           │
 *      ▼                  ▼                ▼                           │
 *   discarded         disposing ◀─call-end─ leaving                    │
 *      │                  ▲                                            │
 *      │                  └────────────────────────────────────────────┘
 *      └──────────────▶ disposed ◀── (destroy done, from discarded or disposing)
 *
 * `discarded` is the teardown of a session that never became the client's call: what it held
 * is dropped, nothing reaches consumers.
 */
export type SessionStage = 'pending' | 'adopted' | 'joined' | 'ended' | 'discarded' | 'leaving' | 'disposing' | 'disposed';

/** The moves a session may make; anything else is a bug, reported loudly rather than absorbed. */
const MOVES: Record<SessionStage, readonly SessionStage[]> = {
  pending: ['adopted', 'discarded'],
  adopted: ['joined', 'disposing'],
  joined: ['ended', 'leaving'],
  ended: ['disposing'],
  leaving: ['disposing'],
  discarded: ['disposed'],
  disposing: ['disposed'],
  disposed: [],
};

/** Where teardown starts from each stage that has not begun it. */
const TEARDOWN_FROM: Partial<Record<SessionStage, SessionStage>> = {
  pending: 'discarded',
  adopted: 'disposing',
  joined: 'leaving',
  ended: 'disposing',
};

const TEARDOWN_STAGES: ReadonlySet<SessionStage> = new Set(['discarded', 'leaving', 'disposing', 'disposed']);

export class CallSession {
  // The loose handler type of `CallObjectLike.on`, which each handler narrows for its event.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly handlers: Array<[CallObjectEvent, (event?: any) => void]> = [];
  #stage: SessionStage = 'pending';
  readonly #held: Array<() => void> = [];
  /** What awaits the teardown; set as it begins, before destroy() runs. */
  #disposal: Promise<void> | null = null;
  isVideoRecordingEnabled = false;
  isVideoEnabled = false;
  hasEmittedCallEndedStatus = false;
  recordingRequestedTime = 0;
  speakingTimeout: ReturnType<typeof setTimeout> | null = null;
  readonly players = new Set<HTMLAudioElement>();
  /** Media the client acquired for this call (the early microphone): stopped when it is disposed. */
  readonly ownedTracks = new Set<StoppableTrack>();
  audioPlayer: HTMLAudioElement | null = null;
  buildSequence = 0;
  readonly pendingBuilds = new Map<number, string>();
  attachedBuild = 0;
  createDuration = 0;
  mobileWaitDuration = 0;
  warm: Promise<void> = Promise.resolve();
  mobileWait: Promise<void> = Promise.resolve();

  constructor(
    readonly call: CallObjectLike,
    readonly videoSource: CreateCallObjectOptions['videoSource'],
  ) {}

  get stage(): SessionStage {
    return this.#stage;
  }

  /** The only place the stage changes. */
  #move(next: SessionStage): void {
    if (!MOVES[this.#stage].includes(next)) {
      throw new Error(`CallSession: no transition from ${this.#stage} to ${next}`);
    }
    this.#stage = next;
  }

  /** Teardown has begun (or is done): the call object must not be used any more. */
  get disposing(): boolean {
    return TEARDOWN_STAGES.has(this.#stage);
  }

  /** The teardown under way or done, or null before it begins. */
  get disposal(): Promise<void> | null {
    return this.#disposal;
  }

  /** In the meeting and `call-end` not yet reported. */
  get owesCallEnd(): boolean {
    return this.#stage === 'joined' || this.#stage === 'leaving';
  }

  /** Runs `fn` now if adopted, or once adopted; dropped if the session is discarded first. */
  deliver(fn: () => void): void {
    switch (this.#stage) {
      case 'pending':
        this.#held.push(fn);
        return;
      case 'discarded':
      case 'disposed':
        return;
      default:
        fn();
    }
  }

  /** The session becomes the client's call: what it held is delivered, in order. */
  adopt(): void {
    this.#move('adopted');
    for (const fn of this.#held.splice(0)) fn();
  }

  /** join() succeeded. */
  joined(): void {
    this.#move('joined');
  }

  /** `call-end` has been reported for this call. */
  callEndReported(): void {
    this.#move(this.#stage === 'leaving' ? 'disposing' : 'ended');
  }

  /**
   * Destroys the call object once, then removes every listener, timer, `<audio>` element and
   * owned track. `reportEnd` runs when the call was joined and no `call-end` was reported by
   * then (the call object did not report leaving). Later calls get the same promise.
   */
  dispose(reportEnd: () => void, logger: WebCallLogger): Promise<void> {
    if (this.#disposal) return this.#disposal;
    const from = TEARDOWN_FROM[this.#stage];
    if (!from) throw new Error(`CallSession: no teardown from ${this.#stage}`);
    this.#move(from);
    this.#held.length = 0;
    // Stored before destroy() runs: daily fires left-meeting from inside destroy(), and the
    // handler comes back here; it must get this promise, not destroy the call object again.
    let done!: () => void;
    this.#disposal = new Promise<void>((resolve) => (done = resolve));
    void this.#release(reportEnd, logger).finally(() => {
      this.#move('disposed');
      done();
    });
    return this.#disposal;
  }

  async #release(reportEnd: () => void, logger: WebCallLogger): Promise<void> {
    try {
      if (!this.call.isDestroyed?.()) await this.call.destroy();
    } catch (error) {
      logger.warn('[helena] destroying the call object failed:', error);
    }
    for (const [event, handler] of this.handlers.splice(0)) {
      try {
        this.call.off(event, handler);
      } catch {
        // already gone
      }
    }
    if (this.#stage === 'leaving') reportEnd();
    if (this.speakingTimeout) clearTimeout(this.speakingTimeout);
    this.speakingTimeout = null;
    for (const player of this.players) player.remove();
    this.players.clear();
    this.pendingBuilds.clear();
    this.audioPlayer = null;
    stopTracks(this.ownedTracks);
    this.ownedTracks.clear();
  }
}
