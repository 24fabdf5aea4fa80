// Which better-sqlite3 this Node loads. Version 12 compiles from source against each Node and,
// on Node 24, can abort the whole process when the garbage collector frees a prepared statement
// (its destructor asserts on a missing environment; upstream will not fix 12.x). Version 13 is
// built on Node-API and ships prebuilt binaries, but does not run on Node 20. So: 13 from Node 22
// on (installed under the alias `better-sqlite3-napi`), 12 on Node 20. Both have the same API.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The package loaded on this Node. */
export const SQLITE_PACKAGE = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

/** better-sqlite3's `Database` class, from the package this Node supports. */
export const SqliteDatabase = require(SQLITE_PACKAGE) as typeof BetterSqlite3;

/** An open better-sqlite3 database. */
export type SqliteConnection = BetterSqlite3.Database;
