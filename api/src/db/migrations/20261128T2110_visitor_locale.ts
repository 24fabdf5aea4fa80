import type { Kysely, Migration } from 'kysely';

/**
 * The visitor's language, kept with their conversation (the widget's `locale`): every mail, page
 * and PDF made for them follows it. Null for conversations registered before it was kept, or by a
 * client that does not say: those are in the site's language.
 */
export const visitorLocale: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('vapi_call').addColumn('locale', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('vapi_call').dropColumn('locale').execute();
  },
};
