import { publicProcedure, router, TRPCError } from '../trpc';
import { proposalSendInput } from '@helena/contract';
import { sendProposal } from './service';
import { sendStatus } from './send-status';

export const proposalRouter = router({
  /**
   * Queues the confirmation and proposal emails for a call, for the holder of its conversation's
   * token; a second call is a no-op. Held back by a mail cap, it says so (`sent-recently` or
   * `not-sent`): the visitor is never told of a send that did not happen.
   */
  send: publicProcedure.input(proposalSendInput).mutation(async ({ input, ctx }) => {
    const r = await sendProposal(ctx.deps, input.callId, input.token, ctx.log);
    if (r.status === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada no encontrada' });
    if (r.status === 'forbidden') {
      ctx.log.warn('proposal refused', { callId: input.callId, reason: r.reason, ip: ctx.ip });
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Se necesita una conversación verificada' });
    }
    return { status: sendStatus(r, ctx.deps.config) };
  }),
});
