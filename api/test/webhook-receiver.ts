// A CRM's webhook endpoint for the tests: a real HTTP server that records every delivery and
// verifies it the Standard Webhooks way with the `standardwebhooks` package, as a receiver would:
// when it arrives. (Checked later, a delivery from minutes before fails the package's five-minute
// timestamp tolerance: a long browser spec on a busy machine did.)
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

/** A delivery as the receiver verified it. */
export interface Delivery {
  id: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  received: Received[];
  answer: Answer;
  /** Every delivery, verified with SECRET when it arrived and parsed; throws the first that did not verify. */
  verified(): Delivery[];
  close(): Promise<void>;
}

/** A CRM's endpoint: records every request; `answer` decides each status (200 by default). */
export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const verifications: Array<Delivery | Error> = [];
  const webhook = new Webhook(SECRET);
  const verify = (x: Received): Delivery | Error => {
    try {
      return { id: String(x.headers['webhook-id']), body: webhook.verify(x.body, x.headers as Record<string, string>) as Delivery['body'] };
    } catch (error) {
      return error as Error;
    }
  };
  const r: Receiver = {
    url: '',
    received,
    answer,
    verified() {
      return verifications.map((v) => {
        if (v instanceof Error) throw v;
        return v;
      });
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
      verifications.push(verify(rec));
      void Promise.resolve(r.answer(rec, received.length - 1)).then((status) => res.writeHead(status).end(status < 300 ? 'ok' : 'no'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/helena`;
  return r;
}

