/**
 * The store's call controller: the voice client's events, transcripts, the vapi_call record and
 * typed lines sent during a call. It is part of the store (it changes state only through the
 * store's `set` and helpers) but is loaded lazily, at the first call start, with the voice
 * client, so that none of it weighs on the UI chunk.
 */
import { LEAD_TOOL_NAME } from '@helena/contract';
import { functionToolCalls, type ServerMessageOf } from '@helena/sdk';
import { earlierConversation } from './carry-over';
import { settleCarried } from './carried-line';
import { errorMessage } from './error-message';
import { callTextsFor } from '../i18n-call';
import { createConversationRecord } from './record';
import { clearTicket, REJOIN_KEY, writeTicket, type RejoinTicket } from './rejoin';
import type { CallRecord, Heard } from './call-record';

export type { Heard } from './call-record';
import { assistantOverrides } from '../voice/overrides';
import type { WebCallPhase, WebCallPhaseEvent } from '@helena/sdk/web';
import type { PlatformMessage, VoiceClient } from '../voice/types';
import type { CallController, CallStatus, ChatMessage, HelenaState, StoreKit } from './types';

/** The speaking indicator goes off this long after the assistant's final transcript. */
export const SPEAKING_OFF_MS = 500;


/** The address a `tool-calls` message registers through the lead tool, if it does. */
export function registeredEmail(m: PlatformMessage): string | undefined {
  for (const call of functionToolCalls(m as ServerMessageOf<'tool-calls'>, LEAD_TOOL_NAME)) {
    const { email } = call.arguments;
    if (typeof email === 'string' && email.includes('@')) return email.trim().toLowerCase();
  }
  return undefined;
}


/**
 * The one mapping from the voice client's lifecycle to the specification's status: idle is
 * 'inactive', starting and stopping are 'loading', live is 'active' once the assistant listens.
 * A requested call is 'loading' until the client reports its first phase; an ended or failed one
 * is 'inactive' at once, while its teardown goes on unseen.
 */
export function statusOf(phase: WebCallPhase, heard: Heard | null): CallStatus {
  if (heard === null || heard === 'over') return 'inactive';
  switch (phase) {
    case 'idle':
      return heard === 'waiting' ? 'loading' : 'inactive';
    case 'live':
      return heard === 'listening' ? 'active' : 'loading';
    default:
      return 'loading';
  }
}

/** A daily room's meeting token, when the platform's transport carries one. */
const callTokenOf = (transport: object | undefined): string | undefined => {
  const token = (transport as { callToken?: unknown } | undefined)?.callToken;
  return typeof token === 'string' ? token : undefined;
};

