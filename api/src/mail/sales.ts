// The sales team's copy of a lead: internal mail to SALES_EMAIL through the same durable outbox
// and worker as every other message. Its Reply-To is the visitor, so answering it answers the
// lead. It is the team's own mail, not the visitor's: no footer, no List-Unsubscribe, not counted
// by the visitor's caps (they count 'proposal' messages) and untouched by the visitor's
// unsubscribe (it cancels mail to the visitor's address). The visitor's address on the row
// (reply_to) is how an erasure of that address finds it.
import type { Transaction } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { normalizeAddress } from '../privacy/keys';
import { enqueue, type OutboxMessage } from './outbox';
import type { RenderedEmail } from './templates';

/** A rendered sales email (src/sales/templates.ts) and whom replies go to. */
export interface SalesEmail extends RenderedEmail {
  /** The visitor's address: replies go there. */
  replyTo: string;
  /** The proposal the message is about, if any: erased with it. */
  pdfId?: string | null;
  attachments?: OutboxMessage['attachments'];
}

/**
 * Queues `mail` in the caller's transaction, one message per SALES_EMAIL address (so one refused
 * address does not hold back the others). Does nothing when SALES_EMAIL is unset; answers the
 * outbox ids. After the commit, wake the mail worker (`deps.nudgeMail()`).
 */
export function enqueueSalesEmail(tx: Transaction<Database>, config: Pick<Config, 'SALES_EMAIL' | 'MAIL_FROM'>, mail: SalesEmail): Promise<string[]> {
  return enqueue(
    tx,
    config.SALES_EMAIL.map((to) => ({
      kind: 'sales',
      to,
      from: config.MAIL_FROM,
      replyTo: normalizeAddress(mail.replyTo),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      pdfId: mail.pdfId ?? null,
      attachments: mail.attachments ?? null,
    })),
  );
}
