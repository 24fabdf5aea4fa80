/**
 * App messages: what the assistant sends over the call object ('listening', then JSON platform
 * messages), and the live-call-control messages the client sends back.
 */
import type { CallObjectAppMessageEvent } from './call-object';
import type { WebCallMessage } from './events';
import type { CallHost } from './host';
import type { CallSession } from './session';

/**
 * Incoming: 'listening' is the call-start signal; anything else is a JSON platform message.
 * A platform 'ended' status is remembered so the client does not synthesise a second one.
 */
export function handleAppMessage(host: CallHost, session: CallSession, e?: CallObjectAppMessageEvent): void {
  if (!e) return;
  if (e.data === 'listening') {
    host.emit('call-start');
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(e.data as string);
  } catch (error) {
    host.logger.log('Error parsing message data: ', error);
    return;
  }
  // The platform's messages are passed on as sent; listeners narrow them by `type`.
  const message = parsed as WebCallMessage;
  host.emit('message', message);
  if (message && typeof message === 'object' && message.type === 'status-update' && message.status === 'ended') {
    session.hasEmittedCallEndedStatus = true;
  }
}


/** Sends a control message on `session`'s call object, unless it is being torn down. */
export function sendOn(session: CallSession, message: unknown): void {
  if (session.disposing) return;
  session.call.sendAppMessage(JSON.stringify(message));
}

/** Live-call-control messages the client sends. */
export interface EndCallMessage {
  type: 'end-call';
}
export interface AddMessageMessage {
  type: 'add-message';
  message: { role: string; content: unknown; [key: string]: unknown };
  triggerResponseEnabled?: boolean;
}
export interface ControlMessages {
  type: 'control';
  control: 'mute-assistant' | 'unmute-assistant' | 'say-first-message';
  videoRecordingStartDelaySeconds?: number;
}
export interface SayMessage {
  type: 'say';
  message: string;
  endCallAfterSpoken?: boolean;
  interruptionsEnabled?: boolean;
  interruptAssistantEnabled?: boolean;
}
/** @deprecated The reference's name is `ControlMessages`; kept for code written against ours. */
export type ControlMessage = ControlMessages;
export type WebCallClientMessage = AddMessageMessage | ControlMessages | SayMessage | EndCallMessage;
