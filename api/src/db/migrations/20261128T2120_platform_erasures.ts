import type { Kysely, Migration } from 'kysely';

/**
 * An erasure here must also reach the voice platform, which keeps its own record of each call
 * (transcript, recording). The platform may be away when the erasure commits, so the deletions
 * it owes are queued in the erasure's own transaction and retried until the platform confirms.
 * A row holds the platform's call id and its retry state: nothing about the person.
 */
export const platformErasures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('platform_erasure')
      .addColumn('vapi_id', 'text', (c) => c.primaryKey())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('platform_erasure_due_idx').on('platform_erasure').column('next_attempt_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('platform_erasure').ifExists().execute();
  },
};
