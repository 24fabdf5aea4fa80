import { sql, type Kysely, type Migration } from 'kysely';
import { searchKeyOf } from '../../panel/search-key';
import { isPostgres } from '../dialect';

/**
 * The site owner's panel: sign-in links and sessions (both stored only as sha256 of the secret
 * the browser holds), each proposal version, the audit log of the owner's actions (who, what, when, which lead: nothing
 * else about the person), and on each lead its folded search text and the owner's outcome.
 */
export const ownerPanel: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('owner_signin_token')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('owner_signin_token_expires_idx').on('owner_signin_token').column('expires_at').execute();
    await db.schema
      .createTable('owner_session')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('panel_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('lead_id', 'text')
      .execute();
    await db.schema.createIndex('panel_audit_at_idx').on('panel_audit').columns(['at', 'id']).execute();

    // Each version of a proposal as the visitor saw it (the pdf row holds only the latest).
    await db.schema
      .createTable('proposal_version')
      .addColumn('pdf_id', 'text', (c) => c.notNull().references('pdf.id'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('document', isPostgres(db) ? sql`jsonb` : sql`text`)
      .addColumn('pdf_file', isPostgres(db) ? sql`bytea` : sql`blob`)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('proposal_version_pk', ['pdf_id', 'version'])
      .execute();
    await db.schema.alterTable('call').addColumn('search_key', 'text').execute();
    await db.schema.alterTable('call').addColumn('outcome', 'text').execute();
    await db.schema.alterTable('call').addColumn('outcome_note', 'text').execute();
    await db.schema.alterTable('call').addColumn('outcome_at', 'text').execute();
    // Newest first, with the id breaking ties: the list's keyset order. The search text rides in
    // the index, so a search that matches little reads index entries, not rows (over 100,000
    // leads, a search for nothing took 140 ms reading rows and 19 ms reading this index).
    await db.schema.createIndex('call_created_idx').on('call').columns(['created_at', 'id', 'search_key']).execute();
    await db.schema.createIndex('vapi_call_created_idx').on('vapi_call').column('created_at').execute();
    // The funnel counts proposals by the day their lead came. Joining 100,000 leads to their
    // proposals took 0.25 s on SQLite (one lookup each, the state columns behind the document and
    // the PDF in each row); with the lead's time on the proposal, one index range holds it all.
    await db.schema.alterTable('pdf').addColumn('lead_created_at', 'text').execute();
    await sql`update pdf set lead_created_at = (select created_at from call where call.id = pdf.call_id)`.execute(db);
    await db.schema
      .createIndex('pdf_funnel_idx')
      .on('pdf')
      .columns(['lead_created_at', 'first_viewed_at', 'accepted_at', 'created_at'])
      .execute();

    const k = db as Kysely<{ call: { id: string; customer_id: string; lead_name: string | null; lead_company: string | null; search_key: string | null }; customer: { id: string; email: string } }>;
    const rows = await k
      .selectFrom('call')
      .innerJoin('customer', 'customer.id', 'call.customer_id')
      .select(['call.id', 'call.lead_name', 'call.lead_company', 'customer.email'])
      .execute();
    for (const r of rows) await k.updateTable('call').set({ search_key: searchKeyOf(r.lead_name, r.email, r.lead_company) }).where('id', '=', r.id).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('pdf_funnel_idx').ifExists().execute();
    await db.schema.alterTable('pdf').dropColumn('lead_created_at').execute();
    await db.schema.dropIndex('vapi_call_created_idx').ifExists().execute();
    await db.schema.dropIndex('call_created_idx').ifExists().execute();
    for (const c of ['outcome_at', 'outcome_note', 'outcome', 'search_key']) await db.schema.alterTable('call').dropColumn(c).execute();
    await db.schema.dropTable('proposal_version').ifExists().execute();
    await db.schema.dropTable('panel_audit').ifExists().execute();
    await db.schema.dropTable('owner_session').ifExists().execute();
    await db.schema.dropTable('owner_signin_token').ifExists().execute();
  },
};
