// The wire protocol between a simulator room (server) and `createSimulatedCallObject` (client):
// JSON text frames over one WebSocket. Shared by both sides; types and constants only, so the
// browser bundle of the call object pulls in nothing from the server. The call object imports
// only the types from here (so that no runtime code is shared with the simulator's chunk).

/** The remote assistant participant's name, as the platform's bot names itself in a room. */
export const SPEAKER_NAME = 'Vapi Speaker';

/** Rooms live at `{simulator base URL}/room/{name}`; the WebSocket uses the same path. */
export const ROOM_SEGMENT = 'room';

export interface WireParticipant {
  session_id: string;
  user_id: string;
  user_name: string;
  joined_at: string;
  audio: boolean;
}

/** Frames the room sends. */
export type ServerFrame =
  /** Answer to `join`: who you are and who is already there. */
  | { t: 'joined'; you: WireParticipant; participants: WireParticipant[]; callId: string }
  | { t: 'participant-joined'; participant: WireParticipant }
  | { t: 'participant-updated'; participant: WireParticipant }
  | { t: 'participant-left'; participant: WireParticipant; reason?: string }
  /** A daily app message: platform messages as JSON text, 'listening' as plain text. */
  | { t: 'app-message'; data: string; fromId: string }
  /** Current audio level (0..1) of remote participants, by session id. */
  | { t: 'levels'; levels: Record<string, number> }
  /** A fatal room error (daily's `error` event), e.g. `no-room`; the socket closes after it. */
  | { t: 'error'; type: string; message: string }
  /** The meeting is over (the assistant hung up, or the client's leave is acknowledged). */
  | { t: 'ended'; reason: string };

/** Frames the call object sends. */
export type ClientFrame =
  | { t: 'join'; userName?: string; token?: string }
  /** `sendAppMessage(data)`: text as is, anything else JSON-encoded. */
  | { t: 'app-message'; data: string }
  /** The local participant (un)muted the microphone. */
  | { t: 'local-audio'; enabled: boolean }
  /** Test hook: the visitor says this aloud (the room transcribes it as user speech). */
  | { t: 'user-speech'; text: string }
  | { t: 'leave' };
