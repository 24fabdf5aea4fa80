/**
 * The public `WebCallClient`: the core client (./client.ts) plus the shape checks of the daily-js
 * call-object options, made at construction so that a bad value throws where it is passed, with
 * an error naming the option (`DailyOptionError`), instead of deep inside daily's call machine.
 */
import { WebCallClientCore } from './client';
import { toClientOptions, type DailyCallConfig, type DailyCallObjectOptions, type WebCallClientOptions } from './client-options';
import { checkCallObjectOptions } from './daily-options';

export class WebCallClient extends WebCallClientCore {
  constructor(options: WebCallClientOptions);
  constructor(
    publicKey: string,
    baseUrl?: string,
    dailyCallConfig?: DailyCallConfig,
    dailyCallObject?: DailyCallObjectOptions,
  );
  constructor(
    tokenOrOptions: string | WebCallClientOptions,
    baseUrl?: string,
    dailyCallConfig?: DailyCallConfig,
    dailyCallObject?: DailyCallObjectOptions,
  ) {
    const options = toClientOptions(tokenOrOptions, baseUrl, dailyCallConfig, dailyCallObject);
    // Before the core sees them: it rewrites audioSource and passes the rest to daily-js as they are.
    checkCallObjectOptions(options.dailyCallObject);
    super(options);
  }
}
