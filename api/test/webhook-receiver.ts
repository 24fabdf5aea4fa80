// A CRM's webhook endpoint for the tests: a real HTTP server that records every delivery and
// verifies it the Standard Webhooks way with the `standardwebhooks` package, as a receiver would.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A signing secret as LEAD_WEBHOOK_SECRET takes it. */
export const SECRET = 'whsec_' + randomBytes(32).toString('base64');

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers a delivery with: a status, or a promise of one (held until it settles). */
export type Answer = (r: Received, index: number) => number | Promise<number>;

export interface Receiver {
  url: string;
  received: Received[];
  answer: Answer;
  /** The deliveries that verified with `secret`, parsed. */
  verified(secret?: string): { id: string; body: { type: string; timestamp: string; data: Record<string, unknown> } }[];
  close(): Promise<void>;
}

/** A CRM's endpoint: records every request; `answer` decides each status (200 by default). */
export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const r: Receiver = {
    url: '',
    received,
    answer,
    verified(secret = SECRET) {
      const wh = new Webhook(secret);
      return received.map((x) => ({
        id: String(x.headers['webhook-id']),
        body: wh.verify(x.body, x.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> },
      }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(rec);
      void Promise.resolve(r.answer(rec, received.length - 1)).then((status) => res.writeHead(status).end(status < 300 ? 'ok' : 'no'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/helena`;
  return r;
}

