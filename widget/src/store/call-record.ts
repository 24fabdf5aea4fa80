/** One voice call as the call controller (./call.ts) and the rejoin flow (./rejoin-flow.ts) follow it. */
import type { ConversationRecord } from './record';

/**
 * What the call has said that the client's phase cannot: the specification calls a call active
 * once the assistant listens (`call-start`, which follows the client's `live`), and over at
 * `call-end` or an error (which come before the client has finished tearing down, `idle`).
 */
export type Heard = 'waiting' | 'listening' | 'over';

/** One call: its platform id, what the visitor has been told of it, and its `vapi_call` row. */
export interface CallRecord {
  vapiId?: string;
  /** start() has resolved (the platform id is known, or will never be). */
  resolved?: boolean;
  announced?: boolean;
  /** What the visitor has been told of this call beyond the client's phase. */
  heard: Heard;
  /** Joined again from an earlier page of the tab: the assistant already has the conversation. */
  rejoined?: boolean;
  /** A rejoin is under way: its failure falls back quietly to the text of the conversation. */
  rejoining?: boolean;
  record: ConversationRecord;
}
