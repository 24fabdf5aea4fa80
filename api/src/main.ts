// Entry point: `node --import tsx api/src/main.ts`. Listens on PORT (default 3000) and shuts
// down gracefully on SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './config';
import { createLogger } from './log';
import { startServer } from './server';
import { composeSite } from './site/compose';
import { warmUp } from './warm-up';

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
  const site = composeSite(config);
  try {
    if (config.WARM_UP_FLOWS > 0) log.info('warmed up', { ...(await warmUp(config, { flows: config.WARM_UP_FLOWS })) });
    running = await startServer({
      config,
      log,
      platform: site.platform,
      devMail: site.devMail,
      mounts: site.mounts,
      onServer: site.onServer,
      vapiWebhookSecret: site.vapiWebhookSecret,
    });
    announce(running.url, site, !!running.sink, config.OWNER_EMAILS);
  } catch (err) {
    log.error('could not start', { error: (err as Error)?.message ?? String(err) });
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    // Ctrl-C under `npm start` delivers SIGINT twice (the terminal's, and the one start.mjs passes
    // on): the second must not cut the graceful shutdown short.
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000);
    force.unref();
    running
      .close()
      .then(() => site.close())
      .then(
      () => process.exit(0),
      (err) => {
        log.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err }));
}

/** Tells a newcomer where to look; goes to stderr so stdout stays pure JSON logs. */
function announce(url: string, site: { demo: boolean; simPrivateKey?: string }, sink: boolean, owners: string[]) {
  const lines = [
    '',
    `  Helena is running: ${url}/`,
    site.demo
      ? `  Demo mode: the platform simulator answers at ${url}/sim ('modo demostración'); its private key this run: ${site.simPrivateKey}`
      : '  Voice: the real platform (VAPI_PUBLIC_KEY is set).',
    sink
      ? site.demo
        ? `  Mail: the local Postmark sink, inbox at ${url}/dev/mail (from this machine only)`
        : '  Mail: the local Postmark sink (nothing leaves this machine; set POSTMARK_SERVER_TOKEN to send).'
      : '  Mail: Postmark (POSTMARK_SERVER_TOKEN is set).',
    owners.length
      ? `  Owner's panel: ${url}/panel · sign in as ${owners.join(', ')}${sink ? ' (the link arrives in /dev/mail)' : ''}`
      : "  Owner's panel: off (set OWNER_EMAILS to the addresses allowed in).",
    `  Health: ${url}/healthz · readiness: ${url}/readyz`,
    '',
  ];
  process.stderr.write(lines.join('\n') + '\n');
}

void main();
