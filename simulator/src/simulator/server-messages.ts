// The simulator's Server URL deliveries: as the platform does, it POSTs `status-update` and
// `end-of-call-report` messages to the `server.url` the call's assistant (or its overrides)
// names, signed with the shared secret in `x-vapi-signature`, and retries a failed delivery a
// few times. One call's messages go out in order.
import { signServerMessage } from '@helena/sdk';
import { asJson, type Json } from './json';
import { uuid } from './store';


export interface ServerMessengerOptions {
  /** The credential's secret: each body's HMAC-SHA256 goes in `x-vapi-signature`. */
  secret: string;
  /**
   * The organisation's Server URL: used when neither the assistant nor its overrides name one. A
   * function is asked at each delivery (a host that learns its own address only once it listens).
   */
  fallbackUrl?: string | (() => string | undefined);
  /** Attempts per delivery. Default 4. */
  attempts?: number;
  /** The first retry's delay, doubled at each retry. Default 250 ms. */
  retryBaseMs?: number;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /**
   * Requests in flight to Server URLs at once, across all conversations (default 32). Each one
   * beyond the HTTP client's idle connections opens a new one, and a busy receiver accepts new
   * connections slowly (one per turn of its event loop), so an unbounded fan-out under load
   * leaves messages, and the visitors' own new connections, waiting in its accept queue.
   */
  maxInFlight?: number;
  /** Told about a delivery that failed every attempt. */
  onFailure?: (url: string, type: string, error: unknown) => void;
}

