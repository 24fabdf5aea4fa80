// The real server, every protection on (rate limit raised), access logs serialised but discarded.
import { loadConfig } from '@helena/api/config';
import { createLogger } from '@helena/api/log';
import { startServer } from '@helena/api/server';

const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  RATE_LIMIT_PER_MINUTE: '1000000',
  PUBLIC_URL: 'http://localhost:3000',
  ALLOWED_ORIGINS: 'https://cliente.example',
});
const log = createLogger({ level: 'info', sink: { write: () => true } });
const srv = await startServer({ config, log });
process.stdout.write(JSON.stringify({ url: srv.url }) + '\n');
process.on('SIGTERM', () => void srv.close().then(() => process.exit(0)));
