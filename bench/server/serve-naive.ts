// The naive build of the same stack: the same libraries with their defaults. Hono on
// @hono/node-server, tRPC's fetch adapter, Kysely's stock SqliteDialect on a default
// better-sqlite3 (rollback journal, synchronous FULL, every statement prepared anew), the
// same protections with default settings, and a select-then-insert/update upsert.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { serve } from '@hono/node-server';
import { initTRPC } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import BetterSqlite3 from 'better-sqlite3';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { rateLimiter } from 'hono-rate-limiter';
import { Kysely, SqliteDialect } from 'kysely';
import { v7 } from 'uuid';
import { z } from 'zod';
import type { Database } from '@helena/api/db/schema';
import { migrate } from '@helena/api/db';

const file = process.env.DATABASE_PATH!;
mkdirSync(dirname(file), { recursive: true });
const sqlite = new BetterSqlite3(file);
// NAIVE_WAL=1: the same naive build with only the journal settings changed, to show how much of
// the difference is the disk and how much the request path.
if (process.env.NAIVE_WAL === '1') {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
}
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
await migrate(db, 'sqlite');

const t = initTRPC.create();
const blank = (v?: string | null) => (v && v.trim() ? v.trim() : undefined);
const router = t.router({
  customer: t.router({
    upsert: t.procedure
      .input(z.object({ email: z.email(), name: z.string().max(200).nullish(), cargo: z.string().max(200).nullish(), company: z.string().max(200).nullish() }))
      .mutation(async ({ input }) => {
        const email = input.email.trim().toLowerCase();
        const now = new Date().toISOString();
        return db.transaction().execute(async (tx) => {
          const existing = await tx.selectFrom('customer').selectAll().where('email', '=', email).executeTakeFirst();
          if (existing) {
            await tx
              .updateTable('customer')
              .set({
                name: blank(input.name) ?? existing.name,
                cargo: blank(input.cargo) ?? existing.cargo,
                company: blank(input.company) ?? existing.company,
                updated_at: now,
              })
              .where('id', '=', existing.id)
              .execute();
            return { id: existing.id };
          }
          const id = v7();
          await tx
            .insertInto('customer')
            .values({ id, email, name: blank(input.name) ?? null, cargo: blank(input.cargo) ?? null, company: blank(input.company) ?? null, pag_web: null, created_at: now, updated_at: now })
            .execute();
          return { id };
        });
      }),
  }),
});

const app = new Hono();
app.use('*', requestId());
app.use('*', secureHeaders());
app.use('/api/*', cors({ origin: ['http://localhost:3000', 'https://cliente.example'] }));
app.use('/api/*', bodyLimit({ maxSize: 64 * 1024 }));
app.use('/api/*', rateLimiter({ windowMs: 60_000, limit: 100_000_000, keyGenerator: (c) => c.req.header('x-forwarded-for') ?? 'local' }));
app.all('/api/trpc/*', (c) => fetchRequestHandler({ endpoint: '/api/trpc', req: c.req.raw, router }));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${info.port}` }) + '\n');
});
process.on('SIGTERM', () => server.close(() => void db.destroy().then(() => process.exit(0))));
