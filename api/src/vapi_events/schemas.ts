// The parts of the platform's server messages this server reads, validated with zod. Objects are
// loose: the platform adds fields over time, and a receiver ignores what it does not know rather
// than refusing the delivery. Every kept string is bounded.
import { z } from 'zod';

const text = (max: number) => z.string().max(max);
const callRef = z.looseObject({ id: text(200) }).optional();
/** A text chat's turn: its own id, and the session that holds the conversation. */
const chatIds = { id: text(200).optional(), sessionId: text(200).optional(), previousChatId: text(200).optional() };
const chatRef = z.looseObject(chatIds).optional();

export const statusUpdateMessage = z.looseObject({
  type: z.literal('status-update'),
  status: text(64),
  endedReason: text(200).optional(),
  call: callRef,
});

const recording = z.looseObject({ mono: z.looseObject({ combinedUrl: text(2048).optional() }).optional() });

export const endOfCallReportMessage = z.looseObject({
  type: z.literal('end-of-call-report'),
  endedReason: text(200).optional(),
  startedAt: text(64).optional(),
  endedAt: text(64).optional(),
  artifact: z
    .looseObject({
      transcript: text(500_000).optional(),
      recordingUrl: text(2048).optional(),
      recording: recording.optional(),
    })
    .optional(),
  analysis: z.looseObject({ summary: text(20_000).optional() }).optional(),
  call: callRef,
});

export const toolCallsMessage = z.looseObject({
  type: z.literal('tool-calls'),
  toolCallList: z.array(z.looseObject({ id: text(200) })).max(32),
  call: callRef,
  chat: chatRef,
});

/**
 * The envelope: `{ message: { type, … } }`, read only for what routes a message. It keeps nothing
 * else (a loose copy of an end-of-call report and its call is a deep copy of a large object): each
 * handled type's schema reads the message itself.
 */
export const serverMessageEnvelope = z.object({
  message: z.object({ type: text(64), call: z.object({ id: text(200).optional() }).optional(), chat: z.object(chatIds).optional() }),
});

/**
 * The ids that may name the conversation a message is about, most likely first: the call's, or
 * for a chat its session's (the conversation the widget registers), then the chat's own ids.
 */
export function conversationIds(message: z.infer<typeof serverMessageEnvelope>['message']): string[] {
  const ids = [message.call?.id, message.chat?.sessionId, message.chat?.id, message.chat?.previousChatId];
  return [...new Set(ids.filter((id): id is string => !!id))];
}

export type StatusUpdateMessage = z.infer<typeof statusUpdateMessage>;
export type EndOfCallReportMessage = z.infer<typeof endOfCallReportMessage>;
export type ToolCallsMessage = z.infer<typeof toolCallsMessage>;
