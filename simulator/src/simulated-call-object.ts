// `createSimulatedCallObject`: a daily call object that joins a platform-simulator room over a
// WebSocket instead of a Daily room over WebRTC. It has `Daily.createCallObject`'s signature and
// implements the part of the daily call-object surface `WebCallClient` uses (`CallObjectLike`).
//
// This module ships to browsers (the widget's demo mode bundles it): it imports no server code,
// no node: module, no hono and no ws. In Node 20, which has no global WebSocket, the `ws` package
// (a dependency) is loaded with a dynamic import whose specifier bundlers cannot see, and only then.
/* eslint-disable @typescript-eslint/require-await -- the daily methods it mirrors are async: a
   failure (a destroyed object, say) must reject the returned promise, never throw at the call. */
import { DemoVoice } from './simulated/speech';
import { SpeechListener } from './simulated/listen';
import { voiceNotice } from './simulated/voice-notice';

export { voiceSupport, type VoiceSupport } from './simulated/listen';
export { voiceNotice } from './simulated/voice-notice';
import type {
  CallObjectInputDevices,
  CallObjectInputSettings,
  CallObjectJoinOptions,
  CallObjectMeetingState,
  CallObjectRecordingOptions,
} from '@helena/sdk/web';
import { DailyEventSource, uuid } from './simulated/events';
import type { SimulatedCallObject, SimulatedCallObjectOptions } from './simulated/options';
import { toParticipant, type SimulatedParticipant } from './simulated/participant';
import type { ClientFrame, ServerFrame } from './simulated/protocol';
import { resolveWebSocket, toWebSocketUrl, type WebSocketLike } from './simulated/socket';

export type { SimulatedCallObject, SimulatedCallObjectOptions } from './simulated/options';
export type { SimulatedParticipant } from './simulated/participant';
export type { WebSocketConstructorLike, WebSocketLike } from './simulated/socket';

/** daily-js's default app-message limit, in characters of serialised data. */
const APP_MESSAGE_LIMIT = 4096;
const OPEN = 1;

class SimulatedCall extends DailyEventSource implements SimulatedCallObject {
  private state: CallObjectMeetingState = 'new';
  private destroyed = false;
  private socket: WebSocketLike | null = null;
  private local: SimulatedParticipant;
  private readonly remotes = new Map<string, SimulatedParticipant>();
  private readonly levels = new Map<string, number>();
  private readonly peaks = new Map<string, number>();
  private remoteObserver: ReturnType<typeof setInterval> | null = null;
  private localObserver: ReturnType<typeof setInterval> | null = null;
  private inputSettings: CallObjectInputSettings = {};
  private room: { callId: string } | undefined;
  private endedWaiter: (() => void) | null = null;
  private recording: string | null = null;
  /** The browser's speech recognition, while joined and unmuted (the `listen` option). */
  private listener: SpeechListener | undefined;
  /** The browser's speech synthesis reading the assistant's lines (the `speak` option). */
  private readonly voice: DemoVoice | undefined;
  private pendingJoin: ((error?: Error) => void) | null = null;

  constructor(private readonly options: SimulatedCallObjectOptions) {
    super();
    this.voice = options.speak ? new DemoVoice(options.speak.lang) : undefined;
    const audio = options.audioSource !== false;
    this.local = toParticipant(
      { session_id: 'local', user_id: 'local', user_name: options.userName ?? 'visitor', joined_at: new Date().toISOString(), audio },
      true,
    );
    if (options.startAudioOff) this.local.audio = false;
  }

  get callId(): string | undefined {
    return this.room?.callId;
  }

  // ---- lifecycle ----------------------------------------------------------------------------
  async load(): Promise<void> {
    this.assertAlive();
    if (this.state === 'new') {
      this.state = 'loading';
      this.emit('loading');
      this.state = 'loaded';
      this.emit('loaded');
    }
  }

  async startCamera(): Promise<unknown> {
    this.assertAlive();
    await this.load();
    this.emit('started-camera');
    return { camera: {}, mic: { deviceId: 'simulated-mic', label: 'Simulated microphone' }, speaker: {} };
  }

