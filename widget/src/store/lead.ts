/**
 * The lead submit: customer.upsert → calls.createWithVerification (transaction
 * 'propuesta-' + Date.now(), status 'completada') → proposal.send. Loaded lazily with the session
 * chunk; the store calls it and owns the state around it.
 */
import type { Texts } from '../i18n';
import type { LeadApi } from '../rpc/types';
import type { EmailForm, ToastApi } from './store';

export interface LeadContext {
  api: () => Promise<LeadApi>;
  form: EmailForm;
  texts: Texts;
  now: () => number;
  /** Our vapi_call row for this conversation, if this page created one: its id and token. */
  vapiCallRow: () => Promise<{ id: string; token: string } | undefined>;
  storeSet: (key: string, value: string) => void;
  toast: ToastApi;
  emit: (type: string, detail: unknown) => void;
  log: (...args: unknown[]) => void;
}

export type LeadOutcome = 'saved' | 'customer-failed' | 'call-failed' | 'send-failed';

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
  try {
    // The proposal email is sent after a successful call registration.
    // The token proves this visitor held the conversation the proposal is about.
    await api.sendProposal({ callId, ...(vapiRow ? { token: vapiRow.token } : {}) });
  } catch (err) {
    ctx.log('proposal.send failed', err);
    ctx.toast.error(texts.toastSendError);
    ctx.emit('helena:lead', { ...lead, customerId, callId });
    ctx.emit('helena:error', { message: (err as Error)?.message || texts.toastSendError, source: 'lead' });
    return 'send-failed';
  }
  ctx.toast.success(texts.toastSending);
  ctx.emit('helena:lead', { ...lead, customerId, callId });
  return 'saved';
}
