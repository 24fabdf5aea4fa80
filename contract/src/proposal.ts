import { z } from 'zod';
import { id } from './primitives';

export const proposalSendInput = z.object({ callId: id });
export type ProposalSendInput = z.input<typeof proposalSendInput>;
