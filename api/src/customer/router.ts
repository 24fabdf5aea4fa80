import { compiledOnce, nowIso } from '../db';
import { newId } from '../ids';
import { publicProcedure, router, TRPCError } from '../trpc';
import { customerCreateInput, customerUpsertInput } from '@helena/contract';

// One statement: insert, or fill in the known row where the new value is not blank.
const upsert = compiledOnce(
  ['id', 'email', 'name', 'cargo', 'company', 'now'] as const,
  (db, p) =>
    db
      .insertInto('customer')
      .values({
        id: p.id,
        email: p.email,
        name: p.name,
        cargo: p.cargo,
        company: p.company,
        pag_web: null,
        created_at: p.now,
        updated_at: p.now,
      })
      .onConflict((oc) =>
        oc.column('email').doUpdateSet((eb) => ({
          name: eb.fn.coalesce(eb.ref('excluded.name'), eb.ref('customer.name')),
          cargo: eb.fn.coalesce(eb.ref('excluded.cargo'), eb.ref('customer.cargo')),
          company: eb.fn.coalesce(eb.ref('excluded.company'), eb.ref('customer.company')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning('id'),
);

export const customerRouter = router({
  create: publicProcedure.input(customerCreateInput).mutation(async ({ input, ctx }) => {
    if (input.website) {
      ctx.log.warn('honeypot filled', { procedure: 'customer.create', ip: ctx.ip });
      return { id: newId() };
    }
    const now = nowIso();
    const id = newId();
    try {
      await ctx.deps.db.kysely
        .insertInto('customer')
        .values({
          id,
          email: input.email,
          name: input.name ?? null,
          cargo: input.cargo ?? null,
          company: input.company ?? null,
          pag_web: input.pag_web ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (err) {
      if (ctx.deps.db.isUniqueViolation(err)) throw new TRPCError({ code: 'CONFLICT', message: 'Ya existe un cliente con ese correo' });
      throw err;
    }
    return { id };
  }),

  upsert: publicProcedure.input(customerUpsertInput).mutation(async ({ input, ctx }) => {
    if (input.website) {
      ctx.log.warn('honeypot filled', { procedure: 'customer.upsert', ip: ctx.ip });
      return { id: newId() };
    }
    const result = await upsert<{ id: string }>(ctx.deps.db.kysely, {
      id: newId(),
      email: input.email,
      name: input.name ?? null,
      cargo: input.cargo ?? null,
      company: input.company ?? null,
      now: nowIso(),
    });
    return { id: result.rows[0].id };
  }),
});
