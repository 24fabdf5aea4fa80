/**
 * Loads `@daily-co/daily-js` on first need, once per page, so importing the web entry point
 * costs nothing and server-side rendering never touches it. A failed import is retried next time.
 */
import type { CreateCallObject, CreateCallObjectOptions } from './call-object';

type DailyStatic = (typeof import('@daily-co/daily-js'))['default'];

let dailyFactory: Promise<CreateCallObject> | null = null;

export function loadDailyFactory(): Promise<CreateCallObject> {
  dailyFactory ??= import('@daily-co/daily-js').then(
    (mod) => {
      // Bundlers differ: some hand over daily's CommonJS exports as `default`, some as the module itself.
      const interop = mod as unknown as DailyStatic & { default?: Partial<DailyStatic> };
      const Daily = interop.default?.createCallObject ? (interop.default as DailyStatic) : interop;
      return (options?: CreateCallObjectOptions) => Daily.createCallObject(options);
    },
    (error: unknown) => {
      dailyFactory = null;
      throw error;
    },
  );
  return dailyFactory;
}
