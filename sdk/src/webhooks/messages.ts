// The messages the platform POSTs to an assistant's Server URL, typed from the platform's OpenAPI
// document (its ServerMessage* schemas), and the answers it expects back.
import type { components } from '../platform/generated/openapi.js';

type Schemas = components['schemas'];

/** Any message the platform sends to a Server URL (the `message` of the POSTed body). */
export type ServerMessage = Schemas['ServerMessage']['message'];
/** The body the platform POSTs: `{ message }`. */
export type ServerMessageBody = Schemas['ServerMessage'];
/** A message's `type`: `'status-update'`, `'end-of-call-report'`, `'tool-calls'`, … */
export type ServerMessageType = NonNullable<ServerMessage['type']>;
/** The message of one type: `ServerMessageOf<'end-of-call-report'>`. */
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type?: T }>;
/** What a Server URL answers to a `tool-calls` message. */
export type ToolCallsResponse = Schemas['ServerMessageResponseToolCalls'];
/** One tool's answer inside a {@link ToolCallsResponse}. */
export type ToolCallResult = Schemas['ToolCallResult'];

/** Narrows a server message to one type: `if (isServerMessage(m, 'tool-calls')) m.toolCallList`. */
export function isServerMessage<T extends ServerMessageType>(message: ServerMessage, type: T): message is ServerMessageOf<T> {
  return message.type === type;
}

/**
 * Reads a verified request body as a server message. It checks the envelope only (an object with
 * a `message` whose `type` is a string): the platform adds fields over time, and a receiver should
 * ignore what it does not know rather than refuse the delivery. Throws a `TypeError` otherwise.
 */
export function readServerMessage(body: string): ServerMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new TypeError('The server message is not JSON.');
  }
  const message = (parsed as { message?: unknown } | null)?.message;
  if (!message || typeof message !== 'object' || typeof (message as { type?: unknown }).type !== 'string') {
    throw new TypeError('The server message has no `message.type`.');
  }
  return message as ServerMessage;
}

/** A function tool call from a `tool-calls` message, with its arguments as an object. */
export interface FunctionToolCall {
  /** The id to answer with, as `toolCallId`. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * The function calls a `tool-calls` message asks for, optionally only those of one tool. The
 * platform sends the arguments as an object, some models as a JSON string: both come back as an
 * object (an unreadable string gives `{}`).
 */
export function functionToolCalls(message: ServerMessageOf<'tool-calls'>, name?: string): FunctionToolCall[] {
  const calls: FunctionToolCall[] = [];
  for (const call of message.toolCallList ?? []) {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } }).function;
    if (!fn || typeof fn.name !== 'string' || (name !== undefined && fn.name !== name)) continue;
    calls.push({ id: call.id, name: fn.name, arguments: argumentsObject(fn.arguments) });
  }
  return calls;
}

function argumentsObject(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The answer to a `tool-calls` message, in the shape the platform reads: each result names the
 * call it answers (`toolCallId`) and its tool. `result` is what the assistant may say; `error`
 * tells it the tool failed.
 */
export function toolCallsResponse(results: readonly ToolCallResult[]): ToolCallsResponse {
  return { results: results.map((r) => ({ ...r })) };
}
