/**
 * The email form checks the address in the browser: a mistyped one keeps the form open with the
 * other fields and an inline message, is never stored, and never reaches the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore, settle, type Harness } from './helpers/doubles';

let h: Harness;
afterEach(() => h?.store.getState().detach());

const filled = (email: string) => ({ email, name: 'Ana Ruiz', cargo: 'Gerente', company: 'Panadería Ruiz', website: '' });

describe('the email form', () => {
  it.each(['ana@empresa', 'ana arroba empresa', 'ana@empresa.c', '@empresa.com', 'ana@@empresa.com'])(
    '%j: inline message, fields kept, nothing stored or sent',
    async (email) => {
      h = makeStore();
      h.store.getState().openEmailModal();
      h.store.setState({ form: filled(email) });
      await h.store.getState().submitLead();
      await settle();
      expect(h.store.getState()).toMatchObject({ emailOpen: true, emailInvalid: true, submitting: false, form: filled(email) });
      expect(h.storage.getItem('correoUsuario')).toBeNull();
      expect(h.api.calls).toEqual([]);
      expect(h.toasts).toEqual([]);
      // Editing the address clears the message.
      h.store.getState().setField('email', 'ana@empresa.com');
      expect(h.store.getState().emailInvalid).toBe(false);
    },
  );

  it('a valid address is stored and sent', async () => {
    h = makeStore();
    h.store.getState().openEmailModal();
    h.store.setState({ form: filled('Ana@Empresa.com') });
    await h.store.getState().submitLead();
    expect(h.store.getState().emailInvalid).toBe(false);
    expect(h.storage.getItem('correoUsuario')).toBe('Ana@Empresa.com');
    expect(h.api.named('upsertCustomer')).toHaveLength(1);
  });
});
