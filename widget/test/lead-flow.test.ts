/**
 * The whole lead flow through the element, against a fake tRPC server on loopback (real HTTP,
 * real @trpc/client): the call is recorded (vapi_call.create / .update with its token), the
 * email said in the conversation opens the modal, and the submit runs customer.upsert →
 * calls.createWithVerification → proposal.send. Only the voice client is a double.
 */
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as callModule from '../src/store/call';
import * as sessionModule from '../src/session';
import { setStoreDeps, type HelenaAssistantUIElement } from '../src/ui/element';
import { FakeVoice, MemoryStorage } from './helpers/doubles';
import { startFakeTrpcServer } from './helpers/trpc-server';

let server: Awaited<ReturnType<typeof startFakeTrpcServer>>;
let failUpsert = false;
let voice: FakeVoice;
let storage: MemoryStorage;
let el: HelenaAssistantUIElement;

beforeAll(async () => {
  server = await startFakeTrpcServer({
    'vapi_call.create': (input) => ({ data: { id: `row-${input.vapi_id}`, token: 'token-0123456789abcdef' } }),
    'vapi_call.update': (input) => ({ data: { id: input.id } }),
    'customer.upsert': () =>
      failUpsert ? { error: { message: 'Internal server error', code: -32603, httpStatus: 500 } } : { data: { id: 'cust-1' } },
    'calls.createWithVerification': () => ({ data: { id: 'call-1' } }),
    'proposal.send': () => ({ data: { queued: true } }),
  });
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  failUpsert = false;
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

async function converse() {
  el = document.createElement('helena-assistant-ui') as HelenaAssistantUIElement;
  el.setAttribute('company', 'Acme AI');
  el.setAttribute('api-url', server.url);
  el.setAttribute('mode', 'voice');
  document.body.append(el);
  const ui = within(el.shadowRoot as unknown as HTMLElement);
  const leads: any[] = [];
  el.addEventListener('helena:lead', (e) => leads.push((e as CustomEvent).detail));
  fireEvent.click(await ui.findByRole('button', { name: 'Hablar con Helena' }));
  await ui.findByRole('button', { name: 'Finalizar Llamada' });
  await waitFor(() => expect(server.requests.map((r) => r.path)).toEqual(['vapi_call.create']));
  voice.transcript('assistant', 'final', '¡Hola! Soy Helena, la asistente virtual de Acme AI.');
  voice.transcript('user', 'final', 'Mi correo es juan punto perez arroba acme guion corp punto com');
  const dialog = within(await ui.findByRole('dialog', { name: 'Enviar propuestas' }));
  return { ui, dialog, leads };
}

describe('the lead flow against a tRPC server on loopback', () => {
  it('records the call, submits the lead in order and sends the proposal', async () => {
    const { ui, dialog, leads } = await converse();
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      input: { vapi_id: 'vapi-call-1', status: 'active', initial_data: { assistant_id: null, demo: true } },
    });
    expect(dialog.getByPlaceholderText<HTMLInputElement>('Tu correo electrónico').value).toBe('juan.perez@acme-corp.com');
    fireEvent.input(dialog.getByRole('textbox', { name: 'Nombre completo' }), { target: { value: 'Juan Pérez' } });
    fireEvent.input(dialog.getByRole('textbox', { name: 'Cargo' }), { target: { value: 'CEO' } });
    fireEvent.input(dialog.getByRole('textbox', { name: 'Empresa' }), { target: { value: 'Acme Corp' } });
    const before = Date.now();
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
    expect(await ui.findByText('Enviando propuesta personalizada...')).toBeTruthy();
    await waitFor(() => expect(server.requests.map((r) => r.path)).toContain('proposal.send'));
    const paths = server.requests.map((r) => r.path);
    expect(paths).toEqual(['vapi_call.create', 'customer.upsert', 'calls.createWithVerification', 'proposal.send']);
    expect(server.requests.every((r) => r.method === 'POST' && r.contentType === 'application/json')).toBe(true);
    expect(server.requests[1]!.input).toEqual({
      email: 'juan.perez@acme-corp.com',
      name: 'Juan Pérez',
      cargo: 'CEO',
      company: 'Acme Corp',
      website: '',
    });
    const call = server.requests[2]!.input;
    expect(call).toMatchObject({
      customer_id: 'cust-1',
      vapi_call_id: 'row-vapi-call-1',
      vapi_call_token: 'token-0123456789abcdef',
      status: 'completada',
    });
    expect(call.transaction).toMatch(/^propuesta-\d{13}$/);
    expect(Number(call.transaction.slice('propuesta-'.length))).toBeGreaterThanOrEqual(before);
    expect(server.requests[3]!.input).toEqual({ callId: 'call-1', token: 'token-0123456789abcdef' });
    expect(storage.getItem('correoUsuario')).toBe('juan.perez@acme-corp.com');
    expect(storage.getItem('callId')).toBe('call-1');
    expect(storage.getItem('vapiCallId')).toBe('vapi-call-1');
    expect(leads).toEqual([
      { email: 'juan.perez@acme-corp.com', name: 'Juan Pérez', cargo: 'CEO', company: 'Acme Corp', customerId: 'cust-1', callId: 'call-1' },
    ]);
    // closes 1.5 s after saving
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull(), { timeout: 3000 });

    // ending the call updates the record with its token and an end_time
    fireEvent.click(ui.getByRole('button', { name: 'Finalizar Llamada' }));
    await waitFor(() => expect(server.requests.map((r) => r.path)).toContain('vapi_call.update'));
    expect(server.requests.at(-1)!.input).toMatchObject({
      id: 'row-vapi-call-1',
      token: 'token-0123456789abcdef',
      status: 'inactive',
      initial_data: { end_time: expect.any(String), start_time: expect.any(String) },
    });
  });

  it('a failed customer save: the error toast, the email kept, the modal closed, the call goes on', async () => {
    failUpsert = true;
    const { ui, dialog } = await converse();
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar propuestas' }));
    expect(await ui.findByText('Error al guardar envio de propuesta')).toBeTruthy();
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(storage.getItem('correoUsuario')).toBe('juan.perez@acme-corp.com');
    expect(server.requests.map((r) => r.path)).toEqual(['vapi_call.create', 'customer.upsert']);
    expect(ui.getByRole('button', { name: 'Finalizar Llamada' })).toBeTruthy();
  });
});
