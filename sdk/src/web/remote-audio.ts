/**
 * The assistant's side of the call: its audio track played through one `<audio>` element (the
 * superseded one removed on renegotiation or when the participant leaves), its video track
 * passed on, and its speech detected from remote audio levels.
 */
import { buildAudioPlayer, hasDocument } from './audio-player';
import type { CallObjectRemoteAudioLevelEvent, CallObjectTrackEvent } from './call-object';
import { REMOTE_SPEAKER_NAME, SPEAKING_THRESHOLD, SPEECH_END_DELAY_MS, VOLUME_LEVEL_DIVISOR } from './constants';
import type { CallHost } from './host';
import { serializeError } from './serialize-error';
import type { CallSession } from './session';

export class RemoteAudio {
  constructor(private readonly host: CallHost) {}

  async onTrackStarted(session: CallSession, e?: CallObjectTrackEvent): Promise<void> {
    if (!e?.participant || e.participant.local || e.participant.user_name !== REMOTE_SPEAKER_NAME) return;
    if (e.track?.kind === 'video') this.host.emit('video', e.track as unknown as MediaStreamTrack);
    if (e.track?.kind === 'audio' && hasDocument()) {
      const participantId = e.participant.session_id;
      const build = ++session.buildSequence;
      session.pendingBuilds.set(build, participantId);
      let player: HTMLAudioElement;
      try {
        player = await buildAudioPlayer(e.track, participantId, this.host.volume(), (p) => session.players.add(p));
      } catch (error) {
        session.pendingBuilds.delete(build);
        this.host.logger.error('[helena] could not start the assistant audio:', error);
        // Usually the autoplay policy: recoverable after a user gesture.
        this.host.emit('error', { type: 'audio-start-failed', error: serializeError(error) });
        return;
      }
      const stillPending = session.pendingBuilds.delete(build);
      if (session.disposing || !this.host.isCurrent(session) || !stillPending || build < session.attachedBuild) {
        player.remove();
        session.players.delete(player);
        return;
      }
      session.attachedBuild = build;
      this.attachAudioPlayer(session, player);
    }
    if (!session.disposing) session.call.sendAppMessage('playable');
  }

  attachAudioPlayer(session: CallSession, player: HTMLAudioElement): void {
    // Renegotiation reuses the participant id: drop the superseded element.
    if (session.audioPlayer && session.audioPlayer !== player) {
      session.audioPlayer.remove();
      session.players.delete(session.audioPlayer);
    }
    const volume = this.host.volume();
    if (volume !== null) player.volume = volume;
    session.audioPlayer = player;
    this.host.emit('audio', player);
  }

  detachAudioPlayer(session: CallSession, participantId: string): void {
    if (session.audioPlayer?.dataset.participantId === participantId) session.audioPlayer = null;
    for (const [build, id] of session.pendingBuilds) if (id === participantId) session.pendingBuilds.delete(build);
    for (const player of session.players) {
      if (player.dataset.participantId === participantId) {
        player.remove();
        session.players.delete(player);
      }
    }
  }


  /** Remote levels: `volume-level`, and speech-start / speech-end around the assistant speaking. */
  onRemoteAudioLevel(session: CallSession, e: CallObjectRemoteAudioLevelEvent): void {
    const speechLevel = Object.values(e.participantsAudioLevel ?? {}).reduce((a, b) => a + b, 0);
    this.host.emit('volume-level', Math.min(1, speechLevel / VOLUME_LEVEL_DIVISOR));
    if (!(speechLevel > SPEAKING_THRESHOLD) || session.disposing) return;
    if (session.speakingTimeout) clearTimeout(session.speakingTimeout);
    else this.host.emit('speech-start');
    session.speakingTimeout = setTimeout(() => {
      session.speakingTimeout = null;
      this.host.emit('speech-end');
    }, SPEECH_END_DELAY_MS);
  }
}
