import type { Config } from './config';
import type { Db } from './db';
import type { RateLimits } from './http/rate-limits';
import type { Logger } from './log';
import type { Metrics } from './metrics/metrics';
import type { Conversations } from './proposal/conversation';
import type { PrivacyKeys } from './privacy/keys';

/** Everything a procedure or route needs; built once per app. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  /** Checks a proposal's conversation with the platform and brings its summary. */
  conversations: Conversations;
  limits: RateLimits;
  /** The key behind privacy links and the unsubscribe list's address hashes. */
  privacy: PrivacyKeys;
  /** A Server URL is configured: proposal emails wait for the end-of-call report. */
  awaitReports: boolean;
  /** The app's Prometheus counters (GET /metrics). */
  metrics: Metrics;
  /** Wakes the mail worker after new outbox rows (no-op when it is not running). */
  nudgeMail(): void;
  /** Wakes the webhook worker after new events (no-op when it is not running). */
  nudgeWebhooks(): void;
  /** Sends the platform deletions an erasure just queued; false when no platform can be asked (they stay queued). */
  nudgePlatformErasures(): boolean;
}
