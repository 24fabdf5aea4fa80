import { publicProcedure, router, TRPCError } from '../trpc';
import { vapiCallCreateInput, vapiCallGetByVapiIdInput, vapiCallUpdateInput } from '@helena/contract';
import { findOwnedVapiCall, findVapiCallByVapiId, insertVapiCall, updateVapiCall } from './queries';

export const vapiCallRouter = router({
  create: publicProcedure.input(vapiCallCreateInput).mutation(async ({ input, ctx }) => {
    try {
      const created = await insertVapiCall(ctx.deps.db, input);
      ctx.deps.metrics.conversationsCreated.inc();
      return created;
    } catch (err) {
      if (ctx.deps.db.isUniqueViolation(err)) throw new TRPCError({ code: 'CONFLICT', message: 'La llamada ya está registrada' });
      throw err;
    }
  }),

  update: publicProcedure.input(vapiCallUpdateInput).mutation(async ({ input, ctx }) => {
    const row = await findOwnedVapiCall(ctx.deps.db, input.id, input.token);
    if (row === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada de voz no encontrada' });
    if (row === 'forbidden') {
      ctx.log.warn('vapi_call.update with a wrong token', { ip: ctx.ip });
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Token no válido' });
    }
    await updateVapiCall(ctx.deps.db, input.id, input);
    return { id: input.id };
  }),

  getByVapiId: publicProcedure.input(vapiCallGetByVapiIdInput).query(async ({ input, ctx }) => {
    const { db } = ctx.deps;
    const row = await findVapiCallByVapiId(db, input.vapi_id);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada de voz no encontrada' });
    return { ...row, initial_data: db.parseJson(row.initial_data) as Record<string, unknown> | null };
  }),
});
