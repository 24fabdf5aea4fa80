/**
 * Loads `@daily-co/daily-js` on first need, once per page, so importing the web entry point
 * costs nothing and server-side rendering never touches it. A failed import is retried next time.
 */
import type { CallObjectLike, CreateCallObject, CreateCallObjectOptions } from './call-object';

let dailyFactory: Promise<CreateCallObject> | null = null;

export function loadDailyFactory(): Promise<CreateCallObject> {
  dailyFactory ??= import('@daily-co/daily-js').then(
    (mod: any) => {
      const Daily = mod.default?.createCallObject ? mod.default : mod;
      return (options?: CreateCallObjectOptions) => Daily.createCallObject(options) as CallObjectLike;
    },
    (error: unknown) => {
      dailyFactory = null;
      throw error;
    },
  );
  return dailyFactory;
}
