/**
 * One call object and everything the client hangs on it: its listeners, its `<audio>` elements,
 * its speech timer and what the web call asked of it.
 */
import type { CallObjectEvent, CallObjectLike, CreateCallObjectOptions } from './call-object';
import type { StoppableTrack } from './microphone';

export class CallSession {
  // The loose handler type of `CallObjectLike.on`, which each handler narrows for its event.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly handlers: Array<[CallObjectEvent, (event?: any) => void]> = [];
  /** Adopted: the client's current call (events flow to consumers). Before that they are held. */
  adopted = false;
  readonly #held: Array<() => void> = [];
  joined = false;
  ended = false;
  disposing = false;
  disposed: Promise<void> | null = null;
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

  /** Runs `fn` now if adopted, or once adopted; dropped if the session is disposed first. */
  deliver(fn: () => void): void {
    if (this.disposing && !this.adopted) return;
    if (this.adopted) fn();
    else this.#held.push(fn);
  }

  adopt(): void {
    this.adopted = true;
    for (const fn of this.#held.splice(0)) fn();
  }
}
