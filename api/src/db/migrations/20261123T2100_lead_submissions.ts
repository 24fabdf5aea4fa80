import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * What each visitor typed, kept per submission: the stored customer row is never overwritten by
 * an anonymous visitor, so the proposal reads the submitter's own values from the call row. The
 * outbox indexes serve the mail caps (per recipient and per hour). On PostgreSQL, the request
 * counters every instance shares (rate-limiter-flexible's table layout), created here once rather
 * than by each instance racing to create it.
 */
export const leadSubmissions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_submission')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
      .addColumn('name', 'text')
      .addColumn('cargo', 'text')
      .addColumn('company', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    for (const column of ['lead_name', 'lead_cargo', 'lead_company']) {
      await db.schema.alterTable('call').addColumn(column, 'text').execute();
    }
    await db.schema.createIndex('outbox_to_created_idx').on('outbox').columns(['to_email', 'created_at']).execute();
    await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
    if (isPostgres(db)) {
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expire', 'bigint')
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limit').ifExists().execute();
    await db.schema.dropIndex('outbox_created_idx').ifExists().execute();
    await db.schema.dropIndex('outbox_to_created_idx').ifExists().execute();
    for (const column of ['lead_company', 'lead_cargo', 'lead_name']) {
      await db.schema.alterTable('call').dropColumn(column).execute();
    }
    await db.schema.dropTable('lead_submission').ifExists().execute();
  },
};
