import { publicProcedure, router, TRPCError } from '../trpc';
import { proposalSendInput } from '@helena/contract';
import { sendProposal } from './service';

export const proposalRouter = router({
  /** Queues the confirmation and proposal emails for a call; a second call is a no-op. */
  send: publicProcedure.input(proposalSendInput).mutation(async ({ input, ctx }) => {
    const r = await sendProposal(ctx.deps, input.callId);
    if (r.status === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada no encontrada' });
    return { queued: true as const };
  }),
});
