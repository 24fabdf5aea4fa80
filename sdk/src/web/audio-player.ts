/**
 * The only place the web-call client touches the DOM: an `<audio>` element that plays the
 * assistant's track. Used only when `document` exists; nothing here runs at import time.
 */

export function hasDocument(): boolean {
  return typeof document !== 'undefined' && typeof document.createElement === 'function' && !!document.body;
}

/**
 * Creates, attaches and starts an `<audio>` element for `track`. `onCreated` is told about the
 * element as soon as it is in the document, so a teardown that happens while `play()` is still
 * pending can remove it. On failure the element is removed and the error rethrown.
 */
export async function buildAudioPlayer(
  track: unknown,
  participantId: string,
  volume: number | null,
  onCreated: (player: HTMLAudioElement) => void,
): Promise<HTMLAudioElement> {
  const player = document.createElement('audio');
  player.dataset.participantId = participantId;
  // Before play(), so an already-flowing track never plays at full volume first.
  if (typeof volume === 'number') player.volume = volume;
  document.body.appendChild(player);
  onCreated(player);
  try {
    player.muted = false;
    player.autoplay = true;
    if (track != null) {
      if (typeof MediaStream === 'undefined') throw new Error('MediaStream is not available in this environment.');
      player.srcObject = new MediaStream([track as MediaStreamTrack]);
      await player.play();
    }
  } catch (error) {
    player.remove();
    throw error;
  }
  return player;
}
