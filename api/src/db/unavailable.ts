// Tells a database that cannot be reached (stopped, restarting, failing over, the network cut)
// from a query that is wrong: the first is answered 503 with Retry-After and heals by itself,
// the second is a bug and a 500.

/** SQLSTATE classes and codes that mean the server, not the statement, failed. */
const PG_UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: 'terminating connection due to administrator command'
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const PG_CONNECTION_CLASS = /^08[0-9A-Z]{3}$/; // connection_exception and its subclasses

/** Socket-level failures on the way to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Another connection holds the SQLite file past busy_timeout. */
const SQLITE_UNAVAILABLE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT']);

/** What node-postgres says when a connection dies or never comes, without a code. */
const PG_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /^Query read timeout$/i,
];

/** The depth to which causes are followed (errors wrapped by tRPC, Kysely, AggregateError). */
const MAX_DEPTH = 5;

/** True when `err` (or what it wraps) says the database could not be reached or went away. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > MAX_DEPTH) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_UNAVAILABLE_CODES.has(code) || PG_CONNECTION_CLASS.test(code) || NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE_CODES.has(code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client is told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
