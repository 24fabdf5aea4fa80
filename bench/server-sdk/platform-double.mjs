// The local server the client benches call: GET /assistant, GET /call/:id and POST /assistant.
// bench/rest-client runs it inside the bench's own process; bench/server-sdk runs this file
// as a process of its own, so that bench's process holds the clients alone and its CPU time per
// request and its throughput are the clients', not a client's plus a server sharing its one event
// loop. Run as a script it prints its port, then serves until killed.
//   node bench/server-sdk/platform-double.mjs
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * A node:http server answering the three calls with the given JSON texts; `created` is the
 * assistant a POST returns, with the posted fields over it. `token`: the one bearer token it
 * accepts (any bearer token when left out).
 */
export function createPlatformDouble({ list, call, created, token }) {
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const send = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      };
      const auth = req.headers.authorization;
      if (token === undefined ? !auth?.startsWith('Bearer ') : auth !== `Bearer ${token}`) return send(401, '{"message":"Unauthorized"}');
      const path = req.url.split('?')[0];
      if (req.method === 'GET' && path === '/assistant') return send(200, list);
      if (req.method === 'GET' && path.startsWith('/call/')) return send(200, call);
      if (req.method === 'POST' && path === '/assistant') return send(201, JSON.stringify({ ...created, ...JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
      send(404, '{"message":"Not Found"}');
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const now = '2025-01-01T00:00:00.000Z';
  const assistant = (id, name) => ({ id, orgId: 'org_1', name, createdAt: now, updatedAt: now, firstMessage: 'Hola, soy Helena.' });
  const server = createPlatformDouble({
    list: JSON.stringify([assistant('asst_1', 'Helena'), assistant('asst_2', 'Ana'), assistant('asst_3', 'Luis')]),
    call: JSON.stringify({ id: 'call_1', orgId: 'org_1', type: 'webCall', status: 'ended', assistantId: 'asst_1', createdAt: now, updatedAt: now, cost: 0.01 }),
    created: assistant('asst_new', 'Bench'),
    token: 'bench',
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
}
