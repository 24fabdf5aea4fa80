// Entry point: `node --import tsx api/src/main.ts`. Listens on PORT (default 3000) and shuts
// down gracefully on SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './config';
import { createLogger } from './log';
import { startServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger({ level: config.LOG_LEVEL });
  let running;
  try {
    running = await startServer({ config, log });
  } catch (err) {
    log.error('could not start', { error: (err as Error)?.message ?? String(err) });
    process.exit(1);
  }
  const stop = (signal: string) => {
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err) => {
        log.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err }));
}

void main();
