/**
 * What the client's parts (start stages, event bridge, remote audio, app messages) need from the
 * client itself. One small surface, so each part can live in its own module and the lifecycle
 * stays owned by the client alone.
 */
import type { WebCallEvents } from './events';
import type { WebCallLogger } from './logger';
import type { CallSession } from './session';

export interface CallHost {
  emit<E extends keyof WebCallEvents>(event: E, ...args: Parameters<WebCallEvents[E]>): boolean;
  listenerCount(event: keyof WebCallEvents): number;
  readonly logger: WebCallLogger;
  /** Whether `session` is the client's current call (starting or live). */
  isCurrent(session: CallSession): boolean;
  /** The assistant playback volume the caller chose, or null. */
  volume(): number | null;
  /** The call object reported leaving the meeting. */
  onLeftMeeting(session: CallSession): void;
}
