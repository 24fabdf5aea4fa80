import type { Kysely, Migration } from 'kysely';

/**
 * Every end-of-call report updates the call rows of its conversation (`where vapi_call_id = ?`).
 * Without an index that is a scan of the whole call table per report, which on SQLite runs on
 * the event loop and grows with every lead ever taken.
 */
export const callVapiCallIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('call_vapi_call_id_idx').on('call').column('vapi_call_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('call_vapi_call_id_idx').ifExists().execute();
  },
};
