// The command line the server runs with under `npm start`; the benches that start the server as
// `npm start` does take it from here too.
//
// A heap ceiling, for two reasons. The server's live heap is small (about 50 to 90 MB under the
// demo's load: the database is SQLite or PostgreSQL, not memory), and a public demo should not be
// able to take a host's memory. And V8 lets a heap whose ceiling is 2 GB or more grow to four times
// its live size between full collections, where under a lower ceiling it grows by 1.3 to 2 times:
// under a burst of visitors the resident set an operator's monitor sees rose by about 160 MB with
// Node's default ceiling (4 GB on a 64-bit machine with this much memory) and by about 35 MB
// with 1 GB (bench/RESULTS.md, "simulator memory"). An operator who needs another ceiling sets it
// in NODE_OPTIONS, which then wins.

/** The heap ceiling, in MB, when NODE_OPTIONS sets none. */
export const SERVER_HEAP_MB = 1024;

/** The flags to put before the server's entry point. */
export function serverNodeFlags(env = process.env) {
  return /--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '') ? [] : [`--max-old-space-size=${SERVER_HEAP_MB}`];
}

/** The arguments after `node` that start the server from source, run from the repository's root. */
export function serverArgs(env = process.env) {
  return [...serverNodeFlags(env), '--import', 'tsx', 'api/src/main.ts'];
}
