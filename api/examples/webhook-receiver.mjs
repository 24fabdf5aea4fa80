// A CRM's endpoint for Helena's webhooks, in plain Node: it verifies each delivery with the
// `standardwebhooks` package (the signature, and a webhook-timestamp within 5 minutes), answers
// 204 to a valid one and 400 to anything else, and handles each webhook-id once: a retry of an
// event already handled is acknowledged and skipped. Run it with the secret Helena signs with:
//
//   LEAD_WEBHOOK_SECRET=whsec_… PORT=4000 node api/examples/webhook-receiver.mjs
//
// and point Helena at it: LEAD_WEBHOOK_URL=http://127.0.0.1:4000/ with the same secret.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const secret = process.env.LEAD_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set LEAD_WEBHOOK_SECRET to the secret Helena signs with (whsec_…).');
  process.exit(2);
}
const webhook = new Webhook(secret);
// A real receiver keeps these in its database, beside what each event changed.
const handled = new Set();

const server = createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(405).end();
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    // Verify the raw bytes as received: parsing and re-serialising would change them.
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = webhook.verify(body, req.headers);
    } catch {
      return res.writeHead(400).end('invalid signature');
    }
    const id = req.headers['webhook-id'];
    if (!handled.has(id)) {
      handled.add(id);
      // Here a CRM creates or updates the lead; this example prints what arrived.
      console.log(JSON.stringify({ id, type: event.type, timestamp: event.timestamp, callId: event.data.callId }));
    }
    res.writeHead(204).end();
  });
});
server.listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}/`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
