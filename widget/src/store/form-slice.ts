/**
 * The form slice: the email form's fields and state. The conversation opens it
 * (./email-prompt.ts); the submit's work, checks and lead flow run in the session chunk
 * (./lead.ts), loaded by `submit`.
 */
import type { EmailForm, FormSlice, StoreKit } from './types';

export const emptyForm = (): EmailForm => ({ email: '', name: '', cargo: '', company: '', website: '' });

export interface FormSliceDeps {
  /** The address last submitted (local storage), to prefill an empty form. */
  storedEmail(): string;
  /** Runs the submit's work (the session chunk's submitLead). */
  submit(): Promise<void>;
}

export function createFormSlice(kit: Pick<StoreKit, 'get' | 'set' | 'cancel' | 'texts' | 'toast' | 'log'>, deps: FormSliceDeps): FormSlice {
  const { get, set, cancel } = kit;
  return {
    emailOpen: false,
    form: emptyForm(),
    emailInvalid: false,
    submitting: false,
    saved: false,

    openEmailModal(prefill) {
      const { form } = get();
      cancel('modalAutoHide');
      set({ emailOpen: true, saved: false, form: { ...form, email: prefill ?? (form.email || deps.storedEmail()) } });
    },

    closeEmailModal() {
      cancel('modalAutoHide');
      cancel('modalClose');
      set({ emailOpen: false, submitting: false });
    },

    setField(field, value) {
      // The visitor is editing: the auto-hide no longer applies (a timed form must not be taken
      // away from someone who is filling it in).
      cancel('modalAutoHide');
      set({ form: { ...get().form, [field]: value }, ...(field === 'email' ? { emailInvalid: false } : {}) });
    },

    async submitLead() {
      const s = get();
      if (s.submitting) return;
      const texts = kit.texts();
      if (!s.form.email.trim()) {
        kit.toast.error(texts.toastEmailRequired);
        return;
      }
      cancel('modalAutoHide');
      set({ submitting: true });
      try {
        await deps.submit();
      } catch (err) {
        kit.log('lead flow unavailable', err);
        kit.toast.error(texts.toastSaveError);
        set({ submitting: false, emailOpen: false });
      }
    },
  };
}
