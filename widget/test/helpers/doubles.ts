/**
 * Test doubles for the two external boundaries of the store: the voice client (the platform
 * and Daily, behind `@helena/sdk/web`) and the lead server (tRPC). Everything else is real.
 */
import { vi } from 'vitest';
import * as callModule from '../../src/store/call';
import * as sessionModule from '../../src/session';
// The email prompt is a lazy chunk the store imports at the first line it scans: loaded here, its
// first import in a test is as quick as the next ones, instead of a transform that a loaded
// machine may not finish within settle()'s rounds.
import '../../src/store/email-prompt';
import type { LeadApi } from '../../src/rpc/types';
import { createHelenaStore, type HelenaConfig, type StoreDeps } from '../../src/store/store';
import type { AddMessage, VoiceClient, VoiceOptions } from '../../src/voice/types';

export class FakeVoice implements VoiceClient {
  handlers = new Map<string, Array<(...args: any[]) => void>>();
  sent: AddMessage[] = [];
  startArgs: Array<[string | Record<string, any>, Record<string, any> | undefined]> = [];
  /** What start() does: resolve with a call, reject, or resolve null. */
  startResult: { id?: string } | null | Error = { id: 'vapi-call-1' };
  /** Emit call-start right after start() resolves (the platform saying 'listening'). */
  autoCallStart = true;
  stopError: Error | null = null;
  /** Emit call-end when stop() is called (as the real client does on leaving). */
  endOnStop = true;
  stops = 0;
  /** The client's lifecycle, announced by `phase` as WebCallClient does. */
  phase: 'idle' | 'starting' | 'live' | 'stopping' = 'idle';

  moveTo(next: FakeVoice['phase']) {
    const previous = this.phase;
    if (previous === next) return;
    this.phase = next;
    this.emit('phase', { previous, phase: next });
  }

  on(event: string, fn: (...args: any[]) => void) {
    const list = this.handlers.get(event) ?? [];
    list.push(fn);
    this.handlers.set(event, list);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }

  async start(assistant: string | Record<string, unknown>, overrides?: Record<string, unknown>) {
    this.startArgs.push([assistant, overrides]);
    this.muted = false;
    const r = this.startResult;
    this.moveTo('starting');
    if (r instanceof Error || !r) {
      this.moveTo('stopping');
      this.moveTo('idle');
      if (r instanceof Error) throw r;
      return r;
    }
    this.moveTo('live');
    if (this.autoCallStart) queueMicrotask(() => this.emit('call-start'));
    return r;
  }

  reconnects: unknown[] = [];
  /** What reconnect() does: join again (null) or fail with this error. */
  reconnectError: Error | null = null;

  /** As WebCallClient.reconnect: joins the kept room again and says call-start once live. */
  async reconnect(webCall: unknown) {
    this.reconnects.push(webCall);
    this.moveTo('starting');
    if (this.reconnectError) {
      this.emit('error', { type: 'reconnect-error', error: this.reconnectError.message });
      this.moveTo('stopping');
      this.moveTo('idle');
      throw this.reconnectError;
    }
    this.moveTo('live');
    this.emit('call-start');
  }

  async stop() {
    this.stops++;
    if (this.stopError) throw this.stopError;
    if (this.phase !== 'idle') this.moveTo('stopping');
    if (this.endOnStop) this.emit('call-end');
    this.moveTo('idle');
  }

  send(message: AddMessage) {
    this.sent.push(message);
  }

  /** The microphone, as the real client keeps it: only a live call has one. */
  muted = false;
  setMuted(mute: boolean) {
    if (this.phase !== 'live') throw new Error('Call object is not available.');
    this.muted = mute;
  }
  isMuted() {
    return this.phase === 'live' && this.muted;
  }

  transcript(role: 'assistant' | 'user', transcriptType: 'partial' | 'final', transcript: string) {
    this.emit('message', { type: 'transcript', role, transcriptType, transcript });
  }
}

export type ApiCall = [keyof LeadApi, unknown];

export class FakeApi implements LeadApi {
  calls: ApiCall[] = [];
  fail: Partial<Record<keyof LeadApi, Error>> = {};
  /** What proposal.send answers: queued, or held with nothing sent. */
  sendStatus: 'queued' | 'sent-recently' | 'not-sent' = 'queued';
  #n = 0;
  #record<T>(name: keyof LeadApi, input: unknown, value: T): Promise<T> {
    this.calls.push([name, input]);
    const error = this.fail[name];
    return error ? Promise.reject(error) : Promise.resolve(value);
  }
  upsertCustomer(input: unknown) {
    return this.#record('upsertCustomer', input, { id: 'cust-1' });
  }
  createCall(input: unknown) {
    return this.#record('createCall', input, { id: `call-row-${++this.#n}` });
  }
  createVapiCall(input: unknown) {
    return this.#record('createVapiCall', input, { id: 'vapi-row-1', token: 'tok-0123456789abcdef' });
  }
  updateVapiCall(input: unknown) {
    return this.#record('updateVapiCall', input, { id: 'vapi-row-1' });
  }
  getVapiCallByVapiId(input: { vapi_id: string }) {
    const at = '2026-01-01T00:00:00.000Z';
    return this.#record('getVapiCallByVapiId', input, { id: 'vapi-row-from-lookup', vapi_id: input.vapi_id, initial_data: null, status: 'active', created_at: at, updated_at: at });
  }
  sendProposal(input: unknown) {
    return this.#record('sendProposal', input, { status: this.sendStatus });
  }
  named(name: keyof LeadApi) {
    return this.calls.filter(([n]) => n === name).map(([, input]) => input as any);
  }
}

export class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

export interface Harness {
  store: ReturnType<typeof createHelenaStore>;
  voice: FakeVoice;
  api: FakeApi;
  storage: MemoryStorage;
  toasts: Array<['success' | 'error', string]>;
  events: Array<[string, any]>;
  host: EventTarget;
  voiceOptions: VoiceOptions[];
  logs: unknown[][];
}

/** A store wired to doubles of the two boundaries, with the lazy modules already in memory. */
export function makeStore(config: Partial<HelenaConfig> = {}, extra: Partial<StoreDeps> = {}): Harness {
  const voice = new FakeVoice();
  const api = new FakeApi();
  const storage = new MemoryStorage();
  const toasts: Harness['toasts'] = [];
  const events: Harness['events'] = [];
  const host = new EventTarget();
  const voiceOptions: VoiceOptions[] = [];
  const logs: unknown[][] = [];
  for (const type of ['helena:call-start', 'helena:call-end', 'helena:lead', 'helena:error']) {
    host.addEventListener(type, (e) => events.push([type, (e as CustomEvent).detail]));
  }
  const store = createHelenaStore(
    { apiUrl: 'http://127.0.0.1:9', company: 'Acme AI', ...config },
    {
      host: () => host,
      win: window,
      storage,
      tabStorage: new MemoryStorage(),
      loadVoice: async (options) => {
        voiceOptions.push(options);
        return voice;
      },
      loadApi: async () => api,
      loadCall: async () => callModule,
      loadSession: async () => sessionModule,
      toast: { success: (m) => void toasts.push(['success', m]), error: (m) => void toasts.push(['error', m]) },
      // No frames to wait for here (the timers may be fake): the element's tests paint.
      afterPaint: async () => {},
      now: () => 1_700_000_000_000,
      log: (...args) => void logs.push(args),
      ...extra,
    },
  );
  store.getState().attach();
  return { store, voice, api, storage, toasts, events, host, voiceOptions, logs };
}

/** Lets promises and queued microtasks run (with fake timers too). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((r) => setTimeout(r, 0));
  }
}
