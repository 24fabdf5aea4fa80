// `npm start`: builds the widget bundle and the owner's panel (a few seconds), then runs the server from source. With no
// environment it is the demo: SQLite under ./data, the simulator at /sim, the mail sink at /dev/mail.
import { spawn, spawnSync } from 'node:child_process';
import { serverArgs } from './server-node-flags.mjs';

for (const [workspace, what] of [['@helena/widget', 'widget'], ['@helena/panel', "owner's panel"]]) {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', workspace], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`Helena: the ${what} build failed (see above); the server was not started.`);
    process.exit(build.status ?? 1);
  }
}
// Brotli and gzip copies of the bundle and the site, served to clients that accept them.
spawnSync('npm', ['run', '--silent', 'build', '-w', '@helena/api'], { stdio: 'inherit' });

const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