/** The call controller owns the voice call's side effects: it uses the whole of the store's kit. */
export function createCallController(ctx: StoreKit): CallController {
  /** The UI's texts and the call's own (errors, farewell, greeting), in the element's locale. */
  const texts = () => ({ ...ctx.texts(), ...callTextsFor(ctx.get().config.locale) });
  /** The voice client's phase, as its `phase` event last reported it. */
  let phase: WebCallPhase = 'idle';
  /** The one place the store's status changes during a call: it follows `statusOf`. */
  const follow = (alongside: Partial<HelenaState> = {}) => {
    const status = statusOf(phase, call?.heard ?? null);
    // A mute belongs to its call: the next one starts with the microphone on.
    ctx.set({ status, ...(status === 'inactive' ? { muted: false } : null), ...alongside });
  };
  /** A failure ends the call: the store shows the error and is inactive again. */
  const fail = (message: string, source: string) => {
    if (call) call.heard = 'over';
    clearTicket(ctx.tab);
    ctx.set({ muted: false });
    ctx.fail(message, source);
  };
  let client: VoiceClient | null = null;
  let clientPromise: Promise<VoiceClient> | null = null;
  let call: CallRecord | null = null;
  const newCall = (): CallRecord => {
    const created: CallRecord = { heard: 'waiting', record: createConversationRecord(ctx, () => leaving(created)) };
    return created;
  };

  // ── rejoining: the tab's ticket back into this call after a reload or a navigation ──────────
  /** The tab's ticket, when it is this call's. */
  const ticketOf = (current: CallRecord): RejoinTicket | undefined => {
    try {
      const ticket = JSON.parse(ctx.tab?.getItem(REJOIN_KEY) ?? 'null') as RejoinTicket | null;
      return ticket && ticket.id === current.vapiId ? ticket : undefined;
    } catch {
      return undefined;
    }
  };
  /** The page goes away during the live call: the row stays open, the ticket says since when. */
  const leaving = (current: CallRecord): boolean => {
    const ticket = current === call && current.heard === 'listening' ? ticketOf(current) : undefined;
    if (ticket) writeTicket(ctx.tab, { ...ticket, leftAt: ctx.now() });
    return !!ticket;
  };
  /** Once the row exists, the ticket carries it, so that the next page keeps the same row. */
  const ticketRow = (current: CallRecord) =>
    void current.record.row().then((row) => {
      const ticket = row && ticketOf(current);
      if (ticket) writeTicket(ctx.tab, { ...ticket, row, initial: current.record.initial() });
    });

  /** helena:call-start, once the call is live and start() has told us its id (either order). */
  const announce = () => {
    const current = call;
    if (!current || current.announced || current.heard !== 'listening' || !current.resolved) return;
    current.announced = true;
    ctx.emit('helena:call-start', { vapiCallId: current.vapiId ?? null, demo: ctx.demo(ctx.get().config) });
  };

  // ── vapi_call record: created with status active on start, updated to inactive on stop ──────
  const createRecord = () => {
    const current = call;
    if (!current || current.heard !== 'listening' || !current.vapiId) return;
    current.record.create(current.vapiId);
    ticketRow(current);
  };

  const updateRecord = () => call?.record.close();

  // ── transcripts: a partial replaces the current line, a final one settles it ─────────────────
  /** The latest line of `role` still being transcribed (a typed line may have come in between). */
  const openLine = (messages: ChatMessage[], role: ChatMessage['role']): [number, ChatMessage] | undefined => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i];
      if (m && m.role === role && !m.isFinal) return [i, m];
    }
    return undefined;
  };

  /**
   * In a rejoined call, the first transcript of a role may be the rest of a line the earlier page
   * showed before its final came: true when it settled that line rather than being a new one.
   */
  const carriedOn = (role: ChatMessage['role'], text: string, isFinal: boolean): boolean => {
    const carried = call?.rejoined ? settleCarried(ctx.get().messages, role, text, isFinal) : undefined;
    if (carried) ctx.set({ messages: carried.messages });
    return !!carried?.absorbed;
  };

  const partial = (role: ChatMessage['role'], text: string) => {
    if (!carriedOn(role, text, false)) {
      const { messages } = ctx.get();
      const open = openLine(messages, role);
      if (open) {
        const next = messages.slice();
        next[open[0]] = { ...open[1], message: text };
        ctx.set({ messages: next });
        ctx.scroll();
      } else {
        ctx.append(role, text, false);
      }
    }
    if (role === 'bot') {
      ctx.cancel('speaking');
      ctx.set({ speaking: true });
    } else {
      ctx.set({ listening: true });
    }
  };

  const final = (role: ChatMessage['role'], text: string) => {
    if (!carriedOn(role, text, true)) {
      const { messages } = ctx.get();
      const open = openLine(messages, role);
      if (open) {
        const next = messages.slice();
        next[open[0]] = { ...open[1], message: text, isFinal: true };
        ctx.set({ messages: next });
        ctx.scroll();
      } else {
        ctx.append(role, text, true);
      }
    }
    if (role === 'bot') ctx.later('speaking', SPEAKING_OFF_MS, () => ctx.set({ speaking: false }));
    else ctx.set({ listening: false });
    // Only the visitor's words can carry the visitor's address: the assistant's lines quote
    // example addresses ('ana arroba empresa punto com') that must never prefill the form.
    if (role === 'user') ctx.scanText(text);
  };

  const onMessage = (m: PlatformMessage) => {
    if (!m || typeof m !== 'object') return;
    if (m.type === 'transcript' && typeof m.transcript === 'string') {
      const role = m.role === 'assistant' ? 'bot' : m.role === 'user' ? 'user' : null;
      if (!role) return;
      if (m.transcriptType === 'partial') partial(role, m.transcript);
      else final(role, m.transcript);
    } else if (m.type === 'response' && typeof m.content === 'string') {
      final(m.role === 'user' ? 'user' : 'bot', m.content);
    } else if (m.type === 'tool-calls') {
      const email = registeredEmail(m);
      if (!email) return;
      // The assistant registered the lead itself (the server behind its tool queues the
      // proposal), so the form is not needed: it closes, and the visitor sees it is on its way.
      ctx.cancel('modalAutoHide');
      ctx.set({ emailOpen: false });
      ctx.storeSet('correoUsuario', email);
      ctx.toast.success(texts().toastSending);
    }
  };

  const deliver = (text: string) => {
    ctx.append('user', text, true);
    try {
      client?.send({ type: 'add-message', message: { role: 'user', content: text } });
    } catch (err) {
      ctx.log('add-message failed', err);
    }
    ctx.scanText(text);
  };

  const note = (text: string): boolean => {
    if (!client || phase !== 'live') return false;
    try {
      client.send({ type: 'add-message', message: { role: 'system', content: text } });
      return true;
    } catch (err) {
      ctx.log('add-message failed', err);
      return false;
    }
  };

  const wire = (c: VoiceClient) => {
    c.on('phase', (event: WebCallPhaseEvent) => {
      phase = event.phase;
      if (call) follow();
    });
    c.on('call-start', () => {
      call ??= newCall();
      call.heard = 'listening';
      // What was typed (or said in an earlier call) before this call is the assistant's context.
      const earlier = earlierConversation(ctx.get().messages, ctx.get().config.name);
      follow({ error: null, ended: false, panelOpen: true });
      announce();
      createRecord();
      if (earlier && !call.rejoined) note(earlier);
      for (const text of ctx.takePending()) deliver(text);
    });
    c.on('call-end', () => {
      ctx.cancel('speaking');
      if (call) call.heard = 'over';
      clearTicket(ctx.tab);
      follow({ speaking: false, listening: false, volume: 0, ended: true });
      ctx.append('bot', texts().farewell);
      ctx.emit('helena:call-end', { vapiCallId: call?.vapiId ?? null });
      ctx.takePending();
      void updateRecord();
    });
    // Speech start and end are only logged by the seed; the indicator follows the transcripts.
    c.on('speech-start', () => {});
    c.on('speech-end', () => {});
    c.on('volume-level', (v: number) => {
      if (typeof v === 'number' && Number.isFinite(v)) ctx.set({ volume: Math.max(0, Math.min(1, v)) });
    });
    c.on('message', onMessage);
    c.on('error', (err: unknown) => {
      if (call?.rejoining) return ctx.log('rejoin error', err);
      fail(errorMessage(err) ?? texts().errUnknown, 'voice');
      void updateRecord();
    });
  };

  const ensureClient = () => {
    if (!clientPromise) {
      const { config } = ctx.get();
      clientPromise = ctx
        .loadVoice({ demo: ctx.demo(config), publicKey: config.publicKey, apiUrl: config.apiUrl, locale: config.locale })
        .then((c) => {
          try {
            wire(c);
          } catch (err) {
            ctx.log('voice events setup failed', err);
            throw Object.assign(new Error(texts().errEvents), { setup: true });
          }
          client = c;
          return c;
        })
        .catch((err) => {
          clientPromise = null;
          throw err;
        });
    }
    return clientPromise;
  };

  return {
    async start() {
      // The store has already shown 'loading' and opened the panel.
      const t = texts();
      const { config } = ctx.get();
      const thisCall = newCall();
      call = thisCall;
      ctx.set({ muted: false });
      let c: VoiceClient;
      try {
        c = await ensureClient();
      } catch (err) {
        ctx.log('voice client unavailable', err);
        fail((err as { setup?: boolean })?.setup ? t.errEvents : t.errNotInitialised, 'start');
        return;
      }
      if (call !== thisCall || thisCall.heard !== 'waiting') return; // stopped meanwhile
      try {
        const overrides = assistantOverrides({ ...config, greeting: t.greeting });
        // With an assistant id: the id plus the inline overrides. Without one (demo
        // mode only), the same settings as an inline assistant.
        // The room outlives the page, so that a reload or the next page of the site rejoins it.
        const keep = { roomDeleteOnUserLeaveEnabled: false };
        const started = config.assistantId
          ? await c.start(config.assistantId, overrides, undefined, undefined, undefined, keep)
          : await c.start({ name: config.name, ...overrides }, undefined, undefined, undefined, undefined, keep);
        if (call !== thisCall) return;
        thisCall.resolved = true;
        if (started?.id) {
          thisCall.vapiId = started.id;
          ctx.storeSet('vapiCallId', started.id);
          if (started.webCallUrl && (thisCall.heard as Heard) !== 'over') {
            writeTicket(ctx.tab, { id: started.id, webCallUrl: started.webCallUrl, callToken: callTokenOf(started.transport) });
          }
          createRecord();
        }
        if (started) announce();
        else if (thisCall.heard === 'waiting') fail(t.errStart, 'start');
      } catch (err) {
        if (call !== thisCall) return;
        ctx.log('start failed', err);
        fail(errorMessage(err) ?? t.errStart, 'start');
      }
    },

    async stop() {
      ctx.cancel('speaking');
      const thisCall = call;
      clearTicket(ctx.tab);
      try {
        // The room was kept for a rejoin: ending the call (not only leaving it) closes it.
        await (client?.end ? client.end() : client?.stop());
      } catch (err) {
        ctx.log('stop failed', err);
        fail(errorMessage(err) ?? texts().errStop, 'stop');
      }
      // The client is idle now; if the platform never confirmed with call-end (a start still
      // pending, or no client yet), the call is over all the same.
      if (thisCall && call === thisCall && thisCall.heard !== 'over') {
        thisCall.heard = 'over';
        follow({ speaking: false, listening: false, volume: 0 });
      }
      ctx.takePending();
      await updateRecord();
    },

    // Only a page that finds a ticket runs this: the flow is a chunk of its own.
    rejoin: () =>
      import('./rejoin-flow').then((m) =>
        m.rejoinCall({
          ctx,
          current: () => call,
          begin: () => (call = newCall()),
          follow,
          ensureClient,
        }),
      ),

    deliver,
    note,

    setMuted(muted) {
      if (!client || phase !== 'live') return false;
      try {
        client.setMuted(muted);
      } catch (err) {
        ctx.log('mute failed', err);
      }
      return client.isMuted();
    },

    async row() {
      return call?.record.row();
    },
  };
}
