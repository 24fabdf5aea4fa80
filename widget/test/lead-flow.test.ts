/**
 * The whole lead flow through the element, against the real lead server started in-process on
 * 127.0.0.1 (tRPC over a temporary SQLite file, in a worker thread) with the
 * real @trpc/client: the call is recorded (vapi_call.create, then .update with its token), the
 * email said in the conversation opens the form, and the submit saves the customer, the call
 * linked to the conversation, and queues the emails in the outbox. Only the voice client is a
 * double. The mail worker is off: delivery is the server's suite's and the browser tests' concern.
 */
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '@helena/api/db';
import * as callModule from '../src/store/call';
import * as sessionModule from '../src/session';
import { setStoreDeps, type HelenaAssistantUIElement } from '../src/ui/element';
import { FakeVoice, MemoryStorage } from './helpers/doubles';
import { startLeadServer, type LeadServer } from './helpers/lead-server';

let server: LeadServer;
let voice: FakeVoice;
let storage: MemoryStorage;
let el: HelenaAssistantUIElement;

beforeAll(async () => {
  server = await startLeadServer();
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  voice = new FakeVoice();
  storage = new MemoryStorage();
  // The real lazy tRPC client (loadApi is not replaced).
  setStoreDeps({
    loadVoice: async () => voice,
    loadCall: async () => callModule,
    loadSession: async () => sessionModule,
    storage,
    tabStorage: new MemoryStorage(),
    log: () => {},
  });
});

afterEach(() => {
  el?.remove();
});

/** The server's own database, as a second connection (what an operator would look at). */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SqliteDatabase(server.dbPath);
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}


/** A live call with its id, and the visitor's spoken address: the form opens prefilled. */
async function converse(vapiId: string, email: string, spoken: string) {
  voice.startResult = { id: vapiId };
  el = document.createElement('helena-assistant-ui') as HelenaAssistantUIElement;
  el.setAttribute('company', 'Acme AI');
  el.setAttribute('api-url', server.url);
  document.body.append(el);
  const ui = within(el.shadowRoot as unknown as HTMLElement);
  const leads: Array<Record<string, unknown>> = [];
  el.addEventListener('helena:lead', (e) => leads.push((e as CustomEvent<Record<string, unknown>>).detail));
  fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
  await ui.findByRole('button', { name: 'Finalizar Llamada' });
  await waitFor(() => expect(query('SELECT id FROM vapi_call WHERE vapi_id = ?', vapiId)).toHaveLength(1));
  voice.transcript('assistant', 'final', '¡Hola! Soy Helena, la asistente virtual de Acme AI.');
  voice.transcript('user', 'final', `Mi correo es ${spoken}`);
  const dialog = within(await ui.findByRole('dialog', { name: 'Enviar propuestas' }));
  expect(dialog.getByPlaceholderText<HTMLInputElement>('Tu correo electrónico').value).toBe(email);
  return { ui, dialog, leads };
}

describe('the lead flow against the real server on loopback', () => {
  it('records the call, saves the lead linked to it, queues the emails, and closes the call record', async () => {
    const email = 'juan.perez@acme-corp.com';
    const { ui, dialog, leads } = await converse('vapi-call-lead-1', email, 'juan punto perez arroba acme guion corp punto com');
    const [row] = query<{ id: string; status: string; initial_data: string }>('SELECT id, status, initial_data FROM vapi_call WHERE vapi_id = ?', 'vapi-call-lead-1');
    expect(row!.status).toBe('active');
    expect(JSON.parse(row!.initial_data)).toMatchObject({ assistant_id: null, demo: true, locale: 'es' });

    fireEvent.input(dialog.getByRole('textbox', { name: 'Nombre completo' }), { target: { value: 'Juan Pérez' } });
    fireEvent.input(dialog.getByRole('textbox', { name: 'Cargo' }), { target: { value: 'CEO' } });
    fireEvent.input(dialog.getByRole('textbox', { name: 'Empresa' }), { target: { value: 'Acme Corp' } });
    const before = Date.now();
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
    expect(await ui.findByText('Enviando propuesta personalizada...')).toBeTruthy();

    const customers = query<{ id: string; name: string; cargo: string; company: string }>('SELECT id, name, cargo, company FROM customer WHERE email = ?', email);
    expect(customers).toMatchObject([{ name: 'Juan Pérez', cargo: 'CEO', company: 'Acme Corp' }]);
    const calls = query<{ id: string; transaction: string; customer_id: string; vapi_call_id: string; status: string }>(
      'SELECT id, "transaction", customer_id, vapi_call_id, status FROM call WHERE customer_id = ?',
      customers[0]!.id,
    );
    expect(calls).toHaveLength(1);
    // The call is linked to the conversation this page recorded (the token proved it).
    expect(calls[0]).toMatchObject({ vapi_call_id: row!.id, status: 'completada' });
    expect(calls[0]!.transaction).toMatch(/^propuesta-\d{13}$/);
    expect(Number(calls[0]!.transaction.slice('propuesta-'.length))).toBeGreaterThanOrEqual(before);
    expect(storage.getItem('correoUsuario')).toBe(email);
    expect(storage.getItem('callId')).toBe(calls[0]!.id);
    expect(storage.getItem('vapiCallId')).toBe('vapi-call-lead-1');
    // The id customer.upsert answers is the server's handle for this submission, not the row's.
    expect(leads).toEqual([{ email, name: 'Juan Pérez', cargo: 'CEO', company: 'Acme Corp', customerId: expect.stringMatching(/^[0-9a-f-]{36}$/), callId: calls[0]!.id }]);
    // The confirmation email is queued at once.
    expect(query<{ subject: string }>('SELECT subject FROM outbox WHERE to_email = ?', email).map((m) => m.subject)).toContain('Hemos recibido tu solicitud');
    // The form closes 1.5 s after saving.
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull(), { timeout: 3000 });

    // Ending the call closes the record, with its end time.
    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    await waitFor(() => expect(query<{ status: string }>('SELECT status FROM vapi_call WHERE id = ?', row!.id)[0]!.status).toBe('inactive'));
    expect(JSON.parse(query<{ initial_data: string }>('SELECT initial_data FROM vapi_call WHERE id = ?', row!.id)[0]!.initial_data)).toMatchObject({
      end_time: expect.any(String),
      start_time: expect.any(String),
    });
  });

  it('a server that fails the customer save: the error toast, the email kept, the form closed, the call goes on', async () => {
    const db = new SqliteDatabase(server.dbPath);
    db.exec(`CREATE TRIGGER widget_fail_customer BEFORE INSERT ON customer BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;`);
    try {
      const email = 'ana@fallo.es';
      const { ui, dialog } = await converse('vapi-call-lead-2', email, 'ana arroba fallo punto es');
      fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
      expect(await ui.findByText('Error al guardar envio de propuesta')).toBeTruthy();
      expect(ui.queryByRole('dialog')).toBeNull();
      expect(storage.getItem('correoUsuario')).toBe(email);
      expect(query('SELECT id FROM customer WHERE email = ?', email)).toEqual([]);
      expect(ui.getByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
    } finally {
      db.exec('DROP TRIGGER IF EXISTS widget_fail_customer;');
      db.close();
    }
  });
});
