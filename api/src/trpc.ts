// tRPC v11: no transformer, errors without stack traces (except NODE_ENV=development), in the
// contract's error shape.
import { initTRPC, TRPCError } from '@trpc/server';
import { formatLeadError } from '@helena/contract';
import type { Deps } from './deps';
import type { Logger } from './log';

export interface Context {
  deps: Deps;
  ip: string;
  reqId: string;
  log: Logger;
}

const t = initTRPC.context<Context>().create({
  isDev: process.env.NODE_ENV === 'development',
  errorFormatter: formatLeadError,
});

export const router = t.router;
export const publicProcedure = t.procedure;
export { TRPCError };
