import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The proposal as a sales document: what it offers (the chosen items, their prices and the
 * visitor's words that chose them, as JSON), its PDF rendered once per version, the version a
 * visitor accepts, and who accepted it when.
 */
export const proposalDocuments: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema.alterTable('pdf').addColumn('document', pg ? sql`jsonb` : sql`text`).execute();
    await db.schema.alterTable('pdf').addColumn('pdf_file', pg ? sql`bytea` : sql`blob`).execute();
    await db.schema.alterTable('pdf').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('pdf').addColumn('accepted_at', 'text').execute();
    await db.schema.alterTable('pdf').addColumn('accepted_name', 'text').execute();
    await db.schema.alterTable('pdf').addColumn('accepted_version', 'integer').execute();
    // The visitor's own words the platform reported (their turns, and its analysis of them).
    await db.schema.alterTable('vapi_call').addColumn('visitor_words', pg ? sql`jsonb` : sql`text`).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('vapi_call').dropColumn('visitor_words').execute();
    for (const column of ['accepted_version', 'accepted_name', 'accepted_at', 'version', 'pdf_file', 'document']) {
      await db.schema.alterTable('pdf').dropColumn(column).execute();
    }
  },
};
