/**
 * The one platform request the web-call client makes: `POST /call/web`. A plain `fetch`, kept
 * separate from the REST client so the web entry point stays small. Each `WebCallClient` owns
 * its token and base URL (the reference shares one module-level client across instances).
 */

import { DEFAULT_BASE_URL } from '../platform/base-url';
// Type-only: the REST client's module, and ky with it, stays out of the web bundle.
import type { CreateWebCallBody, WebCall } from '../platform/hand-written';
import type { AssistantOverrides, CreateAssistantDTO, CreateSquadDTO, CreateWorkflowDTO, WorkflowOverrides } from './platform-types';

export { DEFAULT_BASE_URL };
export type { CreateWebCallBody, WebCall };

/** A saved assistant's id, or an inline assistant. */
export type AssistantInput = CreateAssistantDTO | string;
/** A saved squad's id, or an inline squad. */
export type SquadInput = CreateSquadDTO | string;
/** A saved workflow's id, or an inline workflow. */
export type WorkflowInput = CreateWorkflowDTO | string;

/** What `start()` was given, as the `POST /call/web` body: objects inline, ids in the `…Id` field. */
export function toWebCallBody(
  assistant: AssistantInput | undefined,
  assistantOverrides: AssistantOverrides | undefined,
  squad: SquadInput | undefined,
  workflow: WorkflowInput | undefined,
  workflowOverrides: WorkflowOverrides | undefined,
  roomDeleteOnUserLeaveEnabled: boolean | undefined,
): CreateWebCallBody {
  return {
    assistant: typeof assistant === 'string' ? undefined : assistant,
    assistantId: typeof assistant === 'string' ? assistant : undefined,
    assistantOverrides,
    squad: typeof squad === 'string' ? undefined : squad,
    squadId: typeof squad === 'string' ? squad : undefined,
    workflow: typeof workflow === 'string' ? undefined : workflow,
    workflowId: typeof workflow === 'string' ? workflow : undefined,
    workflowOverrides,
    roomDeleteOnUserLeaveEnabled,
  };
}

/** What `reconnect()` needs from a call `start()` returned. */
export interface ReconnectWebCall {
  webCallUrl: string;
  id?: string;
  artifactPlan?: { videoRecordingEnabled?: boolean };
  assistant?: { voice?: { provider?: string } };
  transport?: { callToken?: string };
}

/** A non-OK answer to `POST /call/web`. `body` is the parsed error body (or its text). */
export class WebCallRequestError extends Error {
  override name = 'WebCallRequestError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly url: string,
  ) {
    super(describe(status, body, url));
  }

  /** The error body, under the name `serializeError` reports. */
  get details(): unknown {
    return this.body;
  }
}

function describe(status: number, body: unknown, url: string): string {
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string' && message) return message;
    const error = (body as { error?: unknown }).error;
    if (typeof error === 'string' && error) return `${error} (HTTP ${status})`;
  }
  if (typeof body === 'string' && body) return `${body} (HTTP ${status})`;
  return `POST ${routeOf(url)} failed with HTTP ${status}`;
}

/** The path of a request URL, for messages ('/call/web', '/chat/web'). */
function routeOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/^.*?(\/(call|chat)\/web.*)$/, '$1');
  } catch {
    return url;
  }
}

export interface CreateWebCallOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * POSTs `body` as JSON to `path` under the base URL with the public key; the two web routes
 * (`/call/web`, `/chat/web`) share it.
 */
export async function postPublic(path: string, body: unknown, options: CreateWebCallOptions): Promise<{ response: Response; url: string }> {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}${path}`;
  const response = await doFetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  return { response, url };
}

/** A JSON answer's body, or its text when it is not JSON; a non-OK answer throws `Failure`. */
export async function readAnswer(
  response: Response,
  url: string,
  Failure: new (status: number, body: unknown, url: string) => Error = WebCallRequestError,
): Promise<unknown> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  if (!response.ok) throw new Failure(response.status, parsed, url);
  return parsed;
}

export async function createWebCall(body: CreateWebCallBody, options: CreateWebCallOptions): Promise<WebCall> {
  const { response, url } = await postPublic('/call/web', body, options);
  return ((await readAnswer(response, url)) ?? {}) as WebCall;
}
