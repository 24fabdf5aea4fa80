// Throughput of an async operation kept `concurrency` times in flight for `duration` ms, and the
// process's CPU time per operation, which moves less than throughput when other work shares the
// machine (the process holds both the client and the local server measured against).

/**
 * The options of a client throughput bench: `--duration=ms` (2000), `--concurrency=n` (16),
 * `--rounds=n` (3), `--write` (record the section in bench/RESULTS.md). A bench may pass other
 * defaults.
 */
export function throughputOptions(argv = process.argv, defaults = {}) {
  const arg = (name, fallback) => {
    const hit = argv.find((a) => a.startsWith(`--${name}=`));
    return hit ? Number(hit.split('=')[1]) : fallback;
  };
  const { duration = 2000, concurrency = 16, rounds = 3 } = defaults;
  return { duration: arg('duration', duration), concurrency: arg('concurrency', concurrency), rounds: arg('rounds', rounds), write: argv.includes('--write') };
}

/** `{ rate: operations per second, cpu: CPU µs per operation }`. */
export async function measure(fn, duration, concurrency) {
  let done = 0;
  const stopAt = performance.now() + duration;
  const worker = async () => {
    while (performance.now() < stopAt) {
      await fn();
      done++;
    }
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const { user, system } = process.cpuUsage(cpu);
  return { rate: done / ((performance.now() - started) / 1000), cpu: (user + system) / done };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
