// What the visitor (through the widget or the assistant) is told of a proposal send: queued, or
// held back by a mail cap with nothing sent. Only the per-recipient cap is told apart ('one went
// to this address recently', what the visitor asked is about that address); an unsubscribed
// address and the hourly cap read alike, so an answer says nothing else about an address.
import type { ProposalSendStatus } from '@helena/contract';
import type { Config } from '../config';
import type { SendResult } from './service';

/** The send's status for the visitor; only for a send the service accepted (queued, already queued or held). */
export function sendStatus(result: Extract<SendResult, { status: 'queued' | 'already-queued' | 'held' }>, config: Pick<Config, 'MAIL_PER_RECIPIENT'>): ProposalSendStatus {
  if (result.status !== 'held') return 'queued';
  // With a cap of 0 nothing ever went to the address: 'recently sent' would be untrue.
  return config.MAIL_PER_RECIPIENT > 0 && result.cap === 'per-recipient' ? 'sent-recently' : 'not-sent';
}
