import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The proposal as a sales document: what it offers (the chosen items, their prices and the
 * visitor's words that chose them, as JSON), its PDF rendered once per version, the version a
 * visitor accepts, who accepted it when, and when the visitor first opened it.
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
    // The visitor's own words the platform reported (their turns, and its analysis of them), and
    // the conversation's turns with their times, for the sales team's copy of the lead.
    await db.schema.alterTable('vapi_call').addColumn('visitor_words', pg ? sql`jsonb` : sql`text`).execute();
    await db.schema.alterTable('vapi_call').addColumn('conversation', pg ? sql`jsonb` : sql`text`).execute();
    // When the visitor first opened the page or the PDF from their email (the team's links do not count).
    await db.schema.alterTable('pdf').addColumn('first_viewed_at', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('vapi_call').dropColumn('conversation').execute();
    await db.schema.alterTable('vapi_call').dropColumn('visitor_words').execute();
    for (const column of ['first_viewed_at', 'accepted_version', 'accepted_name', 'accepted_at', 'version', 'pdf_file', 'document']) {
      await db.schema.alterTable('pdf').dropColumn(column).execute();
    }
  },
};
