// The database module: one Kysely instance on SQLite (default) or PostgreSQL, migrations at
// start-up, and the few helpers that hide the dialect differences (booleans, JSON, errors).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { SqliteDatabase, type SqliteConnection } from './sqlite';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Compilable,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema';
import type { DialectName } from './dialect';
import { init } from './migrations/20261122T1000_init';
import { leadSubmissions } from './migrations/20261123T2100_lead_submissions';
import { platformReports } from './migrations/20261123T2230_platform_reports';
import { proposalWaits } from './migrations/20261123T2245_proposal_waits';
import { callVapiCallIndex } from './migrations/20261126T0100_call_vapi_call_index';
import { privacy } from './migrations/20261126T0200_privacy';
import { proposalDocuments } from './migrations/20261128T0300_proposal_documents';
import { webhooks } from './migrations/20261128T0400_webhooks';
import { visitorLocale } from './migrations/20261128T2110_visitor_locale';
import { platformErasures } from './migrations/20261128T2120_platform_erasures';
import { ownerPanel } from './migrations/20261129T0100_owner_panel';
import { funnelDayIndexes } from './migrations/20261129T0400_funnel_day_indexes';

export type { Database } from './schema';
export { SqliteDatabase, SQLITE_PACKAGE } from './sqlite';
export type { DialectName } from './dialect';

/** Every migration, by timestamped name. Kysely runs them in name order. */
export const migrations = {
  '20261122T1000_init': init,
  '20261123T2100_lead_submissions': leadSubmissions,
  '20261123T2230_platform_reports': platformReports,
  '20261123T2245_proposal_waits': proposalWaits,
  '20261126T0100_call_vapi_call_index': callVapiCallIndex,
  '20261126T0200_privacy': privacy,
  '20261128T0300_proposal_documents': proposalDocuments,
  '20261128T0400_webhooks': webhooks,
  '20261128T2110_visitor_locale': visitorLocale,
  '20261128T2120_platform_erasures': platformErasures,
  '20261129T0100_owner_panel': ownerPanel,
  '20261129T0400_funnel_day_indexes': funnelDayIndexes,
};

/**
 * How long a request waits for a PostgreSQL connection (a free one from the pool, or a new one)
 * before it is answered 503. A stopped database refuses at once, so this bounds the unreachable
 * one (a network cut) and a saturated pool; 2 s turned an overloaded machine's pool waits into
 * 503s (bench/lead-flow at load 14 on 2 cores), 5 s keeps the bound for an answer.
 */
export const PG_CONNECT_TIMEOUT_MS = 5000;

/**
 * A restart, failover or network cut makes PostgreSQL end every connection. pg reports that
 * as an 'error' event on the client; the pool listens on idle clients only, so a client checked
 * out between two statements (a transaction, Kysely holding it) would have no listener and the
 * event would end the process. Every client gets its own listener for its whole life; the
 * failing statement still rejects, and the pool drops the broken client on release.
 */
function survivesConnectionLoss(pool: pg.Pool) {
  const ignore = () => {};
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL. */
  url?: string;
  /** SQLite file (default ./data/helena.db); ':memory:' for a throwaway database. */
  path?: string;
  poolSize?: number;
  /** Run migrations now (default true). */
  migrate?: boolean;
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL pool itself (for stores that speak pg directly); undefined on SQLite. */
  pgPool?: pg.Pool;
  /** A boolean as the dialect stores it. */
  bool(v: boolean): boolean | number;
  /** Serialises a validated JSON value for a JSON column. */
  json(v: unknown): string;
  /** Parses a JSON column on the way out (SQLite returns text, PostgreSQL an object). */
  parseJson(v: unknown): unknown;
  isUniqueViolation(err: unknown): boolean;
  /** A row referred to a row that is gone (an erasure committed between a read and this write). */
  isForeignKeyViolation(err: unknown): boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function nowIso(): string {
  return new Date().toISOString();
}

export async function createDatabase(opts: DatabaseOptions = {}): Promise<Db> {
  const dialect: DialectName = opts.url && /^postgres(ql)?:\/\//.test(opts.url) ? 'postgres' : 'sqlite';
  let kysely: Kysely<Database>;
  let pgPool: pg.Pool | undefined;
  if (dialect === 'postgres') {
    const pool = (pgPool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // While the database is away a request fails fast (503) instead of queueing for a connection.
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    }));
    survivesConnectionLoss(pool);
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  } else {
    const file = opts.path ?? './data/helena.db';
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingSqlite(sqlite) }) });
  }

  const db: Db = {
    kysely,
    dialect,
    pgPool,
    bool: (v) => (dialect === 'postgres' ? v : v ? 1 : 0),
    json: (v) => JSON.stringify(v),
    parseJson: (v) => {
      if (typeof v !== 'string') return v ?? null;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return null;
      }
    },
    isUniqueViolation: (err) => {
      const e = err as { code?: string } | null;
      return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY');
    },
    isForeignKeyViolation: (err) => {
      const e = err as { code?: string } | null;
      return !!e && (e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY');
    },
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };

  if (opts.migrate !== false) {
    try {
      await migrate(kysely, dialect);
    } catch (err) {
      await kysely.destroy().catch(() => {});
      throw err;
    }
  }
  return db;
}