  async join(options: CallObjectJoinOptions = {}): Promise<unknown> {
    this.assertAlive();
    if (this.state === 'joined-meeting' || this.state === 'joining-meeting') {
      throw new Error('Already joined or joining a meeting.');
    }
    const url = (options.url) ?? this.options.url;
    if (!url) throw new Error('join() needs a room url.');
    if (this.state === 'new') void this.load();
    // Synchronously, so that a leave() or destroy() right after join() cancels it.
    this.state = 'joining-meeting';
    this.emit('joining-meeting');
    let socket: WebSocketLike;
    try {
      const WS = await resolveWebSocket(this.options.WebSocket);
      if (this.state !== 'joining-meeting' || this.destroyed) throw new Error('Left the meeting before it was joined.');
      socket = new WS(toWebSocketUrl(url));
    } catch (error) {
      if (this.state === 'joining-meeting') this.fail('connection-error', `Could not open the room: ${(error as Error)?.message ?? error}`);
      throw error;
    }
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        this.fail('connection-error', 'Timed out joining the room.');
        reject(new Error('Timed out joining the room.'));
      }, this.options.joinTimeoutMs ?? 10_000);
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        this.pendingJoin = null;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(this.participants());
      };
      this.pendingJoin = settle;
      socket.onopen = () => {
        this.send({ t: 'join', userName: this.local.user_name, token: options.token });
      };
      socket.onerror = () => {
        /* onclose follows and reports */
      };
      socket.onclose = () => {
        this.socket = null;
        if (!settled) {
          this.fail('connection-error', 'The room connection closed before joining.');
          settle(new Error('The room connection closed before joining.'));
        } else if (this.state === 'joined-meeting') {
          // Lost without an 'ended' frame: like daily, a fatal error, then the meeting is left.
          this.emit('error', { errorMsg: 'Connection to the room was lost.', error: { type: 'connection-error', msg: 'Connection to the room was lost.' } });
          this.leftMeeting();
        }
        this.endedWaiter?.();
      };
      socket.onmessage = (ev) => {
        let frame: ServerFrame;
        try {
          frame = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data)) as ServerFrame;
        } catch {
          return;
        }
        if (frame.t === 'joined') {
          this.onJoined(frame);
          settle();
        } else if (frame.t === 'error') {
          const error = Object.assign(new Error(frame.message), { type: frame.type });
          this.fail(frame.type, frame.message);
          settle(error);
          socket.close();
        } else {
          this.onFrame(frame);
        }
      };
    });
  }

  async leave(): Promise<void> {
    this.voice?.cancel();
    this.listener?.stop();
    if (this.state === 'joining-meeting') {
      // Leaving while joining cancels the join: join() rejects, and no 'error' event fires.
      this.pendingJoin?.(new Error('Left the meeting before it was joined.'));
      this.closeSocket();
      this.state = 'left-meeting';
      this.emit('left-meeting');
      return;
    }
    if (this.state !== 'joined-meeting') return;
    const socket = this.socket;
    if (socket && socket.readyState === OPEN) {
      // Wait (briefly) for the room to acknowledge, so the call record is final when we return.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 1500);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.endedWaiter = done;
        this.send({ t: 'leave' });
      });
      this.endedWaiter = null;
    }
    this.closeSocket();
    this.leftMeeting();
  }

  async destroy(): Promise<void> {
    if (this.destroyed) return;
    await this.leave();
    this.destroyed = true;
    this.stopObservers();
    this.emit('call-instance-destroyed');
    this.events.removeAllListeners();
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  meetingState(): CallObjectMeetingState {
    return this.state;
  }

  iframe(): null {
    return null;
  }

  // ---- participants and messages ------------------------------------------------------------
  participants(): Record<string, SimulatedParticipant> {
    const all: Record<string, SimulatedParticipant> = { local: this.local };
    for (const [id, p] of this.remotes) all[id] = p;
    return all;
  }

  updateParticipant(sessionId: string, updates: { setSubscribedTracks?: boolean | Partial<Record<'audio' | 'video' | 'screenAudio' | 'screenVideo', boolean | 'staged'>>; [key: string]: unknown }): this {
    const p = this.remotes.get(sessionId);
    if (!p || updates.setSubscribedTracks === undefined) return this;
    const sub = updates.setSubscribedTracks;
    const kinds = ['audio', 'video', 'screenAudio', 'screenVideo'] as const;
    for (const kind of kinds) {
      const value = typeof sub === 'boolean' ? sub : sub[kind];
      if (value !== undefined) p.tracks[kind].subscribed = value;
    }
    this.emit('participant-updated', { participant: p });
    return this;
  }

  sendAppMessage(data: unknown, _to: string | string[] = '*'): this {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    if (text.length > APP_MESSAGE_LIMIT) {
      throw new Error(`Message data too large. Max size is ${APP_MESSAGE_LIMIT}`);
    }
    if (this.state === 'joined-meeting') this.send({ t: 'app-message', data: text });
    return this;
  }

  simulateUserSpeech(text: string): void {
    // A muted microphone sends nothing.
    if (this.state === 'joined-meeting' && this.local.audio) this.send({ t: 'user-speech', text });
  }

  localAudio(): boolean {
    return this.local.audio;
  }

  setLocalAudio(enabled: boolean): this {
    this.local.audio = enabled;
    this.local.tracks.audio.state = enabled ? 'playable' : 'off';
    if (this.state === 'joined-meeting') this.send({ t: 'local-audio', enabled });
    this.syncListening();
    this.emit('participant-updated', { participant: this.local });
    return this;
  }

  /** Listens exactly while joined with the microphone on (the `listen` option). */
  private syncListening(): void {
    if (!this.options.listen) return;
    this.listener ??= new SpeechListener(this.options.listen.lang, (text) => this.simulateUserSpeech(text));
    if (this.state === 'joined-meeting' && this.local.audio) this.listener.start();
    else this.listener.stop();
  }

  // ---- audio levels -------------------------------------------------------------------------
  async startRemoteParticipantsAudioLevelObserver(interval = 200): Promise<void> {
    this.stopRemoteParticipantsAudioLevelObserver();
    this.remoteObserver = setInterval(() => {
      if (this.state !== 'joined-meeting') return;
      const participantsAudioLevel: Record<string, number> = {};
      // With the demo voice audible, the assistant's level is the voice's: it is what the visitor hears.
      const voiced = this.voice?.available ? this.voice.level() : undefined;
      for (const id of this.remotes.keys()) {
        // Peak since the last tick, so that a short burst of speech is never missed.
        participantsAudioLevel[id] = voiced ?? Math.max(this.peaks.get(id) ?? 0, this.levels.get(id) ?? 0);
        this.peaks.set(id, this.levels.get(id) ?? 0);
      }
      this.emit('remote-participants-audio-level', { participantsAudioLevel });
    }, interval);
  }

  stopRemoteParticipantsAudioLevelObserver(): void {
    if (this.remoteObserver) clearInterval(this.remoteObserver);
    this.remoteObserver = null;
  }

  async startLocalAudioLevelObserver(interval = 100): Promise<void> {
    this.stopLocalAudioLevelObserver();
    this.localObserver = setInterval(() => {
      if (this.state === 'joined-meeting') this.emit('local-audio-level', { audioLevel: this.getLocalAudioLevel() });
    }, interval);
  }

  stopLocalAudioLevelObserver(): void {
    if (this.localObserver) clearInterval(this.localObserver);
    this.localObserver = null;
  }

  isLocalAudioLevelObserverRunning(): boolean {
    return this.localObserver !== null;
  }

  getLocalAudioLevel(): number {
    return 0;
  }

  // ---- devices, recording, screen share (simulated) ----------------------------------------
  async updateInputSettings(settings: CallObjectInputSettings): Promise<unknown> {
    this.inputSettings = { ...this.inputSettings, ...settings };
    return { inputSettings: this.inputSettings };
  }

  async setInputDevicesAsync(devices: CallObjectInputDevices): Promise<unknown> {
    return { camera: {}, mic: { deviceId: devices.audioDeviceId ?? 'simulated-mic' }, speaker: {} };
  }

  async setOutputDeviceAsync(device: { outputDeviceId: string }): Promise<unknown> {
    return { speaker: { deviceId: device.outputDeviceId } };
  }

  startRecording(options: CallObjectRecordingOptions = {}): void {
    if (this.state !== 'joined-meeting' || this.recording) return;
    const recordingId = uuid();
    this.recording = recordingId;
    setTimeout(() => {
      if (this.recording !== recordingId) return;
      this.emit('recording-started', { local: true, recordingId, instanceId: recordingId, startedBy: this.local.session_id, type: 'cloud', layout: options.layout ?? { preset: 'default' } });
    }, 10);
  }

  stopRecording(): void {
    if (!this.recording) return;
    const instanceId = this.recording;
    this.recording = null;
    this.emit('recording-stopped', { instanceId });
  }

  startScreenShare(): void {
    this.local.screen = true;
  }

  stopScreenShare(): void {
    this.local.screen = false;
  }

  // ---- internals ----------------------------------------------------------------------------
  private assertAlive(): void {
    if (this.destroyed) throw new Error('Use after destroy');
  }

  private send(frame: ClientFrame): void {
    const socket = this.socket;
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  }

  private onJoined(frame: Extract<ServerFrame, { t: 'joined' }>): void {
    this.room = { callId: frame.callId };
    this.local = { ...toParticipant({ ...frame.you, audio: this.local.audio }, true), session_id: frame.you.session_id };
    for (const p of frame.participants) this.remotes.set(p.session_id, toParticipant(p, false));
    this.state = 'joined-meeting';
    // Muted before the join: the room learns it now, so that it hears nothing from the start.
    if (!this.local.audio) this.send({ t: 'local-audio', enabled: false });
    this.syncListening();
    this.emit('joined-meeting', { participants: { local: this.local } });
    this.emit('network-connection', { type: 'signaling', event: 'connected', session_id: this.local.session_id });
    this.emit('network-quality-change', { threshold: 'good', quality: 100, networkState: 'good' });
  }

  /**
   * The browser cannot speak or listen as the options asked: the assistant says so in the
   * conversation (a final transcript line, as the platform sends its lines), and text goes on.
   * Said once the call has started ('listening'): a client listens to messages only from then on,
   * as `@vapi-ai/web` does.
   */
  private announceMissingVoice(): void {
    const notice = voiceNotice(this.options);
    if (!notice) return;
    const transcript = { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: notice };
    const fromId = this.remotes.keys().next().value ?? 'assistant';
    this.emit('app-message', { data: JSON.stringify(transcript), fromId });
  }

  private onFrame(frame: ServerFrame): void {
    if (this.state !== 'joined-meeting') return;
    switch (frame.t) {
      case 'participant-joined': {
        const p = toParticipant(frame.participant, false);
        this.remotes.set(p.session_id, p);
        this.emit('participant-joined', { participant: p });
        break;
      }
      case 'participant-updated': {
        const prev = this.remotes.get(frame.participant.session_id);
        const p = toParticipant(frame.participant, false);
        if (prev) p.tracks = prev.tracks;
        this.remotes.set(p.session_id, p);
        this.emit('participant-updated', { participant: p });
        break;
      }
      case 'participant-left': {
        const p = this.remotes.get(frame.participant.session_id) ?? toParticipant(frame.participant, false);
        this.remotes.delete(p.session_id);
        this.levels.delete(p.session_id);
        this.peaks.delete(p.session_id);
        this.emit('participant-left', { participant: p, reason: frame.reason ?? 'leftCall' });
        break;
      }
      case 'app-message':
        this.voice?.say(frame.data);
        this.emit('app-message', { data: frame.data, fromId: frame.fromId });
        if (frame.data === 'listening') this.announceMissingVoice();
        break;
      case 'levels':
        for (const [id, level] of Object.entries(frame.levels)) {
          this.levels.set(id, level);
          this.peaks.set(id, Math.max(this.peaks.get(id) ?? 0, level));
        }
        break;
      case 'ended':
        if (this.endedWaiter) this.endedWaiter();
        else {
          // The assistant ended the call: the meeting is over for us too.
          this.closeSocket();
          this.leftMeeting();
        }
        break;
    }
  }

  private fail(type: string, message: string): void {
    this.state = 'error';
    this.emit('error', { errorMsg: message, error: { type, msg: message } });
    this.closeSocket();
    this.stopObservers();
  }

  private leftMeeting(): void {
    if (this.state !== 'joined-meeting' && this.state !== 'joining-meeting') return;
    this.state = 'left-meeting';
    this.listener?.stop();
    this.stopObservers();
    this.remotes.clear();
    this.levels.clear();
    this.peaks.clear();
    this.recording = null;
    this.emit('left-meeting');
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onclose = null;
    socket.onmessage = null;
    try {
      socket.close(1000, 'left');
    } catch {}
  }

  private stopObservers(): void {
    this.stopRemoteParticipantsAudioLevelObserver();
    this.stopLocalAudioLevelObserver();
  }
}

/**
 * Creates a call object that joins a platform-simulator room. Same signature as
 * `Daily.createCallObject`, so it can be passed to `WebCallClient` as `createCallObject`.
 */
export function createSimulatedCallObject(options: SimulatedCallObjectOptions = {}): SimulatedCallObject {
  return new SimulatedCall(options);
}
