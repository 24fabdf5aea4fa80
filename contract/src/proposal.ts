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
