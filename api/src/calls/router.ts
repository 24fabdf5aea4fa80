import { publicProcedure, router, TRPCError } from '../trpc';
import { callsCreateWithVerificationInput } from '@helena/contract';
import { findSubmission } from '../customer/queries';
import { findOwnedVapiCall } from '../vapi_call/queries';
import { insertCall } from './queries';

/** Seconds between the start and end times the widget stored, when both are there. */
function durationFrom(initialData: unknown): number | null {
  if (!initialData || typeof initialData !== 'object') return null;
  const d = initialData as Record<string, unknown>;
  const time = (...values: unknown[]) => Date.parse(String(values.find((v) => typeof v === 'string' || typeof v === 'number') ?? ''));
  const start = time(d.start_time, d.startTime, d.started_at);
  const end = time(d.end_time, d.endTime, d.ended_at);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return Math.min(Math.round((end - start) / 1000), 2_147_483_647);
}

export const callsRouter = router({
  createWithVerification: publicProcedure.input(callsCreateWithVerificationInput).mutation(async ({ input, ctx }) => {
    const { db } = ctx.deps;
    // customer_id is the submission id customer.create/upsert answered with.
    const submission = await findSubmission(db, input.customer_id);
    if (!submission) throw new TRPCError({ code: 'NOT_FOUND', message: 'Cliente no encontrado' });
    let duration: number | null = null;
    if (input.vapi_call_id) {
      // Only the visitor who registered the conversation may link it (its token proves it).
      const vc = await findOwnedVapiCall(db, input.vapi_call_id, input.vapi_call_token);
      if (vc === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Llamada de voz no encontrada' });
      if (vc === 'forbidden') {
        ctx.log.warn('calls.createWithVerification with a wrong vapi_call token', { ip: ctx.ip });
        throw new TRPCError({ code: 'FORBIDDEN', message: 'Token no válido' });
      }
      duration = durationFrom(db.parseJson(vc.initial_data));
    }
    const id = await insertCall(db, submission, {
      transaction: input.transaction,
      status: input.status,
      summary: input.summary ?? null,
      vapi_call_id: input.vapi_call_id ?? null,
      duration,
    });
    if (!id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Cliente no encontrado' });
    return { id };
  }),
});
