// An erasure here reaches the voice platform too: it keeps its own record of every call (the
// transcript, the recording). The deletions an erasure owes are queued in its own transaction
// (platform_erasure: the platform's call id and retry state, nothing about the person), then sent
// as `DELETE /call/{id}` through @helena/sdk. The platform may be away or slow: a failed deletion
// is tried again later with a growing pause, by the server's loop and by `npm run privacy:*`.
// The platform's 404 means it holds nothing for that id (already deleted, or a chat session):
// the deletion is done.
import type { Db } from '../db';
import { nowIso } from '../db';
import type { Logger } from '../log';
import type { PlatformClientSource } from '../mail/summary';
import { startPeriodic, type Periodic } from '../queue/periodic';
import type { Executor } from '../db/executor';

/** What the queue needs of a platform client: @helena/sdk's `calls.delete`. */
export interface PlatformCallDeleter {
  calls: { delete(id: string): Promise<unknown> };
}

/** A deleter, or a function that builds one on first use (null: no platform configured). */
export type PlatformDeleterSource = () => Promise<PlatformCallDeleter | null>;

/** What one drain did: deleted on the platform, and still owed after it. */
export interface PlatformErasureResult {
  deleted: number;
  pending: number;
}

/**
 * The deleter of a server's platform source (the real platform with VAPI_PRIVATE_KEY, the
 * simulator in demo mode), or null when there is none or it cannot delete.
 */
export function deleterOf(source: PlatformClientSource | undefined): PlatformDeleterSource {
  return async () => {
    const client = typeof source === 'function' ? await source() : (source ?? null);
    const calls = client?.calls as Partial<PlatformCallDeleter['calls']> | undefined;
    return calls && typeof calls.delete === 'function' ? { calls: { delete: (id) => calls.delete!(id) } } : null;
  };
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 6 * 60 * 60 * 1000;
const BATCH = 50;

/** Queues the platform deletions of `vapiIds`, inside the erasure's transaction. */
export async function queuePlatformErasures(tx: Executor, vapiIds: readonly string[]): Promise<void> {
  if (!vapiIds.length) return;
  const now = nowIso();
  await tx
    .insertInto('platform_erasure')
    .values(vapiIds.map((vapi_id) => ({ vapi_id, attempts: 0, next_attempt_at: now, last_error: null, created_at: now })))
    .onConflict((oc) => oc.column('vapi_id').doNothing())
    .execute();
}

/** How many platform deletions are still owed. */
export async function pendingPlatformErasures(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('platform_erasure').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const statusOf = (err: unknown): number | undefined => {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * Sends every deletion due at `now`; a failure is kept for a later try. Answers what went and what
 * is still owed. Without a platform, nothing is sent and everything stays owed.
 */
export async function drainPlatformErasures(
  deps: { db: Db; platform: PlatformDeleterSource; log: Logger },
  now = Date.now(),
): Promise<PlatformErasureResult> {
  const { db, log } = deps;
  const client = await deps.platform().catch((err: unknown) => {
    log.warn('platform client unavailable', { err });
    return null;
  });
  let deleted = 0;
  if (client) {
    const due = await db.kysely
      .selectFrom('platform_erasure')
      .selectAll()
      .where('next_attempt_at', '<=', new Date(now).toISOString())
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      try {
        await client.calls.delete(row.vapi_id);
      } catch (err) {
        if (statusOf(err) !== 404) {
          const attempts = row.attempts + 1;
          const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
          await db.kysely
            .updateTable('platform_erasure')
            .set({ attempts, next_attempt_at: new Date(now + wait).toISOString(), last_error: String((err as Error)?.message ?? err).slice(0, 500) })
            .where('vapi_id', '=', row.vapi_id)
            .execute();
          log.warn('platform deletion failed; retried later', { attempts, status: statusOf(err) });
          continue;
        }
      }
      await db.kysely.deleteFrom('platform_erasure').where('vapi_id', '=', row.vapi_id).execute();
      deleted++;
    }
  }
  return { deleted, pending: await pendingPlatformErasures(db) };
}

/** Drains now, every `everyMs`, and whenever nudged (after an erasure), until stopped. */
export function startPlatformEraser(deps: { db: Db; platform: PlatformDeleterSource; log: Logger }, everyMs: number): Periodic {
  return startPeriodic(
    async () => {
      const r = await drainPlatformErasures(deps);
      if (r.deleted) deps.log.info('platform deletions', { ...r });
    },
    everyMs,
    (err) => deps.log.error('platform deletions failed', { err }),
  );
}
