import { nowIso } from '../db';
import { hashToken, newId, newToken, tokenMatches } from '../ids';
import { publicProcedure, router, TRPCError } from '../trpc';
import { vapiCallCreateInput, vapiCallGetByVapiIdInput, vapiCallUpdateInput } from '@helena/contract';

export const vapiCallRouter = router({
  create: publicProcedure.input(vapiCallCreateInput).mutation(async ({ input, ctx }) => {
    const { db } = ctx.deps;
    const id = newId();
    const token = newToken();
    const now = nowIso();
    try {
      await db.kysely
        .insertInto('vapi_call')
        .values({
          id,
          vapi_id: input.vapi_id,
          initial_data: db.json(input.initial_data),
          status: input.status,
          token_hash: hashToken(token),
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (err) {
      if (db.isUniqueViolation(err)) throw new TRPCError({ code: 'CONFLICT', message: 'La llamada ya está registrada' });
      throw err;
    }
    return { id, token };
  }),

  update: publicProcedure.input(vapiCallUpdateInput).mutation(async ({ input, ctx }) => {
    const { db } = ctx.deps;
    const row = await db.kysely.selectFrom('vapi_call').select(['id', 'token_hash']).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada de voz no encontrada' });
    if (!tokenMatches(input.token, row.token_hash)) {
      ctx.log.warn('vapi_call.update with a wrong token', { ip: ctx.ip });
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Token no válido' });
    }
    await db.kysely
      .updateTable('vapi_call')
      .set({
        status: input.status,
        updated_at: nowIso(),
        ...(input.initial_data !== undefined ? { initial_data: db.json(input.initial_data) } : {}),
      })
      .where('id', '=', input.id)
      .execute();
    return { id: input.id };
  }),

  getByVapiId: publicProcedure.input(vapiCallGetByVapiIdInput).query(async ({ input, ctx }) => {
    const { db } = ctx.deps;
    const row = await db.kysely
      .selectFrom('vapi_call')
      .select(['id', 'vapi_id', 'initial_data', 'status', 'created_at', 'updated_at'])
      .where('vapi_id', '=', input.vapi_id)
      .executeTakeFirst();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada de voz no encontrada' });
    return {
      id: row.id,
      vapi_id: row.vapi_id,
      initial_data: db.parseJson(row.initial_data) as Record<string, unknown> | null,
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }),
});
