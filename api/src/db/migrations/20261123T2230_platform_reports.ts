import type { Kysely, Migration } from 'kysely';

/** Report columns the platform fills at the end of a call; the call row has the first three already. */
const VAPI_CALL_REPORT_COLUMNS = [
  ['transcript', 'text'],
  ['summary', 'text'],
  ['duration', 'integer'],
  ['ended_reason', 'text'],
  ['recording_url', 'text'],
  ['reported_at', 'text'],
] as const;
const CALL_REPORT_COLUMNS = [
  ['ended_reason', 'text'],
  ['recording_url', 'text'],
] as const;

/**
 * What the platform tells the Server URL about a conversation. The report is kept on the
 * conversation (it may arrive before or after the visitor's lead is registered) and copied onto
 * its call rows. Each delivery is recorded by the digest of its body, so a retried or replayed
 * delivery is recognised and changes nothing a second time.
 */
export const platformReports: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [column, type] of VAPI_CALL_REPORT_COLUMNS) await db.schema.alterTable('vapi_call').addColumn(column, type).execute();
    for (const [column, type] of CALL_REPORT_COLUMNS) await db.schema.alterTable('call').addColumn(column, type).execute();
    await db.schema
      .createTable('vapi_event_delivery')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('vapi_id', 'text')
      .addColumn('response', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vapi_event_delivery_received_idx').on('vapi_event_delivery').column('received_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('vapi_event_delivery').ifExists().execute();
    for (const [column] of CALL_REPORT_COLUMNS) await db.schema.alterTable('call').dropColumn(column).execute();
    for (const [column] of VAPI_CALL_REPORT_COLUMNS) await db.schema.alterTable('vapi_call').dropColumn(column).execute();
  },
};
