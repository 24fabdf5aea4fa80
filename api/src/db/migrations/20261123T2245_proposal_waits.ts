import type { Kysely, Migration } from 'kysely';

/**
 * Proposals waiting for the platform's end-of-call report: the proposal message is already in
 * the outbox (so the mail caps count it), held back until the report arrives or the wait after
 * the call's end runs out. Kept in the database so a restart loses no waiting proposal.
 */
export const proposalWaits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('proposal_wait')
      .addColumn('outbox_id', 'text', (c) => c.primaryKey().references('outbox.id'))
      .addColumn('call_id', 'text', (c) => c.notNull().references('call.id'))
      .addColumn('vapi_call_id', 'text', (c) => c.notNull().references('vapi_call.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('proposal_wait_vapi_call_idx').on('proposal_wait').column('vapi_call_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('proposal_wait').ifExists().execute();
  },
};
