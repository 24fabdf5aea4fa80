// The participants a simulated call object reports, in daily's shape, from the room's wire form.
import type { CallObjectParticipant } from '@helena/sdk/web';
import type { WireParticipant } from './protocol';

/** A daily participant, as `participants()` and the participant events carry it. */
export interface SimulatedParticipant extends CallObjectParticipant {
  user_id: string;
  owner: boolean;
  joined_at: Date;
  will_eject_at: Date;
  audio: boolean;
  video: boolean;
  screen: boolean;
  tracks: Record<'audio' | 'video' | 'screenAudio' | 'screenVideo', { state: string; subscribed: boolean | 'staged' }>;
}

export function toParticipant(p: WireParticipant, local: boolean): SimulatedParticipant {
  const off = { state: 'off', subscribed: false };
  return {
    session_id: p.session_id,
    user_id: p.user_id,
    user_name: p.user_name,
    local,
    owner: false,
    joined_at: new Date(p.joined_at),
    will_eject_at: new Date(0),
    audio: p.audio,
    video: false,
    screen: false,
    tracks: {
      audio: { state: p.audio ? 'playable' : 'off', subscribed: local },
      video: { ...off },
      screenAudio: { ...off },
      screenVideo: { ...off },
    },
  };
}
