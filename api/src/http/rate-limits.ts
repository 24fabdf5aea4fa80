// Per-client request budgets, one store for every class. On PostgreSQL the counters live in a
// table every instance shares (so two servers behind one balancer do not double the budget); on
// SQLite, one process serves the database, so memory is enough.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { Db } from '../db';
import type { PrivacyKeys } from '../privacy/keys';
import type { Logger } from '../log';
import type { Metrics } from '../metrics/metrics';

/**
 * strict: sends mail; mutation: writes; query: reads (the enumeration surface); signinIp and
 * signinAddress: the panel's sign-in link requests, per client and per address typed.
 */
export type LimitClass = 'strict' | 'mutation' | 'query' | 'signinIp' | 'signinAddress';

/** Sign-in links an address may ask for in SIGNIN_WINDOW_SECONDS: enough for a lost mail or two, too few to flood an inbox. */
export const SIGNIN_PER_ADDRESS = 5;
/** Sign-in requests one client may make in SIGNIN_WINDOW_SECONDS, whatever the addresses. */
export const SIGNIN_PER_IP = 20;
export const SIGNIN_WINDOW_SECONDS = 15 * 60;

export type LimitVerdict =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number }
  | { allowed: false; limit: number; retryAfterSeconds: number };

export interface RateLimits {
  /** Counts one request of `cls` against `key` (the client's address, or what and who for a strict budget). */
  consume(cls: LimitClass, key: string): Promise<LimitVerdict>;
}

/** The table rate-limiter-flexible's PostgreSQL store uses (created by a migration). */
export const RATE_LIMIT_TABLE = 'rate_limit';

export function createRateLimits(opts: { config: Config; db: Db; log: Logger; privacy: Pick<PrivacyKeys, 'counterKey'> }): RateLimits {
  const { config, db, log } = opts;
  /** Each class's budget: so many requests in so many seconds. */
  const budgets: Record<LimitClass, { points: number; seconds: number }> = {
    strict: { points: config.STRICT_RATE_LIMIT_PER_MINUTE, seconds: 60 },
    mutation: { points: config.RATE_LIMIT_PER_MINUTE, seconds: 60 },
    query: { points: config.RATE_LIMIT_PER_MINUTE * 4, seconds: 60 },
    signinIp: { points: SIGNIN_PER_IP, seconds: SIGNIN_WINDOW_SECONDS },
    signinAddress: { points: SIGNIN_PER_ADDRESS, seconds: SIGNIN_WINDOW_SECONDS },
  };
  const pool = db.pgPool;
  // A key holds the client's IP. In memory it may stay whole; in the table every instance shares
  // it is stored as a keyed hash, so the database never holds an address.
  const stored = pool ? (key: string) => opts.privacy.counterKey(key) : (key: string) => Promise.resolve(key);
  const make = (cls: LimitClass, index: number): RateLimiterAbstract =>
    pool
      ? new RateLimiterPostgres({
          storeClient: pool,
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          // One limiter sweeps expired rows; they all share the table.
          clearExpiredByTimeout: index === 0,
          keyPrefix: cls,
          points: budgets[cls].points,
          duration: budgets[cls].seconds,
        })
      : new RateLimiterMemory({ keyPrefix: cls, points: budgets[cls].points, duration: budgets[cls].seconds });
  const limiters = Object.fromEntries((Object.keys(budgets) as LimitClass[]).map((cls, i) => [cls, make(cls, i)])) as Record<
    LimitClass,
    RateLimiterAbstract
  >;
  let storeDown = false;
  return {
    async consume(cls, key) {
      const limit = budgets[cls].points;
      try {
        const res = await limiters[cls].consume(await stored(key));
        storeDown = false;
        return { allowed: true, limit, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
      } catch (err) {
        if (err instanceof RateLimiterRes) return { allowed: false, limit, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        // The counter store failed (the database is down): let the request through, so the
        // request itself reports the outage, and say so once.
        if (!storeDown) log.warn('rate limit store unavailable', { err });
        storeDown = true;
        return { allowed: true, limit, remaining: limit, resetSeconds: 60 };
      }
    },
  };
}

/** `limits`, counting each refusal in `metrics` (the edge's and tRPC's strict budget alike). */
export function countingRefusals(limits: RateLimits, metrics: Pick<Metrics, 'refusals'>): RateLimits {
  return {
    async consume(cls, key) {
      const verdict = await limits.consume(cls, key);
      if (!verdict.allowed) metrics.refusals.inc({ reason: 'rate_limit' });
      return verdict;
    },
  };
}
