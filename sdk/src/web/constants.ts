/** The platform's and the reference client's fixed values, shared by the client's parts. */

/** The participant whose tracks are the assistant's. */
export const REMOTE_SPEAKER_NAME = 'Vapi Speaker';
/** Voice providers that render a video avatar: their video is subscribed to. */
export const VIDEO_AVATAR_PROVIDERS: readonly string[] = ['tavus'];
export const MOBILE_JOIN_WAIT_MS = 1000;
export const AUDIO_LEVEL_INTERVAL_MS = 100;
export const VOLUME_LEVEL_DIVISOR = 0.15;
export const SPEAKING_THRESHOLD = 0.01;
export const SPEECH_END_DELAY_MS = 1000;
export const RECORDING_OPTIONS = {
  width: 1280,
  height: 720,
  backgroundColor: '#FF1F2D3D',
  layout: { preset: 'default' as const },
};
