/**
 * The bridge from a call object's daily events to the client's events. Every handler is recorded
 * on the session so teardown removes exactly what was added, and runs through `session.deliver`,
 * so a call object that is not (yet) the client's current call cannot reach consumers.
 */
import { handleAppMessage } from './app-messages';
import type { CallObjectEvent, CallObjectEventPayload, CallObjectNonFatalErrorEvent } from './call-object';
import type { WebCallEvents } from './events';
import { CALL_OBJECT_NOT_AVAILABLE, safeSetLocalAudio } from './daily-options';
import type { CallHost } from './host';
import type { RemoteAudio } from './remote-audio';
import { serializeError } from './serialize-error';
import { now } from './timestamp';
import type { CallSession } from './session';
import type { StartStages } from './start-stages';

/** Registers handlers on the session's call object, delivered through the session and recorded for teardown. */
function listenOn(session: CallSession) {
  return <E extends CallObjectEvent>(event: E, handler: (e?: CallObjectEventPayload<E>) => void): void => {
    // The call object is daily's (or a double keeping its contract): its payload is the event's.
    const wrapped = (e?: unknown) => session.deliver(() => handler(e as CallObjectEventPayload<E> | undefined));
    session.call.on(event, wrapped);
    session.handlers.push([event, wrapped]);
  };
}

/**
 * A daily event object passed on unchanged. The call object types only the fields the client
 * reads; what consumers receive is daily's whole event object, typed as `@vapi-ai/web` types it.
 */
const asDaily = <E extends keyof WebCallEvents>(payload: object) => payload as Parameters<WebCallEvents[E]>[0];

export class EventBridge {
  constructor(
    private readonly host: CallHost,
    private readonly audio: RemoteAudio,
    private readonly stages: StartStages,
  ) {}

  /** The daily events the client listens to from creation on. */
  wire(session: CallSession): void {
    const on = listenOn(session);
    on('left-meeting', () => this.host.onLeftMeeting(session));
    on('error', (error) => {
      this.host.emit('error', { type: 'daily-error', error: serializeError(error), timestamp: now() });
      if (session.isVideoRecordingEnabled) this.stopRecordingOn(session);
    });
    on('camera-error', (error) => {
      this.host.emit('camera-error', { type: 'camera-error', error: serializeError(error), timestamp: now() });
    });
    on('network-quality-change', (e) => this.host.emit('network-quality-change', e));
    on('network-connection', (e) => this.host.emit('network-connection', e));
    on('recording-started', (e) => e && this.host.emit('recording-started', asDaily<'recording-started'>(e)));
    on('recording-stopped', (e) => e && this.host.emit('recording-stopped', asDaily<'recording-stopped'>(e)));
    on('recording-stats', (e) => e && this.host.emit('recording-stats', asDaily<'recording-stats'>(e)));
    on('recording-error', (e) => e && this.host.emit('recording-error', asDaily<'recording-error'>(e)));
    on('recording-upload-completed', (e) => e && this.host.emit('recording-upload-completed', asDaily<'recording-upload-completed'>(e)));
    on('track-started', (e) => void this.audio.onTrackStarted(session, e));
    on('participant-joined', (e) => {
      if (!e?.participant || e.participant.local || session.disposing) return;
      session.call.updateParticipant(e.participant.session_id, {
        setSubscribedTracks: { audio: true, video: session.isVideoRecordingEnabled || session.isVideoEnabled },
      });
    });
    on('participant-updated', (e) => {
      if (e) this.host.emit('daily-participant-updated', asDaily<'daily-participant-updated'>(e.participant));
    });
    on('participant-left', (e) => {
      if (e?.participant) this.audio.detachAudioPlayer(session, e.participant.session_id);
    });
  }

  /**
   * The level, message and non-fatal-error handlers. Registered where the reference registers
   * them: after the remote level observer starts (start), or before join (reconnect).
   */
  wireMedia(session: CallSession): void {
    const on = listenOn(session);
    on('remote-participants-audio-level', (e) => e && this.audio.onRemoteAudioLevel(session, e));
    on('local-audio-level', (e) => e && this.host.emit('local-volume-level', e.audioLevel));
    on('app-message', (e) => handleAppMessage(this.host, session, e));
    on('nonfatal-error', (e) => this.onNonFatalError(session, e));
  }

  /** `call-end`, then the synthetic ended status when the platform sent none. */
  endCall(session: CallSession): void {
    session.callEndReported();
    this.host.emit('call-end');
    if (!session.hasEmittedCallEndedStatus) {
      session.hasEmittedCallEndedStatus = true;
      this.host.emit('message', { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' });
    }
    // With a meeting token the recording does not stop on leave, so stop it explicitly.
    if (session.isVideoRecordingEnabled) this.stopRecordingOn(session);
  }

  stopRecordingOn(session: CallSession): void {
    try {
      session.call.stopRecording();
    } catch (error) {
      this.host.logger.warn('[helena] stopRecording failed:', error);
    }
  }


  onNonFatalError(session: CallSession, e?: CallObjectNonFatalErrorEvent): void {
    if (e?.type === 'local-audio-level-observer-error') {
      this.host.emit('local-audio-level-observer-error', serializeError(e));
    }
    if (e?.type === 'audio-processor-error') {
      // Noise cancellation failed: turn it off and make sure the microphone is on again.
      Promise.resolve()
        .then(() => session.call.updateInputSettings({ audio: { processor: { type: 'none' } } }))
        .then(() => {
          if (session.disposing) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
          safeSetLocalAudio(session.call, true);
        })
        .catch((error) => this.stages.emitAudioProcessingError('audio-processor-recovery', error));
    }
  }
}
