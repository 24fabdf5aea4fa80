import { z } from 'zod';
import { capabilityToken, id } from './primitives';

export const proposalSendInput = z.object({
  callId: id,
  /**
   * The token vapi_call.create returned for the conversation this call row links. Optional in
   * the schema so an older payload still parses, but the server sends nothing without it.
   */
  token: capabilityToken.optional(),
});
export type ProposalSendInput = z.input<typeof proposalSendInput>;

/**
 * What proposal.send answers: the proposal was queued, or a mail cap held it back and nothing was
 * sent. Held, the visitor is told only that one went to this address recently (`sent-recently`);
 * any other reason is the same `not-sent`, so an answer says nothing else about an address.
 */
export const proposalSendOutput = z.object({ status: z.enum(['queued', 'sent-recently', 'not-sent']) });
export type ProposalSendOutput = z.infer<typeof proposalSendOutput>;
/** One of proposal.send's answers. */
export type ProposalSendStatus = ProposalSendOutput['status'];