export interface ServerMessenger {
  /** The call record changed by `patch`: sends what the platform would for it. */
  callChanged(assistant: Json, call: Json, patch: Json): void;
  /**
   * The assistant calls a function tool its `model.tools` has (see {@link assistantTool}): a
   * `tool-calls` message about `subject` (a call, or a chat), after that conversation's earlier
   * messages. Resolves with the server's result for this tool call, or undefined when nothing
   * was sent or no usable answer came back.
   */
  toolCall(assistant: Json, subject: { call: Json } | { chat: Json }, toolCall: FunctionToolCallJson): Promise<ToolCallOutcome | undefined>;
  /** Resolves when every delivery under way has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** What the Server URL answered for one tool call (`{ results: [{ toolCallId, result | error }] }`). */
export interface ToolCallOutcome {
  result?: string;
  error?: string;
}

/** The statuses whose change the platform reports as a `status-update`. */
const REPORTED_STATUSES = new Set(['ringing', 'in-progress', 'forwarding', 'ended']);

/** One function call of a `tool-calls` message's `toolCallList`. */
export interface FunctionToolCallJson {
  id: string;
  type: 'function';
  function: { name: string; arguments: Json };
}

/** The assistant's function tool `name`, when its `model.tools` has it: the platform calls only configured tools. */
export function assistantTool(assistant: Json, name: string): Json | undefined {
  const tools = asJson(assistant.model).tools;
  return (Array.isArray(tools) ? tools : []).map(asJson).find((t) => t.type === 'function' && asJson(t.function).name === name);
}

/** A call of `name` with `args`, with a fresh id. */
export function functionToolCall(name: string, args: Json): FunctionToolCallJson {
  return { id: `call_${uuid()}`, type: 'function', function: { name, arguments: args } };
}

/** At most `size` tasks run at once; the others wait their turn, first come first served. */
function createSlots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else busy++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The end-of-call report for an ended call record, in the platform's `ServerMessageEndOfCallReport` shape. */
export function endOfCallReport(call: Json): Json {
  const artifact: Json = { ...(call.artifact ?? {}) };
  if (artifact.transcript === undefined && typeof call.transcript === 'string') artifact.transcript = call.transcript;
  return {
    type: 'end-of-call-report',
    timestamp: Date.now(),
    endedReason: call.endedReason ?? 'customer-ended-call',
    startedAt: call.startedAt,
    endedAt: call.endedAt,
    cost: call.cost ?? 0,
    artifact,
    analysis: call.analysis ?? { summary: call.summary },
    call,
  };
}

export function createServerMessenger(options: ServerMessengerOptions): ServerMessenger {
  const attempts = Math.max(1, options.attempts ?? 4);
  const retryBaseMs = options.retryBaseMs ?? 250;
  const doFetch = options.fetch ?? fetch;
  const maxInFlight = options.maxInFlight ?? 32;
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new RangeError(`maxInFlight must be a whole number of at least 1, got ${maxInFlight}`);
  const slots = createSlots(maxInFlight);
  const chains = new Map<string, Promise<void>>();

  const urlFor = (assistant: Json): string | undefined => {
    const named = asJson(assistant.server).url;
    const url = typeof named === 'string' && named ? named : typeof options.fallbackUrl === 'function' ? options.fallbackUrl() : options.fallbackUrl;
    return url || undefined;
  };

  /** POSTs `body` (a message of `type`) until it is taken; resolves with the answer's JSON body (undefined when none). */
  async function deliver(url: string, type: string, body: string): Promise<unknown> {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      try {
        // The slot is held until the answer is read: the connection is busy until then.
        const answer = await slots.run(async (): Promise<{ status: number; json?: unknown }> => {
          // Signed once a slot is free: messages waiting their turn hold no key, job or copy.
          const signature = await signServerMessage(options.secret, body);
          const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-vapi-signature': signature }, body });
          if (res.ok) return { status: res.status, json: (await res.json().catch(() => undefined)) as unknown };
          await res.body?.cancel();
          return { status: res.status };
        });
        if (answer.status >= 200 && answer.status < 300) return answer.json;
        // A refusal of the message itself (4xx other than 408/429) will not change on retry.
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) return undefined;
        lastError = new Error(`HTTP ${answer.status}`);
      } catch (err) {
        lastError = err;
      }
    }
    options.onFailure?.(url, type, lastError);
    return undefined;
  }

  /** Delivers after the conversation's earlier messages; resolves with the answer's body. */
  function enqueue(conversationId: string, url: string, message: Json): Promise<unknown> {
    // Serialised at once: a backlog (a burst of ended calls waiting for a slot) holds each message
    // as its JSON text, not as the call record's object graph, which weighs several times more.
    const body = JSON.stringify({ message });
    const type = String(message.type);
    const delivered = (chains.get(conversationId) ?? Promise.resolve()).then(() => deliver(url, type, body));
    const next = delivered.then(() => undefined);
    chains.set(conversationId, next);
    void next.finally(() => {
      if (chains.get(conversationId) === next) chains.delete(conversationId);
    });
    return delivered;
  }

  const outcomeFor = (answer: unknown, toolCallId: string): ToolCallOutcome | undefined => {
    const results = (answer as { results?: unknown } | undefined)?.results;
    const found = Array.isArray(results) ? (results as Json[]).find((r) => r?.toolCallId === toolCallId) : undefined;
    if (!found) return undefined;
    const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? undefined : JSON.stringify(v));
    return { result: text(found.result), error: text(found.error) };
  };

  return {
    callChanged(assistant, call, patch) {
      const url = urlFor(assistant);
      if (!url || typeof patch.status !== 'string' || !REPORTED_STATUSES.has(patch.status)) return;
      const id = String(call.id);
      void enqueue(id, url, {
        type: 'status-update',
        timestamp: Date.now(),
        status: patch.status,
        ...(patch.endedReason ? { endedReason: patch.endedReason } : {}),
        call,
      });
      if (patch.status === 'ended') void enqueue(id, url, endOfCallReport(call));
    },
    async toolCall(assistant, subject, toolCall) {
      const url = urlFor(assistant);
      const tool = assistantTool(assistant, toolCall.function.name);
      if (!url || !tool) return undefined;
      // A chat's turns share its session: that is the conversation whose messages stay in order.
      const conversationId = 'call' in subject ? String(subject.call.id) : String(subject.chat.sessionId ?? subject.chat.id);
      const answer = await enqueue(conversationId, url, {
        type: 'tool-calls',
        timestamp: Date.now(),
        toolCallList: [toolCall],
        toolWithToolCallList: [{ ...tool, toolCall }],
        ...subject,
      });
      return outcomeFor(answer, toolCall.id);
    },
    async idle() {
      while (chains.size) await Promise.allSettled([...chains.values()]);
    },
  };
}
