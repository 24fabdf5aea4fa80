// What each server message does. The conversation is the vapi_call row the widget registered
// for the platform's call id; a message about a call this server never saw is ignored.
import { functionToolCalls, toolCallsResponse, type ServerMessageOf, type ToolCallResult, type ToolCallsResponse } from '@helena/sdk';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { refreshProposals, releaseWaitingProposals } from '../proposal/report-wait';
import { conversationOf, visitorWordsOf } from '../proposal/visitor-words';
import { closeConversation, findConversation, setConversationStatus, storeReport, type PlatformReport } from './queries';
import { endOfCallReportMessage, statusUpdateMessage, toolCallsMessage } from './schemas';
import { registerContact, REGISTRAR_CONTACTO } from './registrar-contacto';

/** What a handled message answers: nothing but 200, or a JSON body (tool results). */
export type HandlerResult = { body?: ToolCallsResponse };

/** The platform's call statuses that mean the conversation is over. */
const ENDED = 'ended';

/**
 * The conversation's next status. The platform may deliver out of order (a retried in-progress
 * after ended), so an ended conversation never becomes active again.
 */
export function nextConversationStatus(current: string, platformStatus: string): 'active' | 'inactive' {
  if (platformStatus === ENDED || current === 'inactive') return 'inactive';
  return 'active';
}

async function onStatusUpdate(deps: Deps, vapiIds: string[], message: z.infer<typeof statusUpdateMessage>): Promise<HandlerResult> {
  const conversation = await findConversation(deps.db, vapiIds);
  if (!conversation) return {};
  const next = nextConversationStatus(conversation.status, message.status);
  // The status carries no end time of its own: the moment it arrives is the end.
  if (next === 'inactive' && conversation.status !== 'inactive') await closeConversation(deps.db, conversation.id, undefined);
  else if (next !== conversation.status) await setConversationStatus(deps.db, conversation.id, next);
  // The call's end starts the wait for its report; with no wait configured, its proposal goes now.
  if (next === 'inactive') await releaseWaitingProposals(deps, conversation.id);
  return {};
}

/** Seconds between the platform's start and end times. */
function durationOf(message: z.infer<typeof endOfCallReportMessage>): number | null {
  const start = Date.parse(message.startedAt ?? '');
  const end = Date.parse(message.endedAt ?? '');
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return Math.min(Math.round((end - start) / 1000), 2_147_483_647);
}

/** The fields of an end-of-call report this server keeps. */
export function reportOf(message: z.infer<typeof endOfCallReportMessage>): PlatformReport {
  const { artifact, analysis } = message;
  const nonEmpty = (v: string | undefined) => (v && v.trim() ? v : null);
  return {
    transcript: nonEmpty(artifact?.transcript),
    summary: nonEmpty(analysis?.summary),
    duration: durationOf(message),
    ended_reason: nonEmpty(message.endedReason),
    recording_url: nonEmpty(artifact?.recordingUrl ?? artifact?.recording?.mono?.combinedUrl),
  };
}

async function onEndOfCallReport(deps: Deps, vapiIds: string[], message: z.infer<typeof endOfCallReportMessage>): Promise<HandlerResult> {
  const conversation = await findConversation(deps.db, vapiIds);
  if (!conversation) return {};
  await storeReport(deps.db, conversation.id, reportOf(message), visitorWordsOf(message), conversationOf(message));
  if (conversation.status !== 'inactive') await closeConversation(deps.db, conversation.id, message.endedAt);
  // A proposal already out (its wait over before the report came) shows the report from now on;
  // before the release, which renders the waiting ones itself (once).
  await refreshProposals(deps, conversation.id);
  await releaseWaitingProposals(deps, conversation.id);
  return {};
}

async function onToolCalls(deps: Deps, vapiIds: string[], message: z.infer<typeof toolCallsMessage>): Promise<HandlerResult> {
  const results: ToolCallResult[] = [];
  for (const call of functionToolCalls(message as unknown as ServerMessageOf<'tool-calls'>, REGISTRAR_CONTACTO)) {
    results.push({ toolCallId: call.id, name: call.name, ...(await registerContact(deps, vapiIds, call.arguments)) });
  }
  return { body: toolCallsResponse(results) };
}

/** A handler per message type this server acts on; any other type is acknowledged and ignored. */
export const HANDLERS = {
  'status-update': { schema: statusUpdateMessage, handle: onStatusUpdate },
  'end-of-call-report': { schema: endOfCallReportMessage, handle: onEndOfCallReport },
  'tool-calls': { schema: toolCallsMessage, handle: onToolCalls },
} as const;

export type HandledType = keyof typeof HANDLERS;

export const isHandledType = (type: string): type is HandledType => Object.hasOwn(HANDLERS, type);
