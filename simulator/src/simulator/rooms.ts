// Simulated rooms: one per web call. A room speaks the platform's side of a daily room to the
// call objects that join it (over any transport that carries `ServerFrame`/`ClientFrame` JSON):
// the 'Vapi Speaker' participant, app messages in the platform's shapes, audio levels that rise
// and fall while the assistant speaks, and the assistant's answers from the simulator's dialogue.
// When the call ends the room files the end-of-call fields on the call record.
import { SPEAKER_NAME, type ClientFrame, type ServerFrame, type WireParticipant } from '../simulated/protocol';
import type { Conversation, DialogueFactory } from './dialogue';
import { assistantTool, functionToolCall, type FunctionToolCallJson, type ToolCallOutcome } from './server-messages';
import { asJson, asString, textOf, type Json } from './json';
import type { RoomConnection, RoomSession } from './room-connection';
import { RoomRecord } from './room-record';
import { RoomTimers } from './room-timers';
import type { Timings } from './room-timings';
import { uuid } from './store';
import { applyVariables } from './variables';

interface Utterance {
  text: string;
  after?: () => void;
}

export class Room {
  status: 'waiting' | 'active' | 'ended' = 'waiting';
  endedReason: string | undefined;
  private readonly conns = new Map<RoomConnection, WireParticipant>();
  private readonly speaker: WireParticipant = {
    session_id: uuid(),
    user_id: uuid(),
    user_name: SPEAKER_NAME,
    joined_at: new Date().toISOString(),
    audio: true,
  };
  private speakerPresent = false;
  readonly dialogue: Conversation;
  private readonly log = new RoomRecord();
  private readonly timers = new RoomTimers(() => this.status === 'ended');
  private readonly queue: Utterance[] = [];
  private speaking = false;
  private generation = 0;
  private turn = 0;
  private assistantMuted = false;
  private customerMuted = false;
  private firstMessageSpoken = false;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private abandonTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly name: string,
    readonly callId: string,
    private readonly assistant: Json,
    private readonly variables: Record<string, unknown>,
    private readonly options: {
      timings: Timings;
      dialogue: DialogueFactory;
      defaultName: string;
      videoRecordingEnabled: boolean;
      keepAliveOnLeave: boolean;
      updateCall: (patch: Record<string, unknown>) => void;
      /** The assistant calls a function tool: the platform POSTs it to the Server URL and resolves with its answer (undefined when none). */
      callTool?: (toolCall: FunctionToolCallJson) => Promise<ToolCallOutcome | undefined>;
      onEnded: (room: Room) => void;
    },
  ) {
    this.dialogue = options.dialogue(textOf(assistant.name ?? options.defaultName));
    const modelMessages = asJson(assistant.model).messages;
    const system = (Array.isArray(modelMessages) ? modelMessages : [])
      .map(asJson)
      .filter((m) => m.role === 'system')
      .map((m) => asString(m.content) ?? '');
    if (system.length) {
      this.log.system(applyVariables(system.join('\n'), variables));
    }
  }

  get assistantName(): string {
    return this.dialogue.assistantName;
  }

  // ---- connections --------------------------------------------------------------------------
  /** A call object connected; it sends `join` first. */
  connect(conn: RoomConnection): RoomSession {
    return {
      receive: (frame) => this.receive(conn, frame),
      closed: () => this.disconnected(conn),
    };
  }

  private receive(conn: RoomConnection, frame: ClientFrame): void {
    if (frame.t === 'join') return this.join(conn, frame.userName);
    if (!this.conns.has(conn)) return;
    switch (frame.t) {
      case 'app-message':
        this.onAppMessage(frame.data);
        break;
      case 'user-speech':
        this.userSpeech(frame.text);
        break;
      case 'local-audio': {
        // The visitor's microphone: while it is off, nothing they say reaches the room.
        const you = this.conns.get(conn);
        if (you) you.audio = frame.enabled;
        break;
      }
      case 'leave':
        this.leave(conn);
        break;
    }
  }

  private join(conn: RoomConnection, userName = 'visitor'): void {
    if (this.status === 'ended') {
      conn.send({ t: 'error', type: 'no-room', message: "The meeting you're trying to join does not exist." });
      conn.close();
      return;
    }
    const you: WireParticipant = {
      session_id: uuid(),
      user_id: uuid(),
      user_name: userName,
      joined_at: new Date().toISOString(),
      audio: true,
    };
    this.conns.set(conn, you);
    if (this.abandonTimer) clearTimeout(this.abandonTimer);
    this.abandonTimer = undefined;
    conn.send({ t: 'joined', you, participants: this.speakerPresent ? [this.speaker] : [], callId: this.callId });
    const { listeningDelayMs, firstMessageDelayMs } = this.options.timings;
    if (this.status === 'waiting') {
      this.status = 'active';
      this.log.startedAt = Date.now();
      this.options.updateCall({ status: 'in-progress', startedAt: new Date(this.log.startedAt).toISOString() });
      this.timers.later(listeningDelayMs / 2, () => {
        this.speakerPresent = true;
        this.broadcast({ t: 'participant-joined', participant: this.speaker });
      });
      this.timers.later(listeningDelayMs, () => {
        this.broadcast({ t: 'app-message', data: 'listening', fromId: this.speaker.session_id });
        this.sendMessage({ type: 'status-update', status: 'in-progress' });
        this.armSilenceTimer();
        const maxSeconds = Number(this.assistant.maxDurationSeconds);
        if (maxSeconds > 0) this.timers.later(maxSeconds * 1000, () => this.end('exceeded-max-duration'), true);
        const waits = this.assistant.firstMessageMode === 'assistant-waits-for-user';
        // With video recording on, the platform waits for the client's 'say-first-message' control.
        if (!waits && !this.options.videoRecordingEnabled) this.timers.later(firstMessageDelayMs, () => this.sayFirstMessage());
      });
    } else {
      // A reconnect: the assistant is already there.
      this.timers.later(listeningDelayMs, () => conn.send({ t: 'app-message', data: 'listening', fromId: this.speaker.session_id }));
    }
  }

  private leave(conn: RoomConnection): void {
    this.conns.delete(conn);
    if (this.options.keepAliveOnLeave && this.status !== 'ended') {
      conn.send({ t: 'ended', reason: 'left' });
      conn.close();
      this.awaitRejoin();
      return;
    }
    this.end('customer-ended-call', { quiet: true });
    conn.send({ t: 'ended', reason: this.endedReason ?? 'customer-ended-call' });
    conn.close();
  }

  private disconnected(conn: RoomConnection): void {
    if (!this.conns.delete(conn)) return;
    if (this.conns.size === 0 && this.status === 'active' && !this.options.keepAliveOnLeave) {
      this.end('customer-ended-call', { quiet: true });
    } else {
      this.awaitRejoin();
    }
  }

  /** A kept-alive room nobody is in waits for a rejoin, and ends when none comes in time. */
  private awaitRejoin(): void {
    if (this.conns.size > 0 || this.status !== 'active' || this.abandonTimer) return;
    this.abandonTimer = this.timers.later(this.options.timings.abandonedRoomMs, () => {
      this.abandonTimer = undefined;
      if (this.conns.size === 0) this.end('customer-ended-call');
    }, true);
  }

  // ---- platform messages from the client -----------------------------------------------------
  private onAppMessage(data: string): void {
    if (data === 'playable') return;
    let message: Json;
    try {
      message = asJson(JSON.parse(data) as unknown);
    } catch {
      return;
    }
    this.control(message);
  }

  /** Live call control: the messages a client sends (also `POST /call/{id}/control`). */
  control(message: Json): boolean {
    if (!message || typeof message !== 'object' || this.status === 'ended') return false;
    switch (message.type) {
      case 'add-message': {
        const m = asJson(message.message);
        const content = asString(m.content) ?? asString(m.message) ?? '';
        if (m.role === 'user') {
          this.userTurn(content, message.triggerResponseEnabled !== false);
        } else if (m.role === 'system' || m.role === 'assistant') {
          this.record({ role: m.role === 'assistant' ? 'bot' : 'system', message: content });
          this.conversationUpdate();
          // A page's system note (e.g. 'the proposal was queued') may warrant an answer, as a
          // real model would give one when the message asks for a response.
          const answer = m.role === 'system' && message.triggerResponseEnabled !== false ? this.dialogue.notice(content) : undefined;
          if (answer) this.timers.later(this.options.timings.responseDelayMs, () => this.enqueue(answer.text));
        }
        return true;
      }
      case 'say': {
        if (message.interruptAssistantEnabled) this.interrupt();
        const text = textOf(message.content ?? message.message);
        if (message.endCallAfterSpoken) {
          this.enqueue(text, () => this.end('assistant-ended-call-after-message-spoken'));
        } else {
          this.enqueue(text);
        }
        return true;
      }
      case 'end-call':
        this.end('customer-ended-call');
        return true;
      case 'control':
        switch (message.control) {
          case 'mute-assistant':
            this.assistantMuted = true;
            this.broadcast({ t: 'levels', levels: { [this.speaker.session_id]: 0 } });
            break;
          case 'unmute-assistant':
            this.assistantMuted = false;
            break;
          case 'mute-customer':
            this.customerMuted = true;
            break;
          case 'unmute-customer':
            this.customerMuted = false;
            break;
          case 'say-first-message':
            this.sayFirstMessage();
            break;
          default:
            return false;
        }
        return true;
      default:
        return false;
    }
  }

  /** Every visitor in the room has muted their microphone: the platform hears nothing. */
  private microphonesOff(): boolean {
    if (this.conns.size === 0) return false;
    for (const you of this.conns.values()) if (you.audio) return false;
    return true;
  }

  /** The visitor said `text` aloud: user transcripts, partial then final, then the answer. */
  userSpeech(text: string): void {
    if (this.status !== 'active' || this.customerMuted || this.microphonesOff()) return;
    const words = text.trim().split(/\s+/).filter(Boolean);
    if (!words.length) return;
    const { wordMs, partialEveryWords } = this.options.timings;
    const started = Date.now();
    this.sendMessage({ type: 'speech-update', status: 'started', role: 'user', turn: this.turn });
    let i = 0;
    const step = () => {
      i = Math.min(words.length, i + partialEveryWords);
      if (i < words.length) {
        this.transcript('user', 'partial', words.slice(0, i).join(' '));
        this.timers.later(wordMs * partialEveryWords, step);
      } else {
        this.transcript('user', 'final', words.join(' '));
        this.sendMessage({ type: 'speech-update', status: 'stopped', role: 'user', turn: this.turn });
        this.userTurn(words.join(' '), true, started);
      }
    };
    this.timers.later(wordMs, step);
  }

  private userTurn(text: string, respond: boolean, spokenSince?: number): void {
    if (this.status !== 'active') return;
    this.armSilenceTimer();
    const now = Date.now();
    this.record({ role: 'user', message: text, time: spokenSince ?? now, endTime: now, duration: now - (spokenSince ?? now) });
    this.log.openAi.push({ role: 'user', content: text });
    this.conversationUpdate();
    const reply = this.dialogue.reply(text);
    if (reply.toolCall && assistantTool(this.assistant, reply.toolCall.name)) {
      const toolCall = functionToolCall(reply.toolCall.name, reply.toolCall.arguments);
      // The platform shows the call to the web client too (a `tool-calls` client message).
      this.sendMessage({ type: 'tool-calls', toolCallList: [toolCall] });
      // Once the server has answered, the assistant says what became of the request.
      void this.options.callTool?.(toolCall).then((outcome) => {
        if (!outcome || this.status !== 'active') return;
        const said = this.dialogue.toolOutcome(outcome);
        this.timers.later(this.options.timings.responseDelayMs, () => this.enqueue(said.text));
      });
    }
    if (!respond) return;
    this.timers.later(this.options.timings.responseDelayMs, () =>
      this.enqueue(reply.text, reply.end ? () => this.end('assistant-said-end-call-phrase') : undefined),
    );
  }

  private sayFirstMessage(): void {
    if (this.firstMessageSpoken || this.status !== 'active') return;
    this.firstMessageSpoken = true;
    const configured = typeof this.assistant.firstMessage === 'string' ? this.assistant.firstMessage.trim() : '';
    const text = configured ? applyVariables(configured, this.variables) : this.dialogue.greeting();
    this.enqueue(text);
  }

  // ---- speech -------------------------------------------------------------------------------
  private enqueue(text: string, after?: () => void): void {
    if (this.status === 'ended') return;
    if (!text.trim()) {
      after?.();
      return;
    }
    this.queue.push({ text: text.trim(), after });
    if (!this.speaking) void this.drain();
  }

  private interrupt(): void {
    this.queue.length = 0;
    this.generation++;
  }

  private async drain(): Promise<void> {
    this.speaking = true;
    while (this.queue.length && this.status === 'active') {
      const u = this.queue.shift()!;
      const completed = await this.utter(u.text);
      if (completed) u.after?.();
    }
    this.speaking = false;
  }

  /** Speaks one utterance. False when it was cut short (interrupted, or the call ended). */
  private async utter(text: string): Promise<boolean> {
    const generation = this.generation;
    const alive = () => this.status === 'active' && this.generation === generation;
    const { wordMs, partialEveryWords, levelIntervalMs } = this.options.timings;
    const words = text.split(/\s+/);
    // Where each word ends in the text: a partial line is the text up to a word, with its own line
    // breaks and spacing (the platform streams the model's text, Markdown lists included).
    const ends = Array.from(text.matchAll(/\S+/g), (m) => m.index + m[0].length);
    const upTo = (count: number) => text.slice(0, ends[Math.min(count, ends.length) - 1] ?? 0);
    const turn = this.turn++;
    const time = Date.now();
    const duration = words.length * wordMs;
    const level = (t: number) => {
      // Rises at the start, falls at the end, and flutters in between, like speech.
      const ramp = Math.max(1, Math.min(150, duration * 0.2));
      const envelope = Math.min(1, t / ramp, (duration - t) / ramp);
      const flutter = 0.55 + 0.45 * Math.abs(Math.sin((t / 90) * Math.PI));
      return Math.max(0.02, Number((0.3 * Math.max(0, envelope) * flutter + 0.02).toFixed(3)));
    };
    this.sendMessage({ type: 'speech-update', status: 'started', role: 'assistant', turn });
    this.setLevel(level(Math.min(duration / 2, levelIntervalMs)));
    let spoken = 0;
    const step = Math.min(levelIntervalMs, wordMs);
    for (let t = step; t < duration; t += step) {
      await this.timers.sleep(step);
      if (!alive()) break;
      this.setLevel(level(t));
      const now = Math.floor(t / wordMs);
      if (now >= spoken + partialEveryWords && now < words.length) {
        spoken = now - (now % partialEveryWords);
        this.transcript('assistant', 'partial', upTo(spoken));
      }
    }
    if (this.status === 'active' && this.generation === generation) await this.timers.sleep(Math.max(0, duration - Math.floor(duration / step) * step));
    const completed = alive();
    this.setLevel(0);
    if (this.status === 'ended') return false;
    const said = completed ? text : upTo(Math.max(1, spoken));
    this.transcript('assistant', 'final', said);
    this.sendMessage({ type: 'speech-update', status: 'stopped', role: 'assistant', turn });
    const endTime = Date.now();
    this.record({ role: 'bot', message: said, time, endTime, duration: endTime - time, source: '' });
    this.log.openAi.push({ role: 'assistant', content: said });
    this.conversationUpdate();
    return completed;
  }

  private setLevel(level: number): void {
    this.broadcast({ t: 'levels', levels: { [this.speaker.session_id]: this.assistantMuted ? 0 : level } });
  }

  private transcript(role: 'assistant' | 'user', transcriptType: 'partial' | 'final', transcript: string): void {
    this.sendMessage({
      type: 'transcript',
      role,
      transcriptType,
      transcript,
      isFiltered: false,
      detectedThreats: [],
      originalTranscript: transcript,
    });
  }

  // ---- the record ---------------------------------------------------------------------------
  private record(m: Parameters<RoomRecord['add']>[0]): void {
    this.log.add(m);
    this.options.updateCall({ messages: this.log.ordered(), artifact: this.log.artifact() });
  }

  private conversationUpdate(): void {
    this.sendMessage({ type: 'conversation-update', messages: this.log.ordered(), messagesOpenAIFormatted: this.log.openAi });
  }

  /** Ends the call: the ended status-update, the end-of-call fields on the record, the room closing. */
  end(reason: string, opts: { quiet?: boolean } = {}): void {
    if (this.status === 'ended') return;
    const wasActive = this.status === 'active';
    this.status = 'ended';
    this.endedReason = reason;
    this.queue.length = 0;
    this.generation++;
    this.timers.clear();
    const endedAt = Date.now();
    const startedAt = this.log.startedAt ?? endedAt;
    const summary = this.dialogue.summary();
    this.options.updateCall({
      status: 'ended',
      endedReason: reason,
      ...(wasActive ? { startedAt: new Date(startedAt).toISOString() } : {}),
      endedAt: new Date(endedAt).toISOString(),
      messages: this.log.ordered(),
      transcript: this.log.transcriptText(),
      summary,
      analysis: { summary, ...this.dialogue.analysis() },
      artifact: this.log.artifact(),
      cost: 0,
      costs: [],
      costBreakdown: { transport: 0, stt: 0, llm: 0, tts: 0, vapi: 0, total: 0 },
      durationSeconds: Number(((endedAt - startedAt) / 1000).toFixed(3)),
    });
    if (!opts.quiet) {
      this.sendMessage({ type: 'status-update', status: 'ended', endedReason: reason });
    }
    const close = () => {
      if (this.speakerPresent) {
        this.speakerPresent = false;
        this.broadcast({ t: 'participant-left', participant: this.speaker, reason: 'leftCall' });
      }
      for (const conn of this.conns.keys()) {
        conn.send({ t: 'ended', reason });
        conn.close();
      }
      this.conns.clear();
      this.options.onEnded(this);
    };
    if (opts.quiet || this.conns.size === 0) close();
    else this.timers.always(this.options.timings.hangupDelayMs, close);
  }

  /** Stops everything at once (the simulator is closing). */
  dispose(): void {
    this.end('manually-canceled', { quiet: true });
    this.timers.clear();
  }

  // ---- plumbing -----------------------------------------------------------------------------
  private sendMessage(message: Json): void {
    this.broadcast({ t: 'app-message', data: JSON.stringify({ ...message, timestamp: Date.now() }), fromId: this.speaker.session_id });
  }

  private broadcast(frame: ServerFrame): void {
    for (const conn of this.conns.keys()) conn.send(frame);
  }

  private armSilenceTimer(): void {
    const seconds = Number(this.assistant.silenceTimeoutSeconds);
    if (!(seconds > 0)) return;
    if (this.silenceTimer) this.timers.cancel(this.silenceTimer);
    this.silenceTimer = this.timers.later(seconds * 1000, () => this.end('silence-timed-out'), true);
  }
}
