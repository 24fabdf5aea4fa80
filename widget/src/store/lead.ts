/**
 * The lead submit: customer.upsert → calls.createWithVerification (transaction
 * 'propuesta-' + Date.now(), status 'completada') → proposal.send. Loaded lazily with the session
 * chunk; the store calls it and owns the state around it.
 */
import { detectEmail } from '@helena/sdk';
import type { ProposalSendStatus } from '@helena/contract';
import type { Texts } from '../i18n';
import { callTextsFor, type CallTexts } from '../i18n-call';
import { leadTextsFor } from '../i18n-lead';
import type { LeadApi } from '../rpc/types';
import type { EmailForm, StoreKit } from './types';

/** The form closes this long after a successful send, once the visitor has seen it worked. */
export const MODAL_CLOSE_AFTER_SAVE_MS = 1_500;

/** What the lead flow uses: parts of the store's kit, the form, and the texts of its locale. */
export type LeadContext = Pick<StoreKit, 'api' | 'now' | 'vapiCallRow' | 'storeSet' | 'toast' | 'emit' | 'log'> & { form: EmailForm; texts: Texts & CallTexts };

const FAILURES = ['customer-failed', 'call-failed', 'send-failed'] as const;

/** The server's answer to the send (queued, or held with nothing sent), or the step that failed. */
export type LeadOutcome = ProposalSendStatus | (typeof FAILURES)[number];

/** The server answered the send (whatever became of the proposal). */
const answered = (outcome: LeadOutcome): outcome is ProposalSendStatus => !(FAILURES as readonly string[]).includes(outcome);

export async function runLead(ctx: LeadContext): Promise<LeadOutcome> {
  const { form, texts } = ctx;
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  const lead = { email: form.email.trim(), name: opt(form.name), cargo: opt(form.cargo), company: opt(form.company) };
  ctx.storeSet('correoUsuario', lead.email);
  let api: LeadApi;
  let customerId: string;
  try {
    api = await ctx.api();
    customerId = (await api.upsertCustomer({ ...lead, website: form.website })).id;
  } catch (err) {
    // The customer save failed: the email stays stored locally, the modal closes, the flow goes on.
    ctx.log('customer.upsert failed', err);
    ctx.toast.error(texts.toastSaveError);
    ctx.emit('helena:error', { message: (err as Error)?.message || texts.errUnknown, source: 'lead' });
    return 'customer-failed';
  }
  let callId: string;
  let vapiRow: { id: string; token: string } | undefined;
  try {
    vapiRow = await ctx.vapiCallRow();
    const created = await api.createCall({
      transaction: 'propuesta-' + ctx.now(),
      customer_id: customerId,
      ...(vapiRow ? { vapi_call_id: vapiRow.id, vapi_call_token: vapiRow.token } : {}),
      status: 'completada',
    });
    callId = created.id;
    ctx.storeSet('callId', callId);
  } catch (err) {
    // A failed call registration is only logged (the host page still hears of it): the lead
    // itself is already saved, and the visitor has nothing to retry.
    ctx.log('call registration failed', err);
    ctx.emit('helena:lead', { ...lead, customerId, callId: null });
    ctx.emit('helena:error', { message: (err as Error)?.message || texts.errUnknown, source: 'lead' });
    return 'call-failed';
  }
  let status: ProposalSendStatus;
  try {
    // The proposal email is sent after a successful call registration.
    // The token proves this visitor held the conversation the proposal is about.
    status = (await api.sendProposal({ callId, ...(vapiRow ? { token: vapiRow.token } : {}) })).status;
  } catch (err) {
    ctx.log('proposal.send failed', err);
    ctx.toast.error(texts.toastSendError);
    ctx.emit('helena:lead', { ...lead, customerId, callId });
    ctx.emit('helena:error', { message: (err as Error)?.message || texts.toastSendError, source: 'lead' });
    return 'send-failed';
  }
  // Held back by a mail cap, nothing was sent: 'Enviando propuesta…' would claim a send.
  if (status === 'queued') ctx.toast.success(texts.toastSending);
  ctx.emit('helena:lead', { ...lead, customerId, callId });
  return status;
}

/** What the form's submit uses of the store's kit. */
export type SubmitContext = Pick<StoreKit, 'get' | 'set' | 'texts' | 'api' | 'now' | 'vapiCallRow' | 'storeSet' | 'toast' | 'emit' | 'log' | 'append' | 'later' | 'note'>;

/**
 * The form's submit once an address is there: checked in the browser first, so that a mistyped
 * address keeps the form open with the other fields, is never stored and never reaches the
 * server; then the lead flow; then the visitor is told once, in the chat, what became of the
 * proposal: by the assistant, which hears it from the page (so it says only what the server
 * really did), or by the page itself when no conversation is there to hear it. A held proposal
 * (nothing sent) is also a toast, in place of the sending one.
 */
export async function submitLead(ctx: SubmitContext): Promise<void> {
  const { form } = ctx.get();
  const typed = form.email.trim();
  if (detectEmail(typed) !== typed.toLowerCase()) {
    ctx.set({ submitting: false, emailInvalid: true });
    return;
  }
  const outcome = await runLead({ ...ctx, form, texts: { ...ctx.texts(), ...callTextsFor(ctx.get().config.locale) } });
  if (!answered(outcome)) {
    ctx.set({ submitting: false, emailOpen: false });
    return;
  }
  ctx.set({ submitting: false, saved: true });
  const said = leadTextsFor(ctx.get().config.locale).proposal[outcome];
  const shown = said.shown.replace('{email}', typed);
  if (outcome !== 'queued') ctx.toast.error(shown);
  const heard = await ctx.note(said.note.replace('{email}', typed));
  if (!heard) ctx.append('bot', shown);
  ctx.later('modalClose', MODAL_CLOSE_AFTER_SAVE_MS, () => ctx.set({ emailOpen: false, saved: false }));
}
