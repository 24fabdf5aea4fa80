// The demo's public traffic, as the simulator benches send it: nine web calls to one chat turn,
// with the demo's public key. One definition for bench/server/sim-memory.mjs and bench/sim-memory.

/** Request `n` of the mix to the demo server at `url`; resolves once its answer is read. */
export async function demoRequest(url, n) {
  const headers = { authorization: 'Bearer demo-public-key', 'content-type': 'application/json' };
  const chat = n % 10 === 9;
  const res = chat
    ? await fetch(`${url}/sim/chat/web`, { method: 'POST', headers, body: JSON.stringify({ assistantId: 'demo-assistant', input: `Hola, soy el visitante ${n} y quiero una propuesta` }) })
    : await fetch(`${url}/sim/call/web`, { method: 'POST', headers, body: JSON.stringify({ assistantId: 'demo-assistant', metadata: { visitor: n } }) });
  await res.arrayBuffer().catch(() => {});
  return { chat, status: res.status };
}
