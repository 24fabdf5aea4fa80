// The owner's 'Reenviar': the proposal as it stands (its latest version and PDF) goes to the
// visitor once more, through the outbox and under the same caps and unsubscribe list as the
// first send. The answer says what really happened: queued, or why not.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db';
import type { Deps } from '../deps';
import { enqueue } from '../mail/outbox';
import { proposalEmail } from '../mail/templates';
import { storedDocument } from './document';
import { findStoredProposal } from './queries';
import { heldBy, visitorMailPartsOf, type MailCap } from './service';
import { pdfAttachment } from './versions';

export type ResendResult = { status: 'queued' } | { status: MailCap | 'expired' | 'missing' };

export async function resendProposal(deps: Deps, callId: string, alsoInTransaction?: (tx: Transaction<Database>) => Promise<void>): Promise<ResendResult> {
  const { db, config } = deps;
  const stored = await findStoredProposal(db, callId);
  const doc = stored ? storedDocument(db.parseJson(stored.document)) : null;
  if (!stored || !doc) return { status: 'missing' };
  if (!stored.accepted_at && stored.expires_at <= nowIso()) return { status: 'expired' };
  const held = await heldBy(deps, stored.email);
  if (held) return { status: held.cap };
  const parts = await visitorMailPartsOf(deps, stored.email);
  const email = proposalEmail(doc, parts.footer, { withPdf: !!stored.pdf_file });
  await db.kysely.transaction().execute(async (tx) => {
    await enqueue(tx, [
      {
        kind: 'proposal',
        pdfId: stored.id,
        to: stored.email,
        from: config.MAIL_FROM,
        headers: parts.headers,
        ...email,
        ...(stored.pdf_file ? { attachments: [pdfAttachment(doc, Buffer.from(stored.pdf_file))] } : {}),
      },
    ]);
    await alsoInTransaction?.(tx);
  });
  deps.nudgeMail();
  return { status: 'queued' };
}
