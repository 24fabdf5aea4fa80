// The WebSocket a simulated call object reaches its room over: the browser's own, or the `ws`
// package in Node 20, which has none.

/** The WebSocket surface used here: the browser's `WebSocket` and the `ws` package both have it. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type WebSocketConstructorLike = new (url: string) => WebSocketLike;

/** `http(s)://host/base/room/name` → `ws(s)://host/base/room/name`. */
export function toWebSocketUrl(url: string): string {
  const u = new URL(url);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  return u.toString();
}

export async function resolveWebSocket(custom?: WebSocketConstructorLike): Promise<WebSocketConstructorLike> {
  if (custom) return custom;
  const native = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof native === 'function') return native as WebSocketConstructorLike;
  // Node 20 has no global WebSocket: `ws` stands in. A specifier in a variable keeps bundlers
  // from pulling ws into a browser build, where the native WebSocket always exists.
  const specifier = 'ws';
  const mod = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as { WebSocket?: unknown; default?: unknown };
  return (mod.WebSocket ?? mod.default) as WebSocketConstructorLike;
}