/** Whether `error` is a scan that met another schema's drop (3F000 naming a schema not `own`). */
function racedAnotherSchemasDrop(error: unknown, own: string | undefined): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return e?.code === '3F000' && typeof e.message === 'string' && !!own && !e.message.includes(`"${own}"`);
}

/** The connection's own schema on PostgreSQL (its search_path's first), where its tables and migration tables belong. */
export async function ownSchema(kysely: Kysely<Database>): Promise<string | undefined> {
  return (await sql<{ s: string | null }>`select current_schema() as s`.execute(kysely)).rows[0]?.s ?? undefined;
}

/** Brings the database to the latest migration. */
export async function migrate(kysely: Kysely<Database>, dialect: DialectName): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which: with several
  // schemas on one server (one per tenant, or per test run) it would find another's, skip
  // creating its own, and depend on a schema that another run may be dropping at that moment.
  // Every caller goes through here, so none can forget the connection's own schema.
  const schema = dialect === 'postgres' ? await ownSchema(kysely) : undefined;
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // Before it migrates, Kysely's Migrator scans the tables of every schema on the server (even
  // with migrationTableSchema set), naming each schema in functions such as has_schema_privilege:
  // another tenant's or test run's schema dropped during that scan fails it with 3F000 'schema
  // "<theirs>" does not exist'. Nothing of ours is wrong then, and a new scan no longer sees it.
  let { error, results } = await migrator.migrateToLatest();
  for (let retry = 0; retry < 30 && racedAnotherSchemasDrop(error, schema); retry++) ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const e = new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
    (e as { cause?: unknown }).cause = error;
    throw e;
  }
}

/**
 * better-sqlite3 with a prepared-statement cache: Kysely's SQLite driver calls prepare() for
 * every query; here each distinct SQL text is prepared once and reused.
 */
function cachingSqlite(sqlite: SqliteConnection) {
  const cache = new Map<string, ReturnType<SqliteConnection['prepare']>>();
  const MAX = 500;
  return {
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = sqlite.prepare(text);
        if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
        cache.set(text, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * A pg pool whose clients run every parameterised query as a named prepared statement, so
 * PostgreSQL parses and plans each distinct SQL text once per connection.
 */
function preparingPool(pool: pg.Pool) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let n = names.get(text);
    if (!n) {
      n = 'k' + createHash('sha1').update(text).digest('hex').slice(0, 20);
      names.set(text, n);
    }
    return n;
  };
  const wrapped = new WeakMap<pg.PoolClient, unknown>();
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) {
        w = {
          query: (text: string, values?: unknown[]) =>
            values && values.length > 0 ? client.query({ name: nameOf(text), text, values }) : client.query(text),
          release: () => client.release(),
        };
        wrapped.set(client, w);
      }
      return w as pg.PoolClient;
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

// eslint-disable-next-line no-control-regex
const SENTINEL = /^\u0001arg(\d+)\u0001$/;

type Slot = { arg: number } | { value: unknown };

/**
 * Builds a query once per database with sentinel parameters, then reuses the compiled SQL
 * (and so the cached prepared statement) with fresh values. For hot paths.
 */
export function compiledOnce<K extends string>(
  keys: readonly K[],
  /** `p` holds placeholders that stand for values of any column: typed `never`, so each fits where it goes. */
  build: (db: Kysely<Database>, p: Record<K, never>) => Compilable,
) {
  const cache = new WeakMap<Kysely<Database>, { sql: string; slots: Slot[] }>();
  return <R = unknown>(db: Kysely<Database>, args: Record<K, unknown>): Promise<QueryResult<R>> => {
    let c = cache.get(db);
    if (!c) {
      const sentinels = Object.fromEntries(keys.map((k, i) => [k, `\u0001arg${i}\u0001`])) as unknown as Record<K, never>;
      const compiled = build(db, sentinels).compile();
      const slots: Slot[] = compiled.parameters.map((v) => {
        const m = typeof v === 'string' ? SENTINEL.exec(v) : null;
        return m ? { arg: Number(m[1]) } : { value: v };
      });
      c = { sql: compiled.sql, slots };
      cache.set(db, c);
    }
    const params = c.slots.map((s) => {
      if (!('arg' in s)) return s.value;
      const key = keys[s.arg];
      // The sentinels were made from `keys`, so every one names a key.
      if (key === undefined) throw new Error(`compiledOnce: no argument #${s.arg}`);
      return args[key];
    });
    return db.executeQuery<R>(CompiledQuery.raw(c.sql, params));
  };
}
