import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect';

export const init: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    const json = pg ? sql`jsonb` : sql`text`;

    await db.schema
      .createTable('customer')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('cargo', 'text')
      .addColumn('company', 'text')
      .addColumn('pag_web', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('vapi_call')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vapi_id', 'text', (c) => c.notNull().unique())
      .addColumn('initial_data', json, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('call')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('transaction', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
      .addColumn('vapi_call_id', 'text', (c) => c.references('vapi_call.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('duration', 'integer')
      .addColumn('transcript', 'text')
      .addColumn('summary', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('call_customer_id_idx').on('call').column('customer_id').execute();

    await db.schema
      .createTable('pdf')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('transaction', 'text', (c) => c.notNull())
      // unique: proposal.send is idempotent per call
      .addColumn('call_id', 'text', (c) => c.notNull().unique().references('call.id'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_sent', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('email_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('pdf_id', 'text', (c) => c.references('pdf.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error_message', 'text')
      .execute();
    await db.schema.createIndex('email_log_pdf_id_idx').on('email_log').column('pdf_id').execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('pdf_id', 'text', (c) => c.references('pdf.id'))
      .addColumn('to_email', 'text', (c) => c.notNull())
      .addColumn('from_email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text')
      .addColumn('attachments', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('message_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['outbox', 'email_log', 'pdf', 'call', 'vapi_call', 'customer']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
