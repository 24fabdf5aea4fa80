// PostgreSQL stopped for 10 s under load and started again, on a private server (initdb +
// pg_ctl) so the shared cluster other test files use is never touched. Runs where the
// PostgreSQL tests run (TEST_DATABASE_URL) and the server binaries are installed.
import { describe, expect, it } from 'vitest';
import { PG_URL } from './helpers';
import { runOutageScenario, type OutageFigures } from './db-outage-scenario';
import { findPostgresBin } from './private-postgres';
import { isDatabaseUnavailable } from '../src/db/unavailable';

describe('what counts as the database being away', () => {
  it('connection failures and server shutdowns, also when wrapped; not a bad statement', () => {
    const err = (code: string | undefined, message = 'x', cause?: unknown) => Object.assign(new Error(message, { cause }), code ? { code } : {});
    for (const e of [err('ECONNREFUSED'), err('ECONNRESET'), err('57P01'), err('57P03'), err('08006'), err('08P01'), err('SQLITE_BUSY'), err(undefined, 'Connection terminated unexpectedly'), err(undefined, 'timeout exceeded when trying to connect')]) {
      expect(isDatabaseUnavailable(e), e.message + (e as { code?: string }).code).toBe(true);
      expect(isDatabaseUnavailable(err(undefined, 'wrapped', e))).toBe(true);
    }
    for (const e of [err('23505'), err('42P01'), err('22P02'), err('SQLITE_CONSTRAINT_UNIQUE'), err(undefined, 'syntax error'), null, 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(e)).toBe(false);
    }
  });
});

const PG_BIN = findPostgresBin();

describe.runIf(!!PG_URL && !!PG_BIN)('a PostgreSQL restart under load (two instances)', () => {
  let f: OutageFigures;

  it('answers 503 with Retry-After while the database is down, serves again after, and loses nothing', async () => {
    f = await runOutageScenario({ pgBin: PG_BIN!, outageMs: 10_000 });

    // Nothing exited: an unhandled 'error' event would have ended this very process.
    expect(f.aliveAtEnd).toEqual([true, true]);
    expect(f.outageMs).toBeGreaterThanOrEqual(10_000);

    // Every answer is a 2xx, or a 503 with Retry-After in tRPC's error shape; never a 500,
    // never a dropped connection.
    const odd = f.answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
    expect(odd).toEqual([]);
    const refusals = f.answers.filter((a) => a.status === 503);
    expect(refusals.length).toBeGreaterThan(0);
    for (const a of refusals) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.errorCode).toBe('SERVICE_UNAVAILABLE');
    }
    // Each instance refused while the database was down, and said it was not ready.
    for (const i of [0, 1]) {
      expect(refusals.some((a) => a.instance === i && a.phase === 'down')).toBe(true);
      expect(f.readyWhileDown[i]).toContain(503);
    }
    // A plain route says the same: 503 with Retry-After.
    expect(f.pageWhileDown.status).toBe(503);
    expect(Number(f.pageWhileDown.retryAfter)).toBeGreaterThan(0);
    // The bound: an answer within 5 s while down, both instances writing within 5 s of the return.
    expect(Math.max(...f.answers.filter((a) => a.phase === 'down').map((a) => a.ms))).toBeLessThan(5_000);
    for (const ms of f.recoveryMs) expect(ms).toBeLessThan(5_000);

    // Every write answered 2xx is in the database.
    expect(f.missing).toEqual({ conversations: 0, submissions: 0, calls: 0, proposals: 0 });
    expect(f.written.proposals).toBeGreaterThanOrEqual(40);

    // Every queued email was sent, each once (two per proposal).
    expect(f.outbox.total).toBe(2 * f.written.proposals);
    expect(f.outbox.lost).toBe(0);
    expect(f.outbox.deliveredTwice).toBe(0);
    expect(f.outbox.deliveredOnce).toBe(f.outbox.total);
  }, 240_000);
});
