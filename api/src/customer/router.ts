import { honeypot, publicProcedure, router } from '../trpc';
import { customerCreateInput, customerUpsertInput } from '@helena/contract';
import type { Deps } from '../deps';
import { recordSubmission } from './queries';

/** Stores what the visitor typed and counts the lead. */
async function recordLead(deps: Deps, input: Parameters<typeof recordSubmission>[1]): Promise<string> {
  const id = await recordSubmission(deps.db, input);
  deps.metrics.leadsCreated.inc({ source: 'form' });
  return id;
}

// create and upsert do the same thing for an anonymous visitor: record what they typed, touch
// no stored lead, and answer with a fresh submission id (a known address gets no 409 and no
// stable id, so neither tells anyone who is a customer).
export const customerRouter = router({
  create: publicProcedure
    .input(customerCreateInput)
    .use(honeypot)
    .mutation(async ({ input, ctx }) => ({ id: await recordLead(ctx.deps, input) })),

  upsert: publicProcedure
    .input(customerUpsertInput)
    .use(honeypot)
    .mutation(async ({ input, ctx }) => ({ id: await recordLead(ctx.deps, input) })),
});
