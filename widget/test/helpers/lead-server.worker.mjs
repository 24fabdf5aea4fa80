// The real lead server, in a worker thread of the test process: the widget's tests run under
// happy-dom, whose Response and Headers replace Node's and would garble the server's answers
// (a second Content-Length). A worker has Node's own globals. It posts its URL, and closes on
// 'close'. Plain JavaScript that registers tsx, since the server's modules are TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { loadConfig } = await import('@helena/api/config');
const { createLogger } = await import('@helena/api/log');
const { startServer } = await import('@helena/api/server');

const server = await startServer({ config: loadConfig(workerData), log: createLogger({ level: 'silent' }) });
parentPort.postMessage({ url: server.url });
parentPort.on('message', (m) => {
  if (m === 'close') void server.close().then(() => parentPort.postMessage('closed'));
});
