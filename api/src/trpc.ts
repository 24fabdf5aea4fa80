// tRPC v11: no transformer, errors without stack traces (except NODE_ENV=development), input
// errors summarised in Spanish with their paths.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
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
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
      const issues = cause.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message }));
      return {
        ...shape,
        message: 'Datos no válidos: ' + issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
        data: { ...shape.data, issues },
      };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: 'Error interno del servidor' };
    }
    return shape;
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export { TRPCError };
