// The local server the server-sdk bench's clients call, in a process of its own: the bench's
// process then holds the clients alone, so its CPU time per request and its throughput are the
// client's, not the client's plus a server sharing its one event loop. Prints its port, then
// serves until killed.
//   node bench/server-sdk/platform-double.mjs
import { createServer } from 'node:http';

const now = '2025-01-01T00:00:00.000Z';
const assistant = (id, name) => ({ id, orgId: 'org_1', name, createdAt: now, updatedAt: now, firstMessage: 'Hola, soy Helena.' });
const LIST = JSON.stringify([assistant('asst_1', 'Helena'), assistant('asst_2', 'Ana'), assistant('asst_3', 'Luis')]);
const CALL = JSON.stringify({ id: 'call_1', orgId: 'org_1', type: 'webCall', status: 'ended', assistantId: 'asst_1', createdAt: now, updatedAt: now, cost: 0.01 });

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.headers.authorization !== 'Bearer bench') return send(401, '{"message":"Unauthorized"}');
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && path === '/assistant') return send(200, LIST);
    if (req.method === 'GET' && path.startsWith('/call/')) return send(200, CALL);
    if (req.method === 'POST' && path === '/assistant') return send(201, JSON.stringify({ ...assistant('asst_new', 'Bench'), ...JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    send(404, '{"message":"Not Found"}');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
