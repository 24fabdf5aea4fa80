// How long the scripted assistant takes over each step of a call: the options a simulator is
// given, and the timings a room runs on once the speed factor is applied.
/** Timings of the scripted assistant. Keep them short in tests (`{ speed: 20 }`, or each one). */
export interface SimulatorScriptOptions {
  /** Divides every timing below (2 = twice as fast). Default 1. */
  speed?: number;
  /** Time the assistant takes to say one word. Default 160 ms. */
  wordMs?: number;
  /** A partial transcript every this many words. Default 2. */
  partialEveryWords?: number;
  /** From joining to 'listening'. Default 200 ms. */
  listeningDelayMs?: number;
  /** From 'listening' to the first message. Default 250 ms. */
  firstMessageDelayMs?: number;
  /** From a visitor's turn to the answer. Default 450 ms. */
  responseDelayMs?: number;
  /** How often the speaker's audio level changes while it speaks. Default 60 ms. */
  levelIntervalMs?: number;
  /** From the ended status to the room closing. Default 300 ms. */
  hangupDelayMs?: number;
  /**
   * A call whose room outlives its visitor (`roomDeleteOnUserLeaveEnabled: false`) ends this
   * long after the last one left without anyone rejoining, as the platform's silence timeout
   * ends an abandoned call. Default 30 s (the platform's default silence timeout).
   */
  abandonedRoomMs?: number;
  /** Name of the assistant when neither the assistant nor its overrides name one. Default 'Helena'. */
  defaultName?: string;
}

export interface Timings {
  wordMs: number;
  partialEveryWords: number;
  listeningDelayMs: number;
  firstMessageDelayMs: number;
  responseDelayMs: number;
  levelIntervalMs: number;
  hangupDelayMs: number;
  abandonedRoomMs: number;
}

export function resolveTimings(o: SimulatorScriptOptions = {}): Timings {
  const speed = o.speed && o.speed > 0 ? o.speed : 1;
  const t = (v: number | undefined, d: number) => Math.max(0, (v ?? d) / speed);
  return {
    wordMs: Math.max(1, t(o.wordMs, 160)),
    partialEveryWords: Math.max(1, Math.floor(o.partialEveryWords ?? 2)),
    listeningDelayMs: t(o.listeningDelayMs, 200),
    firstMessageDelayMs: t(o.firstMessageDelayMs, 250),
    responseDelayMs: t(o.responseDelayMs, 450),
    levelIntervalMs: Math.max(5, t(o.levelIntervalMs, 60)),
    hangupDelayMs: t(o.hangupDelayMs, 300),
    abandonedRoomMs: t(o.abandonedRoomMs, 30_000),
  };
}
