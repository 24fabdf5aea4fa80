/**
 * The public `WebCallClient`: the core client (./client.ts) plus the shape checks of the daily-js
 * call-object options, made at construction so that a bad value throws where it is passed, with
 * an error naming the option (`DailyOptionError`), instead of deep inside daily's call machine.
 */
import { WebCallClientCore } from './client';
import type { WebCallClientOptions } from './client-options';
import { checkCallObjectOptions } from './daily-options';

export class WebCallClient extends WebCallClientCore {
  /** The daily call-object options' shapes, before the core rewrites audioSource and keeps them. */
  protected override checkOptions(options: WebCallClientOptions): void {
    checkCallObjectOptions(options.dailyCallObject);
  }
}
