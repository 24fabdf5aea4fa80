/**
 * The call object's side of a start: create it (once no earlier one is still being destroyed),
 * wire its events, and warm it up (bundle, then microphone) plus the mobile wait, all while
 * `POST /call/web` is in flight. Nothing is created once the attempt is cancelled.
 */
import { StartCancelled, type Attempt } from './attempt';
import type { CallObjectLike, CreateCallObject, CreateCallObjectOptions } from './call-object';
import { MOBILE_JOIN_WAIT_MS } from './constants';
import { loadDailyFactory } from './daily-loader';
import type { EventBridge } from './event-bridge';
import type { WebCallLogger } from './logger';
import { CallSession } from './session';

export interface CallPreparationOptions {
  /** Replaces `Daily.createCallObject`; default: daily-js, imported on first use. */
  createCallObject: CreateCallObject | undefined;
  dailyCallObject: CreateCallObjectOptions;
  dailyConfig: Record<string, unknown>;
  bridge: EventBridge;
  logger: WebCallLogger;
  /** Resolves once no earlier call object is being destroyed (daily-js allows one at a time). */
  allTornDown(): Promise<void>;
}

/** A failed creation carries how long it took, for the stage's failure report. */
export function creationDuration(error: unknown): number {
  return (error as { createDuration?: number } | null)?.createDuration ?? 0;
}

export async function prepareSession(
  options: CallPreparationOptions,
  attempt: Attempt,
  videoSource: CreateCallObjectOptions['videoSource'],
  isMobile: boolean,
): Promise<CallSession> {
  const t0 = Date.now();
  let call: CallObjectLike;
  try {
    const factory = options.createCallObject ?? (await attempt.race(loadDailyFactory()));
    await attempt.race(options.allTornDown());
    if (attempt.cancelled) throw new StartCancelled();
    const { audioSource, startAudioOff } = options.dailyCallObject;
    const earlyTrack = attempt.microphone ? await attempt.race(attempt.microphone) : undefined;
    if (attempt.cancelled) throw new StartCancelled();
    call = factory({
      audioSource: earlyTrack ?? audioSource ?? true,
      videoSource,
      ...(startAudioOff !== undefined ? { startAudioOff } : {}),
      dailyConfig: options.dailyConfig,
    });
  } catch (error) {
    if (error && typeof error === 'object') (error as { createDuration?: number }).createDuration = Date.now() - t0;
    throw error;
  }
  const session = new CallSession(call, videoSource);
  session.createDuration = Date.now() - t0;
  attempt.sessions.add(session);
  options.bridge.wire(session);
  try {
    call.iframe?.()?.style.setProperty('display', 'none');
  } catch {
    // a call object has no iframe
  }
  if (isMobile) {
    const waitStart = Date.now();
    session.mobileWait = attempt.sleep(MOBILE_JOIN_WAIT_MS).then(() => {
      session.mobileWaitDuration = Date.now() - waitStart;
    });
  }
  session.warm = (async () => {
    try {
      await call.load();
      if (attempt.cancelled || session.disposing) return;
      await call.startCamera();
    } catch (error) {
      if (!session.disposing) options.logger.warn('[helena] pre-join warm-up failed; join() will retry it:', error);
    }
  })();
  return session;
}
