// The simulator's Server URL deliveries: as the platform does, it POSTs `status-update` and
// `end-of-call-report` messages to the `server.url` the call's assistant (or its overrides)
// names, signed with the shared secret in `x-vapi-signature`, and retries a failed delivery a
// few times. One call's messages go out in order.
import { signServerMessage } from '../../webhooks/verify';
import { uuid } from './store';

type Json = Record<string, any>;

export interface ServerMessengerOptions {
  /** The credential's secret: each body's HMAC-SHA256 goes in `x-vapi-signature`. */
  secret: string;
  /** The organisation's Server URL: used when neither the assistant nor its overrides name one. */
  fallbackUrl?: string;
  /** Attempts per delivery. Default 4. */
  attempts?: number;
  /** The first retry's delay, doubled at each retry. Default 250 ms. */
  retryBaseMs?: number;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Told about a delivery that failed every attempt. */
  onFailure?: (url: string, type: string, error: unknown) => void;
}

export interface ServerMessenger {
  /** The call record changed by `patch`: sends what the platform would for it. */
  callChanged(assistant: Json, call: Json, patch: Json): void;
  /** The assistant calls a function tool its `model.tools` has (see {@link assistantTool}): a `tool-calls` message. */
  toolCall(assistant: Json, call: Json, toolCall: FunctionToolCallJson): void;
  /** Resolves when every delivery under way has finished (tests, shutdown). */
  idle(): Promise<void>;
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
  const tools: Json[] = Array.isArray(assistant?.model?.tools) ? assistant.model.tools : [];
  return tools.find((t) => t?.type === 'function' && t.function?.name === name);
}

/** A call of `name` with `args`, with a fresh id. */
export function functionToolCall(name: string, args: Json): FunctionToolCallJson {
  return { id: `call_${uuid()}`, type: 'function', function: { name, arguments: args } };
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
  const chains = new Map<string, Promise<void>>();

  async function deliver(url: string, message: Json): Promise<void> {
    const body = JSON.stringify({ message });
    const signature = await signServerMessage(options.secret, body);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      try {
        const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-vapi-signature': signature }, body });
        await res.body?.cancel();
        // A refusal of the message itself (4xx other than 408/429) will not change on retry.
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)) return;
        lastError = new Error(`HTTP ${res.status}`);
      } catch (err) {
        lastError = err;
      }
    }
    options.onFailure?.(url, String(message.type), lastError);
  }

  function enqueue(callId: string, url: string, message: Json): void {
    const next = (chains.get(callId) ?? Promise.resolve()).then(() => deliver(url, message));
    chains.set(callId, next);
    void next.finally(() => {
      if (chains.get(callId) === next) chains.delete(callId);
    });
  }

  return {
    callChanged(assistant, call, patch) {
      const url = assistant?.server?.url ?? options.fallbackUrl;
      if (typeof url !== 'string' || !url || typeof patch.status !== 'string' || !REPORTED_STATUSES.has(patch.status)) return;
      const id = String(call.id);
      enqueue(id, url, {
        type: 'status-update',
        timestamp: Date.now(),
        status: patch.status,
        ...(patch.endedReason ? { endedReason: patch.endedReason } : {}),
        call,
      });
      if (patch.status === 'ended') enqueue(id, url, endOfCallReport(call));
    },
    toolCall(assistant, call, toolCall) {
      const url = assistant?.server?.url ?? options.fallbackUrl;
      const tool = assistantTool(assistant, toolCall.function.name);
      if (typeof url !== 'string' || !url || !tool) return;
      enqueue(String(call.id), url, {
        type: 'tool-calls',
        timestamp: Date.now(),
        toolCallList: [toolCall],
        toolWithToolCallList: [{ ...tool, toolCall }],
        call,
      });
    },
    async idle() {
      while (chains.size) await Promise.allSettled([...chains.values()]);
    },
  };
}
