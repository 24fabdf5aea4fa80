import { honeypot, publicProcedure, router } from '../trpc';
import { customerCreateInput, customerUpsertInput } from '@helena/contract';
import { recordSubmission } from './queries';

// create and upsert do the same thing for an anonymous visitor: record what they typed, touch
// no stored lead, and answer with a fresh submission id (a known address gets no 409 and no
// stable id, so neither tells anyone who is a customer).
export const customerRouter = router({
  create: publicProcedure
    .input(customerCreateInput)
    .use(honeypot)
    .mutation(async ({ input, ctx }) => ({ id: await recordSubmission(ctx.deps.db, input) })),

  upsert: publicProcedure
    .input(customerUpsertInput)
    .use(honeypot)
    .mutation(async ({ input, ctx }) => ({ id: await recordSubmission(ctx.deps.db, input) })),
});
