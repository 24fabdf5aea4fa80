import type { Kysely, Migration } from 'kysely';

/**
 * The lead's reach beyond the visitor: signed webhook events queued in the transaction of what
 * they report (one row per event, its body fixed at enqueue time so every retry sends the same
 * bytes), and the outbox's Reply-To, so the sales team's copy of a lead answers the visitor.
 * Each event names its call: erasure finds an address's events through its calls.
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_event')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('call_id', 'text', (c) => c.notNull().references('call.id'))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_event_due_idx').on('webhook_event').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('webhook_event_call_idx').on('webhook_event').column('call_id').execute();
    await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
    await db.schema.createIndex('outbox_reply_to_idx').on('outbox').column('reply_to').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_reply_to_idx').ifExists().execute();
    await db.schema.alterTable('outbox').dropColumn('reply_to').execute();
    await db.schema.dropTable('webhook_event').ifExists().execute();
  },
};
