// The customer domain's SQL. An anonymous visitor adds a customer or a submission; nothing here
// overwrites a stored customer, so nobody can rewrite another visitor's lead.
import { compiledOnce, nowIso, type Db } from '../db';
import { newId } from '../ids';

export interface LeadFields {
  email: string;
  name?: string;
  cargo?: string;
  company?: string;
  pag_web?: string;
}

// Insert, or leave a known address exactly as it is.
const insertIfNew = compiledOnce(['id', 'email', 'name', 'cargo', 'company', 'pag_web', 'now'] as const, (db, p) =>
  db
    .insertInto('customer')
    .values({ id: p.id, email: p.email, name: p.name, cargo: p.cargo, company: p.company, pag_web: p.pag_web, created_at: p.now, updated_at: p.now })
    .onConflict((oc) => oc.column('email').doNothing()),
);
const idByEmail = compiledOnce(['email'] as const, (db, p) => db.selectFrom('customer').select('id').where('email', '=', p.email));
const insertSubmission = compiledOnce(['id', 'customer_id', 'name', 'cargo', 'company', 'now'] as const, (db, p) =>
  db
    .insertInto('lead_submission')
    .values({ id: p.id, customer_id: p.customer_id, name: p.name, cargo: p.cargo, company: p.company, created_at: p.now }),
);

/**
 * Records one submission of the lead form: the customer row when the address is new, and a
 * submission row with what this visitor typed. Answers the submission's id, which is new every
 * time, so it says nothing about whether the address was known.
 */
export async function recordSubmission(db: Db, lead: LeadFields): Promise<string> {
  const now = nowIso();
  const values = { name: lead.name ?? null, cargo: lead.cargo ?? null, company: lead.company ?? null };
  await insertIfNew(db.kysely, { id: newId(), email: lead.email, ...values, pag_web: lead.pag_web ?? null, now });
  const customer = await idByEmail<{ id: string }>(db.kysely, { email: lead.email });
  const stored = customer.rows[0];
  // insertIfNew just made sure the row exists: its absence means the database broke the insert.
  if (!stored) throw new Error('the customer row was missing right after its insert');
  const id = newId();
  await insertSubmission(db.kysely, { id, customer_id: stored.id, ...values, now });
  return id;
}

export interface Submission {
  customer_id: string;
  /** The customer's (lower-cased) address. */
  email: string;
  name: string | null;
  cargo: string | null;
  company: string | null;
}

const submissionById = compiledOnce(['id'] as const, (db, p) =>
  db
    .selectFrom('lead_submission as s')
    .innerJoin('customer as c', 'c.id', 's.customer_id')
    .select(['s.customer_id', 'c.email', 's.name', 's.cargo', 's.company'])
    .where('s.id', '=', p.id),
);

/** A submission by the id customer.create/upsert answered with. */
export async function findSubmission(db: Db, id: string): Promise<Submission | undefined> {
  return (await submissionById<Submission>(db.kysely, { id })).rows[0];
}
