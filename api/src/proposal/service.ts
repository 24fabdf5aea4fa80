// proposal.send: the pdf row (the rendered proposal, valid 30 days) and the two outbox rows
// (confirmation + proposal) in one transaction. Idempotent per call: pdf.call_id is unique.
import { nowIso } from '../db';
import { newId } from '../ids';
import { enqueue } from '../mail/outbox';
import { confirmationEmail, proposalEmail } from '../mail/templates';
import { renderProposalContent } from '../pages/proposal';
import { mailboxOf, type ProposalView } from '../pages/proposal-view';
import type { Deps } from '../deps';

export const PROPOSAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SendResult = { status: 'queued' } | { status: 'already-queued' } | { status: 'not-found' };

export async function sendProposal(deps: Deps, callId: string): Promise<SendResult> {
  const { db, config } = deps;
  const k = db.kysely;

  const existing = await k.selectFrom('pdf').select('id').where('call_id', '=', callId).executeTakeFirst();
  if (existing) return { status: 'already-queued' };

  const row = await k
    .selectFrom('call')
    .innerJoin('customer', 'customer.id', 'call.customer_id')
    .leftJoin('vapi_call', 'vapi_call.id', 'call.vapi_call_id')
    .select([
      'call.id as call_id',
      'call.transaction as transaction',
      'call.summary as call_summary',
      'customer.email as email',
      'customer.name as name',
      'customer.cargo as cargo',
      'customer.company as company',
      'vapi_call.vapi_id as vapi_id',
      'vapi_call.initial_data as initial_data',
    ])
    .where('call.id', '=', callId)
    .executeTakeFirst();
  if (!row) return { status: 'not-found' };

  // Outside the transaction: it may talk to the platform.
  const summary = await deps.summaries
    .getSummary({ vapiId: row.vapi_id ?? null, callSummary: row.call_summary, initialData: db.parseJson(row.initial_data) })
    .catch((err) => {
      deps.log.warn('summary lookup failed', { err });
      return row.call_summary;
    });

  const now = nowIso();
  const expiresAt = new Date(Date.now() + PROPOSAL_TTL_MS).toISOString();
  const view: ProposalView = {
    name: row.name,
    cargo: row.cargo,
    company: row.company,
    email: row.email,
    summary: summary ?? null,
    link: `${config.PUBLIC_URL}/propuesta/${callId}`,
    ourCompany: config.COMPANY_NAME,
    assistantName: config.ASSISTANT_NAME,
    contactEmail: mailboxOf(config.MAIL_FROM),
    expiresAt,
  };
  const content = renderProposalContent(view);
  const confirmation = confirmationEmail(view);
  const proposal = proposalEmail(view);
  const pdfId = newId();

  try {
    await k.transaction().execute(async (tx) => {
      await tx
        .insertInto('pdf')
        .values({
          id: pdfId,
          transaction: row.transaction,
          call_id: callId,
          content,
          email: row.email,
          email_sent: db.bool(false),
          expires_at: expiresAt,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await enqueue(tx, [
        { kind: 'confirmation', pdfId, to: row.email, from: config.MAIL_FROM, ...confirmation },
        { kind: 'proposal', pdfId, to: row.email, from: config.MAIL_FROM, ...proposal },
      ]);
    });
  } catch (err) {
    if (db.isUniqueViolation(err)) return { status: 'already-queued' };
    throw err;
  }
  deps.nudgeMail();
  return { status: 'queued' };
}
