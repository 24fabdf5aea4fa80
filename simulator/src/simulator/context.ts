// What a route handler of the simulator gets, and what it returns.
import type { Conversation, DialogueFactory } from './dialogue';
import type { RoomRegistry } from './room-registry';
import type { SimulatorScriptOptions } from './room-timings';
import type { ServerMessenger } from './server-messages';
import type { MemoryStore, Query } from './store';

export type Auth = 'private' | 'public' | 'none';
export type BodyKind = 'json' | 'multipart' | 'none';

export interface SimulatorState {
  store: MemoryStore;
  rooms: RoomRegistry;
  script: SimulatorScriptOptions;
  /** Starts the assistant's side of a call or chat. */
  dialogue: DialogueFactory;
  /** Chat conversations, by chat id and by session id. */
  dialogues: Map<string, Conversation>;
  /** Sends server messages to assistants' Server URLs (when a secret is configured). */
  serverMessages?: ServerMessenger;
}

export interface RouteContext {
  method: string;
  /** The route's path template, e.g. `/assistant/:id`. */
  path: string;
  params: Record<string, string>;
  query: Query;
  body: unknown;
  /** The simulator's public base URL: the request's origin plus the mount prefix, or `publicUrl`. */
  base: string;
  state: SimulatorState;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** `json` (default), `text`, or `stream` (a ReadableStream body, sent as it is produced). */
  type?: 'json' | 'text' | 'stream';
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: Auth;
  body: BodyKind;
  handler: (ctx: RouteContext) => Reply | Promise<Reply>;
}

export const reply = (body: unknown, status = 200): Reply => ({ status, body });

/** The path parameter `name` of the matched route; a route template without it is a bug here, not a bad request. */
export function param(ctx: RouteContext, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`The route ${ctx.path} has no :${name} parameter.`);
  return value;
}

