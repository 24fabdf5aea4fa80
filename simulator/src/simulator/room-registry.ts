// The rooms of one simulator: where a call object finds the room of its URL, and the bounds that
// keep a long-running simulator from holding every room it ever opened.
import type { Room } from './rooms';
import type { RoomConnection, RoomSession } from './room-connection';
import { uuid } from './store';

/** A room name: URL-safe and unguessable (the room URL is the capability to join). */
export const newRoomName = (): string => uuid().replace(/-/g, '');

/** Every room of one simulator, by room name and by call id. */
export class RoomRegistry {
  private readonly byName = new Map<string, Room>();
  private readonly byCall = new Map<string, Room>();
  private readonly addedAt = new Map<Room, number>();

  /** At most `maxRooms` rooms, none kept longer than `maxAgeMs`; the oldest are ended and dropped. */
  constructor(private readonly bounds: { maxRooms: number; maxAgeMs: number } = { maxRooms: Infinity, maxAgeMs: Infinity }) {}

  add(room: Room): void {
    this.byName.set(room.name, room);
    this.byCall.set(room.callId, room);
    this.addedAt.set(room, Date.now());
    this.sweep();
  }

  /** Ends and drops the rooms over the bounds (oldest first). */
  sweep(): void {
    const oldest = Date.now() - this.bounds.maxAgeMs;
    for (const [room, t] of this.addedAt) {
      if (this.addedAt.size <= this.bounds.maxRooms && t >= oldest) break;
      this.drop(room);
    }
  }

  /** Ends and drops the room of `callId` (its call record is gone). */
  removeForCall(callId: string): void {
    const room = this.byCall.get(callId);
    if (room) this.drop(room);
  }

  private drop(room: Room): void {
    this.addedAt.delete(room);
    this.byName.delete(room.name);
    this.byCall.delete(room.callId);
    room.dispose();
  }

  get(name: string): Room | undefined {
    return this.byName.get(name);
  }

  forCall(callId: string): Room | undefined {
    return this.byCall.get(callId);
  }

  /** Opens a session on room `name`, or answers `no-room` and closes. */
  connect(name: string, conn: RoomConnection): RoomSession {
    const room = this.byName.get(name);
    if (room) return room.connect(conn);
    return {
      receive: (frame) => {
        if (frame.t === 'join') {
          conn.send({ t: 'error', type: 'no-room', message: "The meeting you're trying to join does not exist." });
          conn.close();
        }
      },
      closed: () => {},
    };
  }

  all(): Room[] {
    return [...this.byName.values()];
  }

  disposeAll(): void {
    for (const room of this.byName.values()) room.dispose();
  }
}
