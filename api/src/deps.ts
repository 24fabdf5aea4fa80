import type { Config } from './config';
import type { Db } from './db';
import type { Logger } from './log';
import type { SummarySource } from './mail/summary';

/** Everything a procedure or route needs; built once per app. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  summaries: SummarySource;
  /** Wakes the mail worker after new outbox rows (no-op when it is not running). */
  nudgeMail(): void;
}
