/**
 * The real lead server (tRPC over a temporary SQLite file, the mail worker off) on 127.0.0.1,
 * started in a worker thread of this process (see lead-server.worker.mjs for why).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface LeadServer {
  url: string;
  /** The server's SQLite file. */
  dbPath: string;
  close(): Promise<void>;
}

export async function startLeadServer(): Promise<LeadServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'helena-widget-lead-'));
  const dbPath = join(dataDir, 'helena.db');
  // A path, not a URL: under happy-dom, URL is not Node's and Worker refuses it.
  const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'lead-server.worker.mjs'), {
    workerData: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_PATH: dbPath,
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_WORKER: 'false',
    },
  });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (m: { url: string }) => resolve(m.url));
    worker.once('error', reject);
  });
  return {
    url,
    dbPath,
    close: async () => {
      await new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('close');
      });
      await worker.terminate();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
