import type { Kysely, Migration } from 'kysely';

/**
 * What the visitor's privacy rights need: the key behind the /baja and /privacidad links (made
 * once, so links keep working after a restart and on every instance), the unsubscribed addresses
 * as keyed hashes (all that survives an erasure), each outbox message's own mail headers
 * (List-Unsubscribe), and the indexes that find everything stored about one address or older
 * than the retention period.
 */
export const privacy: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('privacy_secret')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mail_unsubscribe')
      .addColumn('address_key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();
    await db.schema.createIndex('email_log_email_idx').on('email_log').column('email').execute();
    await db.schema.createIndex('pdf_email_idx').on('pdf').column('email').execute();
    await db.schema.createIndex('vapi_call_updated_idx').on('vapi_call').column('updated_at').execute();
    await db.schema.createIndex('outbox_updated_idx').on('outbox').column('updated_at').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const index of ['outbox_updated_idx', 'vapi_call_updated_idx', 'pdf_email_idx', 'email_log_email_idx']) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.alterTable('outbox').dropColumn('headers').execute();
    await db.schema.dropTable('mail_unsubscribe').ifExists().execute();
    await db.schema.dropTable('privacy_secret').ifExists().execute();
  },
};
