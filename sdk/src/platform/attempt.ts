// Sends one request with the client's policy: every attempt has its own timeout, and a failure
// the retry policy allows is retried after its delay. A plain loop over fetch: the whole policy
// is a few lines, and a general-purpose HTTP library would cost the browser bundle more than the
// rest of the client together.
import { platformApiError, PlatformTimeoutError } from './errors.js';
import type { RetryInfo } from './options.js';
import { mayRetry, retryDelay } from './retry.js';

export interface AttemptPlan {
  method: string;
  url: string;
  headers: Headers;
  body: string | FormData | undefined;
  signal: AbortSignal | undefined;
  timeout: number | false;
  retry: number;
  fetch: typeof globalThis.fetch | undefined;
  onRetry: ((info: RetryInfo) => void) | undefined;
}

/** The final answer (OK or not: the caller turns a non-OK one into an error), or a thrown failure. */
export async function sendWithRetry(plan: AttemptPlan): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    plan.signal?.throwIfAborted();
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await once(plan);
      if (response.ok) return response;
    } catch (error) {
      if (error instanceof PlatformTimeoutError || plan.signal?.aborted) throw error;
      failure = error;
    }
    const delay = attempt <= plan.retry && mayRetry(plan.method, response) ? retryDelay(attempt, response) : undefined;
    if (delay === undefined) {
      if (response) return response;
      throw failure;
    }
    // The failed answer's body is not read: free it.
    void response?.body?.cancel().catch(() => undefined);
    const { method, url } = plan;
    const error = response ? platformApiError({ status: response.status, method, url, body: undefined, response }) : failure;
    plan.onRetry?.({ attempt, method, url, status: response?.status, error });
    await sleep(delay, plan.signal);
  }
}

/** One attempt, aborted by the caller's signal or by the attempt's own timeout. */
async function once(plan: AttemptPlan): Promise<Response> {
  const { timeout, signal } = plan;
  if (timeout === false && !signal) return doFetch(plan, undefined);
  const controller = new AbortController();
  const abort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer =
    timeout === false
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout);
  try {
    return await doFetch(plan, controller.signal);
  } catch (error) {
    if (timedOut) throw new PlatformTimeoutError({ method: plan.method, url: plan.url, timeout: timeout || 0, cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

function doFetch(plan: AttemptPlan, signal: AbortSignal | undefined): Promise<Response> {
  const init: RequestInit = { method: plan.method, headers: plan.headers, body: plan.body, signal };
  return plan.fetch ? plan.fetch(plan.url, init) : globalThis.fetch(plan.url, init);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      // The signal's reason: an AbortError DOMException unless its owner gave another.
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
