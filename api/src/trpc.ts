// tRPC v11: no transformer, errors without stack traces (except NODE_ENV=development), in the
// contract's error shape.
import { initTRPC, TRPCError } from '@trpc/server';
import { HONEYPOT_FIELD, formatLeadError } from '@helena/contract';
import type { Deps } from './deps';
import type { LimitClass } from './http/rate-limits';
import { isDatabaseUnavailable } from './db/unavailable';
import { UNAVAILABLE_MESSAGE } from './http/api-error';
import { newId } from './ids';
import type { Logger } from './log';

export interface Context {
  deps: Deps;
  ip: string;
  reqId: string;
  log: Logger;
  /** The client hung up (mid-body, say): a failure to read its request is not a database outage. */
  aborted?: () => boolean;
  /** The panel's session cookie, when the request carries one (checked by the panel's middleware). */
  sessionId?: string;
  /** The request comes from this server's own pages (Sec-Fetch-Site, else Origin). */
  ownOrigin?: boolean;
}

const t = initTRPC.context<Context>().create({
  isDev: process.env.NODE_ENV === 'development',
  errorFormatter: formatLeadError,
});

export const router = t.router;
export { TRPCError };

/**
 * Procedures with their own, stricter budget, by the path tRPC resolved (so a trailing slash,
 * an encoded dot or any other spelling of the URL counts against the same budget).
 */
const STRICT_PROCEDURES: ReadonlySet<string> = new Set(['proposal.send']);

const strictLimit = t.middleware(async ({ ctx, path, next }) => {
  if (!STRICT_PROCEDURES.has(path)) return next();
  // Each strict procedure has its own budget, so one cannot starve another.
  const verdict = await ctx.deps.limits.consume('strict' satisfies LimitClass, `${path}:${ctx.ip}`);
  if (!verdict.allowed) {
    ctx.log.info('rate limited', { procedure: path, ip: ctx.ip, retryAfter: verdict.retryAfterSeconds });
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Demasiadas solicitudes, inténtalo más tarde' });
  }
  return next();
});

/**
 * A procedure that failed because the database is away answers 503 (SERVICE_UNAVAILABLE; the
 * handler adds Retry-After), not a 500: the client may try again, and nothing is half-written
 * (each write is one statement or one transaction).
 */
const databaseOutage = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && !ctx.aborted?.() && isDatabaseUnavailable(result.error)) {
    ctx.deps.metrics.databaseUnavailable.inc();
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause: result.error });
  }
  return result;
});

export const publicProcedure = t.procedure.use(databaseOutage).use(strictLimit);

/**
 * The lead form's honeypot: a bot that filled the hidden field gets the answer a person would
 * (a well-formed, meaningless id) and nothing is stored.
 */
export const honeypot = t.middleware(async ({ ctx, path, input, next }) => {
  const filled = (input as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
  if (!filled) return next();
  ctx.log.warn('honeypot filled', { procedure: path, ip: ctx.ip });
  // tRPC's middleware result: `ok` with the data, and the marker only tRPC's own next() sets.
  return { ok: true as const, data: { id: newId() }, marker: undefined as never };
});
