// Structured JSON logs, one object per line. No line holds an email address: a provider's error
// ("Invalid 'To' address: …") or a database message would otherwise carry a visitor's address
// into the logs, so every address-shaped string is replaced before the line is written. Nor does
// a line hold a whole IP address: a field named `ip` is written as its network (loggedIp).
import { loggedIp } from './http/logged-ip';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
  enabled(level: LogLevel): boolean;
}

// Backslash and quote excluded: the address is read inside a JSON string.
const ADDRESS = /[^\s"'\\<>@,;:()[\]]+@[^\s"'\\<>@,;:()[\]]+\.[^\s"'\\<>@,;:()[\]]+/g;

/** `text` with every email address replaced by `[address]`. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, '[address]');
}

export interface LogSink {
  write(line: string): unknown;
}

export function createLogger(opts: { level?: LogLevel; sink?: LogSink; bindings?: Record<string, unknown> } = {}): Logger {
  const min = ORDER[opts.level ?? 'info'];
  const sink = opts.sink ?? process.stdout;
  const bindings = opts.bindings ?? {};
  const emit = (level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < min) return;
    let line: string;
    try {
      const all: Record<string, unknown> = { ...bindings, ...fields };
      if (typeof all.ip === 'string') all.ip = loggedIp(all.ip);
      line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...all }, errorReplacer);
    } catch {
      line = JSON.stringify({ time: new Date().toISOString(), level, msg, note: 'unserialisable fields' });
    }
    sink.write(withoutAddresses(line) + '\n');
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (b) => createLogger({ level: opts.level, sink, bindings: { ...bindings, ...b } }),
    enabled: (level) => ORDER[level] >= min,
  };
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === 'bigint') return value.toString();
  return value;
}
