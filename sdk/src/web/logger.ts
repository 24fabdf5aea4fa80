/**
 * Where the client's diagnostics go. Callers pass their own (pino, a test spy), the string
 * 'silent', or nothing for the console.
 */
export interface WebCallLogger {
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export type WebCallLoggerOption = WebCallLogger | 'silent' | undefined;

const noop = () => {};
const SILENT: WebCallLogger = { log: noop, warn: noop, error: noop };

/** The logger an option stands for; the console is read on each call, so test spies see it. */
export function resolveLogger(option: WebCallLoggerOption): WebCallLogger {
  if (option === 'silent') return SILENT;
  if (option) return option;
  return {
    log: (...args) => console.log(...args),
    warn: (...args) => console.warn(...args),
    error: (...args) => console.error(...args),
  };
}
