// Fake media tracks, for the sources a call object is given and the tracks it starts.
import type { CallObjectTrack } from '@helena/sdk/web';

export interface FakeTrack extends CallObjectTrack {
  kind: 'audio' | 'video';
  id: string;
  label: string;
  enabled: boolean;
  readyState: 'live' | 'ended';
  stop(): void;
}

let trackCount = 0;

/** A fake `MediaStreamTrack` (live until `stop()`), e.g. for an `audioSource` or `mediaStream`. */
export function createFakeTrack(kind: 'audio' | 'video' = 'audio', id = `fake-track-${++trackCount}`): FakeTrack {
  const track: FakeTrack = {
    kind,
    id,
    label: `fake ${kind}`,
    enabled: true,
    readyState: 'live',
    stop() {
      track.readyState = 'ended';
    },
  };
  return track;
}
