// The transport contract of a room: what a transport (a WebSocket, an in-memory pipe) gives the
// room for each call object, and what the room hands back.
import type { ClientFrame, ServerFrame } from '../simulated/protocol';

/** One joined call object, seen from the room. */
export interface RoomConnection {
  send(frame: ServerFrame): void;
  close(): void;
}

/** What a transport hands to the room for one connection. */
export interface RoomSession {
  receive(frame: ClientFrame): void;
  closed(): void;
}
