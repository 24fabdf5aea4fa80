/**
 * The early microphone: `getUserMedia({ audio: true })` called synchronously inside `start()`,
 * so it runs within the user's gesture (mobile browsers refuse it later with NotAllowedError),
 * and alongside `POST /call/web` rather than after it. The track becomes the call object's audio
 * source. Tracks the client acquired are its own to stop; a caller's `mediaStream` is not.
 */

/** What a start stage needs to stop later: a `MediaStreamTrack`, as far as stopping goes. */
export interface StoppableTrack {
  stop(): void;
}

/** The part of `MediaStream` the client reads. */
export interface AudioStreamLike {
  getAudioTracks(): MediaStreamTrack[];
  getTracks(): MediaStreamTrack[];
}

export function canAcquireMicrophone(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator?.mediaDevices?.getUserMedia === 'function';
}

/** Must be called before the first `await` of `start()`: that is what keeps it in the gesture. */
export function acquireMicrophone(): Promise<AudioStreamLike> {
  return navigator.mediaDevices.getUserMedia({ audio: true });
}

export function stopTracks(tracks: Iterable<StoppableTrack>): void {
  for (const track of tracks) {
    try {
      track.stop();
    } catch {
      // an already-ended track
    }
  }
}
