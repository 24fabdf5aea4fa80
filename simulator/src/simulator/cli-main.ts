// The `helena-simulator` command: argument parsing and start-up (the bin is `../cli.ts`).
import { createPlatformSimulator } from '../simulator';

const HELP = `helena-simulator: the voice platform's REST API and web-call rooms, offline.

Usage: helena-simulator [options]

  --port, -p N        port to listen on (default 4010; 0 picks a free one)
  --host H            interface to bind (default 127.0.0.1; 0.0.0.0 for every one)
  --public-key K      key accepted on POST /call/web and POST /chat/web (default demo-public-key)
  --private-key K     key accepted on every route (default demo-private-key)
  --latency MS        delay added to every HTTP answer (default 0)
  --speed N           the assistant speaks N times faster (default 1)
  --public-url URL    base URL to hand out in webCallUrl (default: from each request)
  --help, -h          this text
`;

export interface CliOptions {
  port: number;
  host: string;
  publicKey?: string;
  privateKey?: string;
  latencyMs?: number;
  speed?: number;
  publicUrl?: string;
  help: boolean;
}

export function parseArgs(argv: string[]): CliOptions {
  const out: CliOptions = { port: 4010, host: '127.0.0.1', help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const number = () => {
      const v = Number(value());
      if (!Number.isFinite(v) || v < 0) throw new Error(`${flag} needs a non-negative number`);
      return v;
    };
    switch (flag) {
      case '--port':
      case '-p':
        out.port = number();
        break;
      case '--host':
        out.host = value();
        break;
      case '--public-key':
        out.publicKey = value();
        break;
      case '--private-key':
        out.privateKey = value();
        break;
      case '--latency':
        out.latencyMs = number();
        break;
      case '--speed':
        out.speed = number();
        break;
      case '--public-url':
        out.publicUrl = value();
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new Error(`Unknown option ${arg}`);
    }
  }
  return out;
}

export async function main(argv: string[]): Promise<{ url: string; close(): Promise<void> } | undefined> {
  let options: CliOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${HELP}`);
    process.exitCode = 2;
    return undefined;
  }
  if (options.help) {
    console.log(HELP);
    return undefined;
  }
  const simulator = createPlatformSimulator({
    publicKey: options.publicKey,
    privateKey: options.privateKey,
    latencyMs: options.latencyMs,
    publicUrl: options.publicUrl,
    script: options.speed ? { speed: options.speed } : undefined,
  });
  const server = await simulator.listen(options.port, { hostname: options.host });
  console.log(`Platform simulator listening on ${server.url}`);
  console.log(`  public key:  ${simulator.publicKey}   (POST /call/web, POST /chat/web)`);
  console.log(`  private key: ${simulator.privateKey}   (every route)`);
  const stop = () => {
    void simulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { url: server.url, close: () => simulator.close() };
}
