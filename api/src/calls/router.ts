import { nowIso } from '../db';
import { newId } from '../ids';
import { publicProcedure, router, TRPCError } from '../trpc';
import { callsCreateWithVerificationInput } from '@helena/contract';

/** Seconds between the start and end times the widget stored, when both are there. */
function durationFrom(initialData: unknown): number | null {
  if (!initialData || typeof initialData !== 'object') return null;
  const d = initialData as Record<string, unknown>;
  const start = Date.parse(String(d.start_time ?? d.startTime ?? d.started_at ?? ''));
  const end = Date.parse(String(d.end_time ?? d.endTime ?? d.ended_at ?? ''));
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return Math.min(Math.round((end - start) / 1000), 2_147_483_647);
}

export const callsRouter = router({
  createWithVerification: publicProcedure.input(callsCreateWithVerificationInput).mutation(async ({ input, ctx }) => {
    const { db } = ctx.deps;
    const customer = await db.kysely.selectFrom('customer').select('id').where('id', '=', input.customer_id).executeTakeFirst();
    if (!customer) throw new TRPCError({ code: 'NOT_FOUND', message: 'Cliente no encontrado' });
    let duration: number | null = null;
    if (input.vapi_call_id) {
      const vc = await db.kysely
        .selectFrom('vapi_call')
        .select(['id', 'initial_data'])
        .where('id', '=', input.vapi_call_id)
        .executeTakeFirst();
      if (!vc) throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada de voz no encontrada' });
      duration = durationFrom(db.parseJson(vc.initial_data));
    }
    const now = nowIso();
    const id = newId();
    await db.kysely
      .insertInto('call')
      .values({
        id,
        transaction: input.transaction,
        customer_id: input.customer_id,
        vapi_call_id: input.vapi_call_id ?? null,
        status: input.status,
        duration,
        transcript: null,
        summary: input.summary ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id };
  }),
});
