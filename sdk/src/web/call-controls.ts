/**
 * The client's public methods that act on the current call object: messages, audio, devices,
 * level observers, screen sharing and recording. Each is a no-op (or throws 'Call object is not
 * available.', where the reference does) when there is no call. The lifecycle that decides which
 * call is current lives in `WebCallClient`, which extends this.
 */
import type { DailyCall, DailyVideoSendSettings } from '@daily-co/daily-js';
import { sendOn, type WebCallClientMessage } from './app-messages';
import type { CallObjectLike } from './call-object';
import { toCloneSafe } from './clone-safe';
import { RECORDING_OPTIONS } from './constants';
import { CALL_OBJECT_NOT_AVAILABLE, safeSetInputDevicesAsync, safeSetLocalAudio } from './daily-options';
import { TypedEmitter } from './emitter';
import type { WebCallEvents } from './events';
import type { CallSession } from './session';

export abstract class CallControls extends TypedEmitter<WebCallEvents> {
  /** Survives teardown so the caller's choice persists across calls. */
  #desiredVolume: number | null = null;

  /** The current call (starting or live), or null. */
  protected abstract currentSession(): CallSession | null;

  /**
   * Every payload leaves as a clone-safe copy (see `toCloneSafe`), except the `audio` element and
   * the `video` track, which are the media themselves.
   */
  override emit<E extends keyof WebCallEvents>(event: E, ...args: Parameters<WebCallEvents[E]>): boolean {
    if (event === 'audio' || event === 'video') return super.emit(event, ...args);
    return super.emit(event, ...(args.map(toCloneSafe) as Parameters<WebCallEvents[E]>));
  }

  /** The assistant playback volume the caller chose, clamped to 0..1, or null. */
  protected resolvedVolume(): number | null {
    if (this.#desiredVolume === null || !Number.isFinite(this.#desiredVolume)) return null;
    return Math.min(1, Math.max(0, this.#desiredVolume));
  }

  #liveCall(): CallObjectLike | null {
    const session = this.currentSession();
    return session && !session.disposing ? session.call : null;
  }

  // ---------------------------------------------------------------- messages

  /** Sends a live-call-control message to the assistant. */
  send(message: WebCallClientMessage): void {
    const session = this.currentSession();
    if (session) sendOn(session, message);
  }

  say(message: string, endCallAfterSpoken?: boolean, interruptionsEnabled?: boolean, interruptAssistantEnabled?: boolean): void {
    this.send({
      type: 'say',
      message,
      endCallAfterSpoken,
      interruptionsEnabled: interruptionsEnabled ?? false,
      interruptAssistantEnabled: interruptAssistantEnabled ?? false,
    });
  }

  // ---------------------------------------------------------------- audio and devices

  /** The `<audio>` element playing the assistant, or null before its track arrives. */
  getAudioPlayer(): HTMLAudioElement | null {
    return this.currentSession()?.audioPlayer ?? null;
  }

  /** Assistant playback volume, 0 to 1 (clamped; non-finite ignored). Remembered across calls. */
  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    this.#desiredVolume = Math.min(1, Math.max(0, volume));
    const player = this.currentSession()?.audioPlayer;
    if (player) player.volume = this.#desiredVolume;
  }

  setMuted(mute: boolean): void {
    safeSetLocalAudio(this.#liveCall(), !mute);
  }

  isMuted(): boolean {
    const call = this.#liveCall();
    return call ? call.localAudio() === false : false;
  }

  setInputDevicesAsync(options: Parameters<DailyCall['setInputDevicesAsync']>[0]): Promise<void> {
    return safeSetInputDevicesAsync(this.#liveCall(), options);
  }

  async increaseMicLevel(gain: number): Promise<void> {
    const call = this.#liveCall();
    if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const audioContext = new AudioContext();
      const source = audioContext.createMediaStreamSource(stream);
      const gainNode = audioContext.createGain();
      gainNode.gain.value = gain;
      source.connect(gainNode);
      const destination = audioContext.createMediaStreamDestination();
      gainNode.connect(destination);
      const [boostedTrack] = destination.stream.getAudioTracks();
      await safeSetInputDevicesAsync(call, { audioSource: boostedTrack });
    } catch (error) {
      this.logger.error('Error adjusting microphone level:', error);
    }
  }

  setOutputDeviceAsync(options: Parameters<DailyCall['setOutputDeviceAsync']>[0]): void {
    const call = this.#liveCall();
    if (!call) return;
    Promise.resolve(call.setOutputDeviceAsync(options)).catch((error) =>
      this.logger.error('[helena] setOutputDeviceAsync failed:', error),
    );
  }

  /** The daily call object of the current call (or of the start in progress), or null. */
  getDailyCallObject(): DailyCall | null {
    return (this.#liveCall() as unknown as DailyCall) ?? null;
  }

  /** The most recent local microphone level (0 to 1); 0 without a call. */
  getLocalAudioLevel(): number {
    const call = this.#liveCall();
    return call ? call.getLocalAudioLevel() : 0;
  }

  /** Starts (or restarts) the local level observer that feeds `local-volume-level`. */
  async startLocalAudioLevelObserver(interval?: number): Promise<void> {
    const call = this.#liveCall();
    if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
    await call.startLocalAudioLevelObserver(interval);
  }

  stopLocalAudioLevelObserver(): void {
    this.#liveCall()?.stopLocalAudioLevelObserver();
  }

  isLocalAudioLevelObserverRunning(): boolean {
    const call = this.#liveCall();
    return call ? call.isLocalAudioLevelObserverRunning() : false;
  }

  // ---------------------------------------------------------------- screen sharing and recording

  startScreenSharing(displayMediaOptions?: DisplayMediaStreamOptions, screenVideoSendSettings?: DailyVideoSendSettings): void {
    this.#liveCall()?.startScreenShare({ displayMediaOptions, screenVideoSendSettings });
  }

  stopScreenSharing(): void {
    this.#liveCall()?.stopScreenShare();
  }

  /**
   * Starts (or retries) the cloud recording: 1280×720, background #1F2D3D, default layout.
   * Success arrives as `recording-started`, failure as `recording-error`.
   */
  startRecording(): void {
    const call = this.#liveCall();
    if (!call) throw new Error(CALL_OBJECT_NOT_AVAILABLE);
    call.startRecording({ ...RECORDING_OPTIONS, layout: { ...RECORDING_OPTIONS.layout } });
  }

  stopRecording(): void {
    this.#liveCall()?.stopRecording();
  }
}
